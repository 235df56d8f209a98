import { Alert, Paper, Stack } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { trialCheckoutSummary } from "../../../../domain/billing";
import { messages, t } from "../../../../domain/messages";
import { OXXO_MAX_CENTS } from "../../../../domain/offline-payments";
import { useAppConfig } from "../../../lib/app-config";
import { useFieldErrors } from "../../../lib/field-errors";
import type { ClassPackage } from "../../packages/public";
import { type CheckoutOption, type DiscountCheck, listedPrice, useRequiredPages } from "../api";
import { type Choice, defaultChoice } from "../payment-choice";
import { CardEntry } from "./card-entry";
import { LegalAcceptance } from "./legal-acceptance";
import { PayButton } from "./pay-button";
import { PaymentChoices } from "./payment-choices";
import { PaymentNotes } from "./payment-notes";
import { SandboxWalletModal } from "./sandbox-wallet-modal";
import { TrialSummary } from "./trial-summary";
import { useCardEntry } from "./use-card-entry";
import { usePaymentAttempt } from "./use-payment-attempt";
import { usePaymentOffer } from "./use-payment-offer";

/**
 * Right column of checkout for a signed-in customer: payment choice (card, cash, the wallet, OXXO,
 * SPEI), subscription reminder, free-trial summary, the legal checkbox, and Pay (the flow is
 * usePaymentAttempt). `fee`: the pending sign-up fee, paid in the same payment (decision 0017).
 * `thenPackageId`: this is the fee's own checkout, and afterwards the customer goes back to that
 * package.
 */
export function PaymentPanel({
  pkg,
  options,
  discount,
  fee,
  thenPackageId,
  requested = null,
}: {
  pkg: ClassPackage;
  options: CheckoutOption[];
  discount: DiscountCheck | null;
  fee: ClassPackage | null;
  thenPackageId?: number;
  /** The way to pay the customer came for (`?metodo=`), preselected when offered. */
  requested?: Choice | null;
}) {
  const config = useAppConfig();
  const requiredPages = useRequiredPages();
  const offer = usePaymentOffer(pkg, options, config);
  const [choice, setChoice] = useState<Choice>(() =>
    defaultChoice(options, config.cash_checkout_enabled, requested, offer.offered),
  );
  const entry = useCardEntry(offer.cardProvider);
  const [accepted, setAccepted] = useState(false);
  // Pay explains instead of staying silently disabled (decision 0030): after an attempt the empty
  // or wrong card parts and the unticked legal box say what they need, and the first gets the
  // focus.
  const [attempted, setAttempted] = useState(false);
  const fieldErrors = useFieldErrors<HTMLDivElement>();
  // Hosted mode: the processor's own page takes a new card, so no card field here.
  const hosted = config.checkout_hosted_payment;

  const total = (discount ? discount.totals.total : listedPrice(pkg)) + (fee ? listedPrice(fee) : 0);
  const trial = pkg.is_subscription ? trialCheckoutSummary(pkg, new Date(), config.timezone) : null;
  const free = total === 0 && !pkg.is_subscription;
  const legal = requiredPages.data ?? [];
  const legalOk = legal.length === 0 || accepted;
  const cardReady = hosted || entry.savedId !== undefined || entry.card.complete;
  const cardMissing = !free && choice === "card" && !cardReady;
  const oxxoTooMuch = Math.round(total * 100) > OXXO_MAX_CENTS;

  /** What stops the payment, said next to it; true when something does. */
  function explain(): boolean {
    const found: Record<string, string> = {};
    if (cardMissing) found.card = messages.fieldRequired;
    if (!legalOk) found.legal = t("mustAcceptPage", { page: legal.map((p) => p.title).join(" y ") });
    setAttempted(true);
    return fieldErrors.show(found);
  }

  const attempt = usePaymentAttempt({
    pkg,
    discount,
    fee,
    thenPackageId,
    choice,
    free,
    hosted,
    savedId: entry.savedId,
    cashOption: offer.cashOption,
    cardOption: offer.cardOption,
    walletOption: offer.walletOption,
    card: entry.card,
    saveCard: entry.saveCard,
    explain,
    onDeclinedPart: (part, message) => {
      entry.setDeclinedPart({ [part]: message });
      fieldErrors.show({ [part]: message });
    },
  });
  const canPay = legalOk && !attempt.processing && !cardMissing && !(choice === "oxxo" && oxxoTooMuch);

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
      <Stack gap="md" ref={fieldErrors.ref}>
        {!free ? (
          <PaymentChoices offered={offer.offered} value={choice} onChange={setChoice} label={offer.label} />
        ) : null}
        {!free && choice === "card" ? (
          <CardEntry entry={entry} hosted={hosted} processing={attempt.processing} attempted={attempted} />
        ) : null}
        <PaymentNotes
          free={free}
          choice={choice}
          oxxoTooMuch={oxxoTooMuch}
          subscription={pkg.is_subscription}
          offlineOffered={config.oxxo_enabled || config.spei_enabled}
          cashOption={offer.cashOption}
        />
        {trial && pkg.free_trial_length && pkg.free_trial_period ? (
          <TrialSummary
            length={pkg.free_trial_length}
            period={pkg.free_trial_period}
            nextCharge={trial.next_charge}
            total={total}
            timezone={config.timezone}
          />
        ) : null}
        {legal.length > 0 ? (
          <LegalAcceptance
            pages={legal}
            accepted={accepted}
            onChange={(checked) => {
              setAccepted(checked);
              fieldErrors.clear("legal");
            }}
            error={fieldErrors.errors.legal}
          />
        ) : null}
        {attempt.error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="checkout-error">
            {attempt.error}
          </Alert>
        ) : null}
        <PayButton
          free={free}
          choice={choice}
          dueToday={trial ? 0 : total}
          canPay={canPay}
          processing={attempt.processing}
          onPay={attempt.pay}
        />
      </Stack>
      <SandboxWalletModal
        opened={attempt.wallet !== null}
        title={fee ? `${pkg.title} + ${fee.title}` : pkg.title}
        total={attempt.wallet?.total ?? total}
        subscription={Boolean(attempt.wallet?.plan_id)}
        busy={attempt.processing}
        onApprove={attempt.approveWallet}
        onCancel={attempt.cancelWallet}
      />
    </Paper>
  );
}
