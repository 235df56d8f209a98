import { Badge, Stack, Table, Text, Title } from "@mantine/core";
import { zonedInstant } from "../../../../domain/booking";
import { formatDate, formatDateTime, formatMoney } from "../../../../domain/format";
import { useCashCloseHistory } from "../api";
import { cashCloseCopy as c } from "../copy";

export function History({ locationId, zone }: { locationId: number; zone: string }) {
  const history = useCashCloseHistory(locationId);
  const rows = history.data ?? [];
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        {c.history}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed">{c.noHistory}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder aria-label={c.history}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{c.day}</Table.Th>
                <Table.Th ta="right">{c.expected}</Table.Th>
                <Table.Th ta="right">{c.counted}</Table.Th>
                <Table.Th ta="right">{c.difference}</Table.Th>
                <Table.Th>{c.closedByCol}</Table.Th>
                <Table.Th>{c.status}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.cash_close_id}>
                  <Table.Td>{formatDate(zonedInstant(r.day, "12:00", zone), zone)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(r.expected_cash)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(r.counted_cash)}</Table.Td>
                  <Table.Td
                    ta="right"
                    c={r.difference < 0 ? "red.9" : r.difference > 0 ? "blue.9" : undefined}
                    fw={600}
                  >
                    {formatMoney(r.difference)}
                  </Table.Td>
                  <Table.Td>
                    {r.closed_by_name ?? "—"}
                    <Text size="xs" c="dimmed">
                      {formatDateTime(r.closedAt, zone)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {r.reopened_at ? (
                      <Text size="sm">{c.reopened(r.reopened_by_name ?? "—", r.reopen_reason ?? "")}</Text>
                    ) : (
                      <Badge color="green" variant="light">
                        {c.standing}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
