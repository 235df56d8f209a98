import { Group, Loader, Radio, Stack, Text } from "@mantine/core";
import { type DeskCard, useDeskCards } from "../api";
import { adminCopy } from "../copy";
import type { CardSource } from "./use-desk-sale";

const c = adminCopy.customers;

const BRANDS: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express" };

/** "Visa •••• 4242 · vence 12/2099" */
function savedCardText(card: DeskCard): string {
  const brand = BRANDS[card.card_type ?? ""] ?? card.card_type ?? "Tarjeta";
  const expiry =
    card.exp_month && card.exp_year ? `${String(card.exp_month).padStart(2, "0")}/${card.exp_year}` : "—";
  return c.savedCardLabel(brand, card.last_digits ?? "????", expiry);
}

/**
 * A card sale's source: the studio's terminal, or one of the cards the customer saved (asked for
 * only once the desk picks "saved").
 */
export function SavedCardChoice({
  customerId,
  opened,
  source,
  onSource,
  sourceId,
  onSourceId,
}: {
  customerId: number;
  opened: boolean;
  source: CardSource;
  onSource: (source: CardSource) => void;
  sourceId: string | null;
  onSourceId: (id: string | null) => void;
}) {
  const cards = useDeskCards(customerId, opened && source === "saved");
  return (
    <>
      {/* Radios, not a segmented control: both long labels stay readable on a 390 px phone. */}
      <Radio.Group label={c.cardSource} value={source} onChange={(v) => onSource(v as CardSource)}>
        <Group gap="lg" mt={4}>
          <Radio value="terminal" label={c.cardTerminal} />
          <Radio value="saved" label={c.cardSaved} />
        </Group>
      </Radio.Group>
      {source !== "saved" ? null : cards.isPending ? (
        <Loader size="sm" role="status" aria-label={c.cardSaved} />
      ) : cards.data?.tarjetas.length ? (
        <Radio.Group label={c.savedCardPick} value={sourceId} onChange={onSourceId} required>
          <Stack gap="xs" mt={4}>
            {cards.data.tarjetas.map((card) => (
              <Radio
                key={card.payment_source_id}
                value={String(card.payment_source_id)}
                label={savedCardText(card)}
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <Text size="sm" c="dimmed">
          {c.savedCardNone}
        </Text>
      )}
    </>
  );
}
