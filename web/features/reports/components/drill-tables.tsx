import { Anchor, Badge, Table } from "@mantine/core";
import { Link } from "react-router";
import { formatDate, formatDateTime, formatMoney } from "../../../../domain/format";
import type { BucketRow, ClassRow, CustomerRow, MovementRow } from "../api";
import { reportsCopy } from "../copy";
import { monthLabel, pct } from "./report-parts";

/** The tables of the rows behind a figure (drill-modal.tsx shows one page of them). */

const c = reportsCopy.drill;

export function ClassesTable({ rows, zone }: { rows: ClassRow[]; zone: string }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.date}</Table.Th>
            <Table.Th>{c.type}</Table.Th>
            <Table.Th>{c.coaches}</Table.Th>
            <Table.Th ta="right">{reportsCopy.utilisation.seats}</Table.Th>
            <Table.Th ta="right">{c.attended}</Table.Th>
            <Table.Th ta="right">{reportsCopy.utilisation.rate}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.single_class_id}>
              <Table.Td>
                <Anchor component={Link} to={`/admin/clases/${r.single_class_id}/asistencia`} fz="sm">
                  {formatDateTime(r.class_date, zone)}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {r.class_type}
                {r.location ? ` · ${r.location}` : ""}
                {r.cancelled ? (
                  <Badge ml="xs" color="red" variant="light" size="sm">
                    {c.cancelled}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>{r.coaches.join(", ") || reportsCopy.none}</Table.Td>
              <Table.Td ta="right">
                {r.seats}
                {r.capacity ? `/${r.capacity}` : ""}
              </Table.Td>
              <Table.Td ta="right">{r.attended}</Table.Td>
              <Table.Td ta="right">{pct(r.fill_rate)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function MovementsTable({ rows, zone }: { rows: MovementRow[]; zone: string }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.date}</Table.Th>
            <Table.Th>{c.customer}</Table.Th>
            <Table.Th>{c.concept}</Table.Th>
            <Table.Th>{c.method}</Table.Th>
            <Table.Th ta="right">{c.amount}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.kind}-${r.id}`}>
              <Table.Td>{formatDateTime(r.at, zone)}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/admin/clientes/${r.customer_id}`} fz="sm">
                  {r.customer}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {r.title}
                {r.kind === "refund" ? (
                  <Badge ml="xs" color="orange" variant="light" size="sm">
                    {c.refund}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>{r.method_label}</Table.Td>
              <Table.Td ta="right">{formatMoney(r.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function BucketsTable({ rows, zone }: { rows: BucketRow[]; zone: string }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.customer}</Table.Th>
            <Table.Th>{c.concept}</Table.Th>
            <Table.Th ta="right">{c.credits}</Table.Th>
            <Table.Th>{c.expires}</Table.Th>
            <Table.Th ta="right">{c.value}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.available_class_id}>
              <Table.Td>
                <Anchor component={Link} to={`/admin/clientes/${r.customer_id}`} fz="sm">
                  {r.customer}
                </Anchor>
              </Table.Td>
              <Table.Td>{r.title ?? reportsCopy.none}</Table.Td>
              <Table.Td ta="right">{r.credits}</Table.Td>
              <Table.Td>
                {r.expiration_date ? formatDate(r.expiration_date, zone) : reportsCopy.liability.never}
              </Table.Td>
              <Table.Td ta="right">{formatMoney(r.value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The customers behind a figure of the customer reports; the columns are those the rows carry. */
export function CustomersTable({ rows, zone }: { rows: CustomerRow[]; zone: string }) {
  const first = rows[0];
  const cols: { label: string; value: (r: CustomerRow) => string; numeric?: boolean }[] = [];
  if (first && "offer" in first) {
    cols.push({ label: c.offer, value: (r) => ("offer" in r ? r.offer : "") });
    cols.push({ label: c.date, value: (r) => ("first_at" in r ? formatDate(r.first_at, zone) : "") });
    cols.push({
      label: c.bought,
      value: (r) =>
        "converted_after_days" in r
          ? r.converted_after_days === null
            ? c.notYet
            : String(r.converted_after_days)
          : "",
      numeric: true,
    });
  }
  if (first && "first_month" in first) {
    cols.push({ label: c.firstMonth, value: (r) => ("first_month" in r ? monthLabel(r.first_month) : "") });
  }
  if (first && "signup_reason" in first) {
    cols.push({
      label: c.reason,
      value: (r) => ("signup_reason" in r ? (r.signup_reason ?? reportsCopy.none) : ""),
    });
    cols.push({ label: c.net, value: (r) => ("net" in r ? formatMoney(r.net) : ""), numeric: true });
  }
  if (first && "months_active" in first) {
    cols.push({
      label: c.monthsActive,
      value: (r) => ("months_active" in r ? String(r.months_active) : ""),
      numeric: true,
    });
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.customer}</Table.Th>
            {cols.map((col) => (
              <Table.Th key={col.label} ta={col.numeric ? "right" : undefined}>
                {col.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.customer_id}>
              <Table.Td>
                <Anchor component={Link} to={`/admin/clientes/${r.customer_id}`} fz="sm">
                  {r.customer}
                </Anchor>
              </Table.Td>
              {cols.map((col) => (
                <Table.Td key={col.label} ta={col.numeric ? "right" : undefined}>
                  {col.value(r)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
