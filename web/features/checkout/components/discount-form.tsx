import { Button, Group, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { messages } from "../../../../domain/messages";
import { isApiError } from "../../../lib/api-client";
import { useFieldErrors } from "../../../lib/field-errors";
import { checkDiscount, type DiscountCheck } from "../api";
import { checkoutCopy } from "../copy";

/**
 * Discount code form (only for signed-in customers with discounts enabled;
 * docs/product-rules.md#checkout): a server-sent message is shown as is; otherwise 412 is 'agotado'
 * and anything else 'no válido'.
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
  const [checking, setChecking] = useState(false);
  const form = useFieldErrors();

  async function apply() {
    if (form.show(code.trim() ? {} : { code: messages.fieldRequired })) return;
    setChecking(true);
    try {
      onApplied(await checkDiscount(code.trim(), classPackageId));
    } catch (e) {
      onApplied(null);
      if (isApiError(e) && e.message && e.status !== 0 && e.status < 500) form.show({ code: e.message });
      else form.show({ code: isApiError(e, 412) ? messages.discountUsedUp : messages.discountInvalid });
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
      ref={form.ref}
      noValidate
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
          onChange={(e) => {
            setCode(e.currentTarget.value.toUpperCase());
            form.clear("code");
          }}
          error={form.errors.code}
          name="discount"
        />
        <Button type="submit" variant="light" loading={checking}>
          {checkoutCopy.apply}
        </Button>
      </Group>
    </form>
  );
}
