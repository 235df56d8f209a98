import { Button, Group, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { messages } from "../../../../domain/messages";
import { isApiError } from "../../../lib/api-client";
import { checkDiscount, type DiscountCheck } from "../api";
import { checkoutCopy } from "../copy";

/**
 * Discount code form (only for signed-in customers with discounts enabled). Seed 001 section 8:
 * a server-sent message is shown as is; otherwise 412 is 'agotado' and anything else 'no válido'.
 */
export function DiscountForm({
  classPackageId,
  applied,
  onApplied,
}: {
  classPackageId: number;
  applied: DiscountCheck | null;
  onApplied: (d: DiscountCheck | null) => void;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function apply() {
    if (!code.trim()) return;
    setChecking(true);
    setError(null);
    try {
      onApplied(await checkDiscount(code.trim(), classPackageId));
    } catch (e) {
      onApplied(null);
      if (isApiError(e) && e.message && e.status !== 0 && e.status < 500) setError(e.message);
      else setError(isApiError(e, 412) ? messages.discountUsedUp : messages.discountInvalid);
    } finally {
      setChecking(false);
    }
  }

  if (applied) {
    return (
      <Group justify="space-between">
        <Text fz="sm">
          {checkoutCopy.discountCode}: <b>{applied.discount.code}</b>
        </Text>
        <Button variant="subtle" size="xs" onClick={() => onApplied(null)}>
          {checkoutCopy.remove}
        </Button>
      </Group>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void apply();
      }}
    >
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          flex={1}
          aria-label={checkoutCopy.discountCode}
          placeholder={checkoutCopy.discountCode}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
          error={error}
          name="discount"
        />
        <Button type="submit" variant="light" loading={checking} disabled={!code.trim()}>
          {checkoutCopy.apply}
        </Button>
      </Group>
    </form>
  );
}
