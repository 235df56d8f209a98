import { Anchor, Badge } from "@mantine/core";
import { Link } from "react-router";
import { formatDate, formatDateTime, formatMoney } from "../../../../domain/format";
import type { BucketRow, ClassRow, CustomerRow, MovementRow } from "../api";
import { reportsCopy } from "../copy";
import { type DrillColumn, DrillTable } from "./drill-table";
import { monthLabel, pct } from "./report-parts";

/** The tables of the rows behind a figure (drill-modal.tsx shows one page of them). */

const c = reportsCopy.drill;

/** A customer's name, opening their page. */
const customerColumn = <R extends { customer_id: number; customer: string }>(): DrillColumn<R> => ({
  label: c.customer,
  cell: (r) => (
    <Anchor component={Link} to={`/admin/clientes/${r.customer_id}`} fz="sm">
      {r.customer}
    </Anchor>
  ),
});

export function ClassesTable({ rows, zone }: { rows: ClassRow[]; zone: string }) {
  const columns: DrillColumn<ClassRow>[] = [
    {
      label: c.date,
      cell: (r) => (
        <Anchor component={Link} to={`/admin/clases/${r.single_class_id}/asistencia`} fz="sm">
          {formatDateTime(r.class_date, zone)}
        </Anchor>
      ),
    },
    {
      label: c.type,
      cell: (r) => (
        <>
          {r.class_type}
          {r.location ? ` · ${r.location}` : ""}
          {r.cancelled ? (
            <Badge ml="xs" color="red" variant="light" size="sm">
              {c.cancelled}
            </Badge>
          ) : null}
        </>
      ),
    },
    { label: c.coaches, cell: (r) => r.coaches.join(", ") || reportsCopy.none },
    {
      label: reportsCopy.utilisation.seats,
      cell: (r) => `${r.seats}${r.capacity ? `/${r.capacity}` : ""}`,
      numeric: true,
    },
    { label: c.attended, cell: (r) => r.attended, numeric: true },
    { label: reportsCopy.utilisation.rate, cell: (r) => pct(r.fill_rate), numeric: true },
  ];
  return <DrillTable rows={rows} columns={columns} rowKey={(r) => r.single_class_id} minWidth={640} />;
}

export function MovementsTable({ rows, zone }: { rows: MovementRow[]; zone: string }) {
  const columns: DrillColumn<MovementRow>[] = [
    { label: c.date, cell: (r) => formatDateTime(r.at, zone) },
    customerColumn<MovementRow>(),
    {
      label: c.concept,
      cell: (r) => (
        <>
          {r.title}
          {r.kind === "refund" ? (
            <Badge ml="xs" color="orange" variant="light" size="sm">
              {c.refund}
            </Badge>
          ) : null}
        </>
      ),
    },
    { label: c.method, cell: (r) => r.method_label },
    { label: c.amount, cell: (r) => formatMoney(r.amount), numeric: true },
  ];
  return <DrillTable rows={rows} columns={columns} rowKey={(r) => `${r.kind}-${r.id}`} minWidth={640} />;
}

export function BucketsTable({ rows, zone }: { rows: BucketRow[]; zone: string }) {
  const columns: DrillColumn<BucketRow>[] = [
    customerColumn<BucketRow>(),
    { label: c.concept, cell: (r) => r.title ?? reportsCopy.none },
    { label: c.credits, cell: (r) => r.credits, numeric: true },
    {
      label: c.expires,
      cell: (r) => (r.expiration_date ? formatDate(r.expiration_date, zone) : reportsCopy.liability.never),
    },
    { label: c.value, cell: (r) => formatMoney(r.value), numeric: true },
  ];
  return <DrillTable rows={rows} columns={columns} rowKey={(r) => r.available_class_id} minWidth={560} />;
}

/** The customers behind a figure of the customer reports; the columns are those the rows carry. */
export function CustomersTable({ rows, zone }: { rows: CustomerRow[]; zone: string }) {
  const first = rows[0];
  const cols: DrillColumn<CustomerRow>[] = [customerColumn<CustomerRow>()];
  if (first && "offer" in first) {
    cols.push({ label: c.offer, cell: (r) => ("offer" in r ? r.offer : "") });
    cols.push({ label: c.date, cell: (r) => ("first_at" in r ? formatDate(r.first_at, zone) : "") });
    cols.push({
      label: c.bought,
      cell: (r) =>
        "converted_after_days" in r
          ? r.converted_after_days === null
            ? c.notYet
            : String(r.converted_after_days)
          : "",
      numeric: true,
    });
  }
  if (first && "first_month" in first) {
    cols.push({ label: c.firstMonth, cell: (r) => ("first_month" in r ? monthLabel(r.first_month) : "") });
  }
  if (first && "signup_reason" in first) {
    cols.push({
      label: c.reason,
      cell: (r) => ("signup_reason" in r ? (r.signup_reason ?? reportsCopy.none) : ""),
    });
    cols.push({ label: c.net, cell: (r) => ("net" in r ? formatMoney(r.net) : ""), numeric: true });
  }
  if (first && "months_active" in first) {
    cols.push({
      label: c.monthsActive,
      cell: (r) => ("months_active" in r ? String(r.months_active) : ""),
      numeric: true,
    });
  }
  return <DrillTable rows={rows} columns={cols} rowKey={(r) => r.customer_id} minWidth={520} />;
}
