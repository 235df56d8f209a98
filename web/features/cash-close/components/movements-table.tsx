import { Stack, Table, Text, Title } from "@mantine/core";
import { localTime } from "../../../../domain/booking";
import { formatMoney } from "../../../../domain/format";
import type { CashCloseDay } from "../api";
import { cashCloseCopy as c } from "../copy";

export function MovementsTable({ data, zone }: { data: CashCloseDay; zone: string }) {
  if (data.movements.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        {c.movements}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table withTableBorder aria-label={c.movements}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{c.time}</Table.Th>
              <Table.Th>{c.concept}</Table.Th>
              <Table.Th>{c.customer}</Table.Th>
              <Table.Th>{c.staff}</Table.Th>
              <Table.Th ta="right">{c.amount}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.movements.map((m) => (
              // A gift card's sale names neither a purchase nor a retail sale: its title and instant tell it apart.
              <Table.Tr key={`${m.kind}-${m.purchase_id ?? `v${m.retail_sale_id}`}-${m.title}-${m.at}`}>
                <Table.Td>{localTime(new Date(m.at), zone)}</Table.Td>
                <Table.Td>
                  {c.kinds[m.kind]} · {c.methods[m.method]}
                  {m.reference ? ` · ${c.ref} ${m.reference}` : ""}
                  <Text size="xs" c="dimmed">
                    {m.title}
                  </Text>
                </Table.Td>
                <Table.Td>{m.customer_name}</Table.Td>
                <Table.Td>{m.staff_name}</Table.Td>
                <Table.Td ta="right" c={m.amount < 0 ? "red.9" : undefined}>
                  {formatMoney(m.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
