import { Table, Text } from "@mantine/core";
import { formatMoney } from "../../../../domain/format";
import type { CashCloseDay } from "../api";
import { cashCloseCopy as c } from "../copy";

export function StaffTable({ data }: { data: CashCloseDay }) {
  if (data.staff.length === 0) return <Text c="dimmed">{c.noMovements}</Text>;
  const methods = ["cash", "card", "transfer"] as const;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped withTableBorder aria-label={c.byStaff}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.staff}</Table.Th>
            {methods.map((m) => (
              <Table.Th key={m} ta="right">
                {c.methods[m]}
              </Table.Th>
            ))}
            <Table.Th ta="right">{c.total}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.staff.map((s) => (
            <Table.Tr key={s.staff_user_id ?? s.staff_name}>
              <Table.Td>{s.staff_name}</Table.Td>
              {methods.map((m) => (
                <Table.Td key={m} ta="right">
                  {formatMoney(s[m])}
                </Table.Td>
              ))}
              <Table.Td ta="right">{formatMoney(s.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>{c.total}</Table.Th>
            {methods.map((m) => (
              <Table.Th key={m} ta="right">
                {formatMoney(data.totals[m])}
              </Table.Th>
            ))}
            <Table.Th ta="right">{formatMoney(data.totals.total)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
