import { Radio, Stack } from "@mantine/core";
import { formatExpiry } from "../../../../domain/billing";
import type { SavedCard } from "../api";
import { checkoutCopy } from "../copy";

const BRANDS: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express" };

/** "new" or a saved card's payment_source_id as text (Radio values are strings). */
export type CardChoice = "new" | `${number}`;

/** docs/product-rules.md#cards: a customer with saved cards picks one, or types another card. */
export function SavedCardChoice({
  cards,
  value,
  onChange,
  disabled,
}: {
  cards: SavedCard[];
  value: CardChoice;
  onChange: (value: CardChoice) => void;
  disabled?: boolean;
}) {
  return (
    <Radio.Group label={checkoutCopy.savedCards} value={value} onChange={(v) => onChange(v as CardChoice)}>
      <Stack gap="xs" mt="xs" data-testid="saved-cards">
        {cards.map((c) => (
          <Radio
            key={c.payment_source_id}
            value={String(c.payment_source_id)}
            disabled={disabled}
            label={checkoutCopy.savedCardLabel(
              BRANDS[c.card_type ?? ""] ?? c.card_type ?? checkoutCopy.card,
              c.last_digits ?? "····",
              c.exp_month && c.exp_year ? formatExpiry(c.exp_month, c.exp_year) : "",
            )}
          />
        ))}
        <Radio value="new" label={checkoutCopy.newCard} disabled={disabled} />
      </Stack>
    </Radio.Group>
  );
}
