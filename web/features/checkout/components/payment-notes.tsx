import { Alert, Text } from "@mantine/core";
import type { CheckoutOption } from "../api";
import { checkoutCopy } from "../copy";
import type { Choice } from "../payment-choice";

/**
 * What checkout says under the way to pay chosen: how OXXO and SPEI work (and OXXO's limit per
 * voucher, decision 0034), that a subscription is paid by card, the cash option's own text, and
 * the subscription reminder.
 */
export function PaymentNotes({
  free,
  choice,
  oxxoTooMuch,
  subscription,
  offlineOffered,
  cashOption,
}: {
  free: boolean;
  choice: Choice;
  oxxoTooMuch: boolean;
  subscription: boolean;
  /** The studio offers OXXO or SPEI (for one-off packages only). */
  offlineOffered: boolean;
  cashOption?: CheckoutOption;
}) {
  return (
    <>
      {!free && (choice === "oxxo" || choice === "spei") ? (
        <Text c="dimmed" fz="sm">
          {choice === "oxxo" ? checkoutCopy.oxxoHint : checkoutCopy.speiHint}
        </Text>
      ) : null}
      {!free && choice === "oxxo" && oxxoTooMuch ? (
        <Alert color="orange" variant="light" data-testid="oxxo-limit">
          {checkoutCopy.oxxoTooMuch}
        </Alert>
      ) : null}
      {!free && subscription && offlineOffered ? (
        <Text c="dimmed" fz="xs">
          {checkoutCopy.offlineSubscription}
        </Text>
      ) : null}
      {!free && choice === "cash" && cashOption?.description ? (
        <Text c="dimmed" fz="sm">
          {cashOption.description}
        </Text>
      ) : null}
      {subscription ? (
        <Alert variant="light" color="blue">
          {checkoutCopy.subscriptionReminder}
        </Alert>
      ) : null}
    </>
  );
}
