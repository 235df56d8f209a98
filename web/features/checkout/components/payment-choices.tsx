import { Radio, Stack } from "@mantine/core";
import { checkoutCopy } from "../copy";
import type { Choice } from "../payment-choice";

/** The ways to pay checkout offers, one per row, each named as the studio calls it. */
export function PaymentChoices({
  offered,
  value,
  onChange,
  label,
}: {
  offered: Choice[];
  value: Choice;
  onChange: (choice: Choice) => void;
  label: (choice: Choice) => string;
}) {
  return (
    <Radio.Group label={checkoutCopy.paymentMethod} value={value} onChange={(v) => onChange(v as Choice)}>
      {/* One per row: side by side, a phone wrapped them into a grid where the pairs read as one. */}
      <Stack gap="sm" mt="xs" data-testid="payment-choices">
        {offered.map((choice) => (
          <Radio
            key={choice}
            value={choice}
            label={label(choice)}
            data-testid={choice === "oxxo" || choice === "spei" ? `choice-${choice}` : undefined}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
