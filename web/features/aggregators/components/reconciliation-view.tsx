import { Anchor, Group, Stack, Table, Text } from "@mantine/core";
import { formatMoney, formatNumber } from "../../../../domain/format";
import { MonthInput } from "../../../components/month-input";
import type { Reconciliation } from "../api";
import { aggregatorsCopy as c } from "../copy";

/** The month's reconciliation per aggregator, with the CSV export. */
export function ReconciliationView({
  month,
  onMonth,
  data,
}: {
  month: string;
  onMonth: (month: string) => void;
  data: Reconciliation | undefined;
}) {
  const columns = [
    [c.bookings, "bookings"],
    [c.validated, "validated"],
    [c.unvalidated, "unvalidated"],
    [c.refused, "refused"],
    [c.noShow, "no_show"],
    [c.cancelled, "cancelled"],
  ] as const;
  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <MonthInput label={c.month} value={month} onChange={onMonth} w={200} />
        <Anchor href={`/api/admin/aggregators/reconciliation/csv?month=${month}`} download py={10}>
          {c.export}
        </Anchor>
      </Group>
      {data ? (
        <Table.ScrollContainer minWidth={720}>
          <Table striped withTableBorder aria-label={c.tabs.reconciliation}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{c.platform}</Table.Th>
                {columns.map(([label]) => (
                  <Table.Th key={label} ta="right">
                    {label}
                  </Table.Th>
                ))}
                <Table.Th ta="right">{c.rateShort}</Table.Th>
                <Table.Th ta="right">{c.payout}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.lines.map((line) => (
                <Table.Tr key={line.aggregator} data-testid="reconciliation-line">
                  <Table.Td fw={600}>{line.name}</Table.Td>
                  {columns.map(([label, key]) => (
                    <Table.Td key={label} ta="right">
                      {formatNumber(line[key])}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right">{formatMoney(line.rate)}</Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {formatMoney(line.expected_payout)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {data ? (
        <Text fw={700}>
          {c.total}: {formatMoney(data.total_expected_payout)}
        </Text>
      ) : null}
    </Stack>
  );
}
