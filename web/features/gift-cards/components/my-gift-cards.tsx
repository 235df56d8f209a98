import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import { formatDateTime, formatMoney } from "../../../../domain/format";
import { useAppConfig } from "../../../lib/app-config";
import type { GiftCard } from "../api";
import { giftCardsCopy as c } from "../copy";
import { StatusBadge } from "./status-badge";

/** "Tarjetas que compré": each card with its masked code, balance, state and expiry. */
export function MyGiftCards({ cards }: { cards: GiftCard[] }) {
  const { timezone } = useAppConfig();
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
                <Text size="sm" data-testid="my-gift-card-delivery">
                  {deliveryLine(card, timezone)}
                </Text>
              </Stack>
              <Stack gap={2} align="flex-end">
                <Group gap="xs">
                  <Text fw={700}>{formatMoney(card.balance)}</Text>
                  <StatusBadge status={card.status} label={card.status_label} />
                </Group>
                <Text size="sm" c={card.status === "expired" ? "red.9" : "dimmed"}>
                  {card.status === "expired" ? c.expired(card.expires_label) : c.expires(card.expires_label)}
                </Text>
              </Stack>
            </Group>
          </Paper>
        ))
      )}
    </Stack>
  );
}

/** When the card reaches its recipient: sent, scheduled, or handed over by the buyer (decision 0131). */
function deliveryLine(card: GiftCard, timezone: string) {
  const to = [card.recipient_email, card.recipient_whatsapp].filter(Boolean).join(" y ");
  if (card.delivered_at)
    return `${c.deliveredOn(formatDateTime(card.delivered_at, timezone))}${to ? ` a ${to}` : ""}`;
  if (card.deliver_at && card.status !== "void" && card.status !== "refunded")
    return `${c.deliversOn(formatDateTime(card.deliver_at, timezone))}${to ? ` a ${to}` : ""}`;
  if (!card.deliver_at) return c.handedByBuyer;
  return "";
}
