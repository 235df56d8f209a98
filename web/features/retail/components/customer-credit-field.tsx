import { Group, NumberInput, Text } from "@mantine/core";
import { useCustomerCredit } from "../../gift-cards/public";
import { retailCopy as c } from "../copy";

/** The chosen customer's saldo a favor and how much of it pays (decision 0127). */
export function CustomerCreditField({
  customerId,
  room,
  value,
  onChange,
}: {
  customerId: number;
  room: number;
  value: number | string;
  onChange: (v: number | string) => void;
}) {
  const credit = useCustomerCredit(customerId);
  if (credit.isLoading)
    return (
      <Text size="sm" c="dimmed" role="status">
        {c.creditLoading}
      </Text>
    );
  if (credit.error)
    return (
      <Text size="sm" c="red.8" role="alert">
        {c.creditError}
      </Text>
    );
  const balance = credit.data?.balance ?? 0;
  if (balance <= 0)
    return (
      <Text size="sm" c="dimmed" data-testid="customer-credit">
        {c.creditNone}
      </Text>
    );
  const max = Math.round(Math.min(balance, room) * 100) / 100;
  const over = typeof value === "number" && value > max;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Text size="sm" fw={600} data-testid="customer-credit" style={{ flex: "1 1 180px" }}>
        {c.creditOf(balance)}
      </Text>
      <NumberInput
        label={c.creditAmount}
        description={c.creditAmountHint(max)}
        value={value}
        onChange={onChange}
        min={0}
        max={max}
        decimalScale={2}
        thousandSeparator=","
        prefix="$"
        error={over ? c.creditTooMuch(max) : undefined}
        style={{ flex: "1 1 160px" }}
      />
    </Group>
  );
}
