import { Table, Text } from "@mantine/core";
import { formatDateTime, formatMoney } from "../../../../domain/format";
import { useAppConfig } from "../../../lib/app-config";
import type { Movement } from "../api";
import { giftCardsCopy as c } from "../copy";

/** A balance's ledger (saldo a favor or a gift card): every movement, newest first as served. */
export function MovementsTable({
  movements,
  caption,
  empty,
  withActor = false,
}: {
  movements: Movement[];
  caption: string;
  empty: string;
  withActor?: boolean;
}) {
  const { timezone } = useAppConfig();
  if (movements.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped withTableBorder aria-label={caption} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.colDate}</Table.Th>
            <Table.Th>{c.colMovement}</Table.Th>
            <Table.Th ta="right">{c.colChange}</Table.Th>
            <Table.Th ta="right">{c.colAfter}</Table.Th>
            <Table.Th>{withActor ? c.colNoteWho : c.colNote}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {movements.map((m) => (
            <Table.Tr key={m.balance_movement_id}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(m.createdAt, timezone)}</Table.Td>
              <Table.Td>{m.label}</Table.Td>
              <Table.Td ta="right" c={m.amount < 0 ? "red.9" : "teal.9"} style={{ whiteSpace: "nowrap" }}>
                {m.amount > 0 ? "+" : ""}
                {formatMoney(m.amount)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                {formatMoney(m.balance_after)}
              </Table.Td>
              <Table.Td>
                {[m.note, withActor ? m.actor_name : null].filter(Boolean).join(" · ") || "—"}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
