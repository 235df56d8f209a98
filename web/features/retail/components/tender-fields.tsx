import { Group, NumberInput, TextInput } from "@mantine/core";
import { retailCopy as c } from "../copy";

/** A gift card as tender of the counter sale (decision 0123): its code, and how much of it. */
export type Tender = { code: string; amount: number | string };

/** The sale body's tender: no code, no tender; no amount, as much as the card holds up to the total. */
export function tenderBody(t: Tender) {
  const code = t.code.trim();
  if (!code) return {};
  return {
    gift_card_code: code,
    ...(typeof t.amount === "number" && t.amount > 0 ? { gift_card_amount: t.amount } : {}),
  };
}

export function TenderFields({ value, onChange }: { value: Tender; onChange: (t: Tender) => void }) {
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <TextInput
        label={c.giftCardCode}
        description={c.giftCardCodeHint}
        placeholder="ABCD-EFGH-JKMN-PQRS"
        value={value.code}
        onChange={(e) => onChange({ ...value, code: e.currentTarget.value })}
        maxLength={40}
        autoComplete="off"
        style={{ flex: "2 1 220px" }}
        styles={{ input: { fontFamily: "monospace", textTransform: "uppercase" } }}
      />
      <NumberInput
        label={c.giftCardAmount}
        description={c.giftCardAmountHint}
        value={value.amount}
        onChange={(amount) => onChange({ ...value, amount })}
        min={0.01}
        max={100_000}
        decimalScale={2}
        thousandSeparator=","
        prefix="$"
        disabled={!value.code.trim()}
        style={{ flex: "1 1 140px" }}
      />
    </Group>
  );
}
