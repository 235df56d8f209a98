import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import { formatMoney } from "../../../../domain/format";
import type { GiftCard } from "../api";
import { giftCardsCopy as c } from "../copy";
import { StatusBadge } from "./status-badge";

/** "Tarjetas que compré": each card with its masked code, balance, state and expiry. */
export function MyGiftCards({ cards }: { cards: GiftCard[] }) {
  return (
    <Stack gap="sm">
      <Title order={2} fz="h3">
        {c.boughtTitle}
      </Title>
      {cards.length === 0 ? (
        <Text c="dimmed">{c.boughtEmpty}</Text>
      ) : (
        cards.map((card) => (
          <Paper key={card.gift_card_id} withBorder radius="md" p="md" data-testid="my-gift-card">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Text fw={600}>{c.soldFor(card.recipient_name, card.amount)}</Text>
                <Text size="sm" c="dimmed" ff="monospace">
                  {card.code}
                </Text>
              </Stack>
              <Stack gap={2} align="flex-end">
                <Group gap="xs">
                  <Text fw={700}>{formatMoney(card.balance)}</Text>
                  <StatusBadge status={card.status} label={card.status_label} />
                </Group>
                <Text size="sm" c="dimmed">
                  {c.expires(card.expires_label)}
                </Text>
              </Stack>
            </Group>
          </Paper>
        ))
      )}
    </Stack>
  );
}
