import { Table, Text } from "@mantine/core";
import { formatMoney } from "../../../../domain/format";
import type { Revenue } from "../api";
import { reportsCopy } from "../copy";
import { monthLabel } from "./report-parts";

const c = reportsCopy;
const r = c.revenue;

/** The IVA of each month by rate: base, tax and total, as the accountant files them. */
export function IvaByMonthTable({ lines }: { lines: Revenue["iva_by_month"] }) {
  return lines.length === 0 ? (
    <Text size="sm" c="dimmed">
      {c.empty}
    </Text>
  ) : (
    <Table.ScrollContainer minWidth={480}>
      <Table striped verticalSpacing="xs" aria-label={r.ivaByMonth}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{r.month}</Table.Th>
            <Table.Th>{r.rate}</Table.Th>
            <Table.Th ta="right">{r.base}</Table.Th>
            <Table.Th ta="right">{r.iva}</Table.Th>
            <Table.Th ta="right">{r.total}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={`${l.month}-${l.rate}`}>
              <Table.Td>{monthLabel(l.month)}</Table.Td>
              <Table.Td>{l.rate === "exento" ? "Exento" : `${l.rate} %`}</Table.Td>
              <Table.Td ta="right">{formatMoney(l.base)}</Table.Td>
              <Table.Td ta="right">{formatMoney(l.iva)}</Table.Td>
              <Table.Td ta="right">{formatMoney(l.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
