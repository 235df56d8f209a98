import { Button, Group, Loader, Text } from "@mantine/core";
import { formatMoney } from "../../../../domain/format";
import { checkoutCopy } from "../copy";
import type { Choice } from "../payment-choice";

/** What Pay reads: the offer's own word when free, else the way to pay or the amount due today. */
function payLabel(free: boolean, choice: Choice, dueToday: number): string {
  if (free) return checkoutCopy.getOffer;
  if (choice === "cash") return checkoutCopy.payCash;
  if (choice === "oxxo") return checkoutCopy.payOxxo;
  if (choice === "spei") return checkoutCopy.paySpei;
  if (choice === "wallet") return checkoutCopy.payWallet;
  return checkoutCopy.pay(formatMoney(dueToday));
}

/** Pay, and the "processing" line under it while a payment is on its way. */
export function PayButton({
  free,
  choice,
  dueToday,
  canPay,
  processing,
  onPay,
}: {
  free: boolean;
  choice: Choice;
  dueToday: number;
  canPay: boolean;
  processing: boolean;
  onPay: () => void;
}) {
  return (
    <>
      <Button
        size="md"
        radius="md"
        onClick={onPay}
        // docs/product-rules.md#checkout: Pay reads as disabled until the card and the legal box
        // are done; it stays clickable so that a click says what is missing instead of doing
        // nothing.
        aria-disabled={!canPay || undefined}
        data-disabled={!canPay || undefined}
        loading={processing}
        data-testid="pay-button"
      >
        {payLabel(free, choice, dueToday)}
      </Button>
      {processing ? (
        <Group gap="xs" justify="center" role="status">
          <Loader size="xs" />
          <Text fz="sm" c="dimmed">
            {checkoutCopy.processing}
          </Text>
        </Group>
      ) : null}
    </>
  );
}
