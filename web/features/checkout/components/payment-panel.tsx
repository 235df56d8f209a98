import { Alert, Anchor, Button, Checkbox, Group, Loader, Paper, Radio, Stack, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { trialCheckoutSummary } from "../../../../domain/billing";
import { formatDate, formatMoney } from "../../../../domain/format";
import { messages, t } from "../../../../domain/messages";
import { OXXO_MAX_CENTS } from "../../../../domain/offline-payments";
import { notifySuccess } from "../../../components/notify";
import { type CardFieldState, type CardPart, SandboxCardField } from "../../../components/sandbox-card-field";
import { isApiError } from "../../../lib/api-client";
import { useAppConfig } from "../../../lib/app-config";
import { checkboxErrorProps, useFieldErrors } from "../../../lib/field-errors";
import { usePaymentProviders } from "../../../lib/payment-providers";
import { type ClassPackage, periodLength } from "../../packages/public";
import {
  type CheckoutOption,
  captureWalletCheckout,
  cashCheckout,
  confirmCardCheckout,
  type DiscountCheck,
  listedPrice,
  newIdempotencyKey,
  startCardCheckout,
  startOfflineCheckout,
  startWalletCheckout,
  useRequiredPages,
  useSavedCards,
} from "../api";
import { checkoutCopy, checkoutErrorMessage } from "../copy";
import { type Choice, defaultChoice } from "../payment-choice";
import { SandboxWalletModal } from "./sandbox-wallet-modal";
import { type CardChoice, SavedCardChoice } from "./saved-card-choice";

/** An order or plan the sandbox wallet is asked to approve. */
type WalletApproval = { purchase_id: number; total: number; orderID?: string; plan_id?: string };

/** Declines of the processor that are about one part of the typed card. */
const DECLINED_PART: Record<string, CardPart> = {
  incorrect_cvc: "cvc",
  incorrect_number: "number",
  expired_card: "expiry",
};

/**
 * Right column of checkout for a signed-in customer: payment choice (card, cash, the wallet),
 * subscription reminder, free-trial summary, the legal checkbox, and Pay. One idempotency key per
 * attempt: a double click or a retry reuses it; after a decline a new attempt gets a new key.
 * `fee`: the pending sign-up fee, paid in the same payment (decision 0017). `thenPackageId`: this
 * is the fee's own checkout, and afterwards the customer goes back to that package.
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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const requiredPages = useRequiredPages();
  const cashOption = options.find((o) => o.provider === "cash");
  const cardOption = options.find((o) => o.provider === "card");
  const providers = usePaymentProviders();
  // The web plays only the sandbox's wallet (there is no PayPal button script here).
  const walletOption =
    providers.data?.wallet === "sandbox" ? options.find((o) => o.provider === "paypal") : undefined;
  // OXXO and SPEI (decision 0034): one-off packages only, when the studio offers them; OXXO up to
  // MXN 10,000 per voucher (Stripe's limit).
  const offline = !pkg.is_subscription;
  const oxxoOffered = config.oxxo_enabled && offline;
  const speiOffered = config.spei_enabled && offline;
  /**
   * The choices in the order shown, one per row: the online ones first (card, the wallet, then
   * OXXO and SPEI, which are paid elsewhere but started here), cash at the studio last.
   */
  const offered: Choice[] = [
    ...(cardOption || !cashOption ? (["card"] as const) : []),
    ...(walletOption ? (["wallet"] as const) : []),
    ...(oxxoOffered ? (["oxxo"] as const) : []),
    ...(speiOffered ? (["spei"] as const) : []),
    ...(cashOption ? (["cash"] as const) : []),
  ];
  const [choice, setChoice] = useState<Choice>(() =>
    defaultChoice(options, config.cash_checkout_enabled, requested, offered),
  );
  const [wallet, setWallet] = useState<WalletApproval | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  const [card, setCard] = useState<CardFieldState>({ complete: false, tokenize: () => "" });
  const [accepted, setAccepted] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Pay explains instead of staying silently disabled (decision 0030): after an attempt the empty
  // or wrong card parts and the unticked legal box say what they need, and the first gets the
  // focus.
  const [attempted, setAttempted] = useState(false);
  const [declinedPart, setDeclinedPart] = useState<Partial<Record<CardPart, string>>>({});
  const fieldErrors = useFieldErrors<HTMLDivElement>();
  const legalId = useId();
  const key = useRef(newIdempotencyKey());
  const onCardChange = useCallback((state: CardFieldState) => {
    setCard(state);
    setDeclinedPart({});
  }, []);
  // Hosted mode: the processor's own page takes a new card, so no card field here.
  const hosted = config.checkout_hosted_payment;
  // A saved card is charged by the processor that saved it, in either mode (one tap, no page).
  const savedCards = (useSavedCards(true).data ?? []).filter((c) => c.provider === providers.data?.card);
  const [cardChoice, setCardChoice] = useState<CardChoice>("new");
  const firstSaved = savedCards[0]?.payment_source_id;
  useEffect(() => {
    // The most recent saved card is preselected once the list arrives (it is the usual choice).
    if (firstSaved) setCardChoice(`${firstSaved}`);
  }, [firstSaved]);
  const savedId = cardChoice === "new" ? undefined : Number(cardChoice);

  const feeTotal = fee ? listedPrice(fee) : 0;
  const total = (discount ? discount.totals.total : listedPrice(pkg)) + feeTotal;
  const trial = pkg.is_subscription ? trialCheckoutSummary(pkg, new Date(), config.timezone) : null;
  const free = total === 0 && !pkg.is_subscription;
  const legal = requiredPages.data ?? [];
  const legalOk = legal.length === 0 || accepted;
  const cardReady = hosted || savedId !== undefined || card.complete;
  const cardMissing = !free && choice === "card" && !cardReady;
  const oxxoTooMuch = Math.round(total * 100) > OXXO_MAX_CENTS;
  const offlineChoice = choice === "oxxo" || choice === "spei";
  const canPay = legalOk && !processing && !cardMissing && !(choice === "oxxo" && oxxoTooMuch);

  async function done(purchaseId: number, message: string) {
    await queryClient.invalidateQueries({ queryKey: ["purchases"] });
    await queryClient.invalidateQueries({ queryKey: ["metodosPago"] });
    notifySuccess(message);
    navigate(`/gracias/${purchaseId}${thenPackageId ? `?paquete=${thenPackageId}` : ""}`);
  }

  function failed(e: unknown, confirming = false) {
    // A failed attempt is over: the next click is a new purchase attempt with its own key.
    key.current = newIdempotencyKey();
    const message = checkoutErrorMessage(e, Boolean(discount));
    // docs/product-rules.md#cards: an error of the card's confirmation is prefixed.
    setError(confirming ? `${messages.cardConfirmationPrefix}${message}` : message);
    setProcessing(false);
    // A decline that names a part of a typed card is also said next to that part.
    const part = isApiError(e) ? DECLINED_PART[String(e.details.decline_code)] : undefined;
    if (part && savedId === undefined && !hosted) {
      setDeclinedPart({ [part]: message });
      fieldErrors.show({ [part]: message });
    }
  }

  /** What stops the payment, said next to it; true when something does. */
  function explain(): boolean {
    const found: Record<string, string> = {};
    if (cardMissing) found.card = messages.fieldRequired;
    if (!legalOk) found.legal = t("mustAcceptPage", { page: legal.map((p) => p.title).join(" y ") });
    setAttempted(true);
    return fieldErrors.show(found);
  }

  /** The wallet approved the order (or the subscription on the plan): capture it once. */
  async function approveWallet() {
    if (!wallet) return;
    setProcessing(true);
    try {
      const captured = await captureWalletCheckout(
        wallet.orderID ? { orderID: wallet.orderID } : { subscriptionID: `I-${wallet.plan_id!.slice(2)}` },
      );
      setWallet(null);
      await done(captured.purchase_id, captured.message);
    } catch (e) {
      setWallet(null);
      failed(e);
    }
  }

  async function pay() {
    if (processing || explain()) return;
    setProcessing(true);
    setError(null);
    const body = {
      class_package_id: pkg.class_package_id,
      discountCode: discount?.discount.code ?? null,
      idempotency_key: key.current,
      ...(fee ? { include_signup_fee: true } : {}),
    };
    let confirming = false;
    try {
      if (!free && offlineChoice) {
        const r = await startOfflineCheckout({ ...body, method: choice });
        await done(r.purchase_id, choice === "oxxo" ? checkoutCopy.voucherReady : checkoutCopy.speiReady);
        return;
      }
      if (!free && choice === "wallet") {
        // The approval can be cancelled and asked again: the same key answers the same order.
        setWallet(await startWalletCheckout({ ...body, payment_method_id: walletOption?.payment_method_id }));
        setProcessing(false);
        return;
      }
      if (free || choice === "cash") {
        const r = await cashCheckout({
          ...body,
          payment_method_id: free ? undefined : cashOption?.payment_method_id,
        });
        await done(r.purchase_id, messages.purchaseSuccess);
        return;
      }
      const attempt = await startCardCheckout({
        ...body,
        payment_method_id: cardOption?.payment_method_id,
        mode: hosted && savedId === undefined ? "session" : "card",
        ...(thenPackageId ? { then_package_id: thenPackageId } : {}),
      });
      if (attempt.session) {
        // The hosted page sends the customer back to /gracias/{id} after paying.
        window.location.assign(attempt.session.url);
        return;
      }
      if (attempt.completed || !attempt.clientSecret) {
        await done(attempt.purchase_id, messages.purchaseSuccess);
        return;
      }
      confirming = true;
      const confirmed = await confirmCardCheckout({
        purchase_id: attempt.purchase_id,
        client_secret: attempt.clientSecret,
        ...(savedId !== undefined
          ? { payment_source_id: savedId }
          : { payment_method: card.tokenize(), save_card: saveCard }),
      });
      await done(confirmed.purchase_id, messages.purchaseSuccess);
    } catch (e) {
      failed(e, confirming);
    }
  }

  const choiceLabel = (value: Choice): string =>
    ({
      card: cardOption?.name ?? checkoutCopy.card,
      cash: cashOption?.name ?? "",
      wallet: walletOption?.name || checkoutCopy.wallet,
      oxxo: checkoutCopy.oxxo,
      spei: checkoutCopy.spei,
    })[value];

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
      <Stack gap="md" ref={fieldErrors.ref}>
        {!free ? (
          <Radio.Group
            label={checkoutCopy.paymentMethod}
            value={choice}
            onChange={(v) => setChoice(v as Choice)}
          >
            {/* One per row: side by side, a phone wrapped them into a grid where the pairs read as one. */}
            <Stack gap="sm" mt="xs" data-testid="payment-choices">
              {offered.map((value) => (
                <Radio
                  key={value}
                  value={value}
                  label={choiceLabel(value)}
                  data-testid={value === "oxxo" || value === "spei" ? `choice-${value}` : undefined}
                />
              ))}
            </Stack>
          </Radio.Group>
        ) : null}
        {!free && choice === "card" && savedCards.length > 0 ? (
          <SavedCardChoice
            cards={savedCards}
            value={cardChoice}
            onChange={setCardChoice}
            disabled={processing}
          />
        ) : null}
        {!free && choice === "card" && !hosted && savedId === undefined ? (
          <>
            <SandboxCardField
              onChange={onCardChange}
              disabled={processing}
              showErrors={attempted}
              errors={declinedPart}
            />
            <Checkbox
              checked={saveCard}
              onChange={(e) => setSaveCard(e.currentTarget.checked)}
              label={checkoutCopy.saveCard}
              description={checkoutCopy.saveCardHint}
              disabled={processing}
            />
          </>
        ) : null}
        {!free && choice === "card" && hosted && savedId === undefined ? (
          <Text c="dimmed" fz="sm">
            {checkoutCopy.hostedNote}
          </Text>
        ) : null}
        {!free && offlineChoice ? (
          <Text c="dimmed" fz="sm">
            {choice === "oxxo" ? checkoutCopy.oxxoHint : checkoutCopy.speiHint}
          </Text>
        ) : null}
        {!free && choice === "oxxo" && oxxoTooMuch ? (
          <Alert color="orange" variant="light" data-testid="oxxo-limit">
            {checkoutCopy.oxxoTooMuch}
          </Alert>
        ) : null}
        {!free && pkg.is_subscription && (config.oxxo_enabled || config.spei_enabled) ? (
          <Text c="dimmed" fz="xs">
            {checkoutCopy.offlineSubscription}
          </Text>
        ) : null}
        {!free && choice === "cash" && cashOption?.description ? (
          <Text c="dimmed" fz="sm">
            {cashOption.description}
          </Text>
        ) : null}
        {pkg.is_subscription ? (
          <Alert variant="light" color="blue">
            {checkoutCopy.subscriptionReminder}
          </Alert>
        ) : null}
        {trial && pkg.free_trial_length && pkg.free_trial_period ? (
          <Stack gap={4} data-testid="trial-summary">
            <Text fw={600}>
              {checkoutCopy.freeTrial(periodLength(pkg.free_trial_length, pkg.free_trial_period))}
            </Text>
            <Group justify="space-between">
              <Text>{checkoutCopy.nextCharge}</Text>
              <Text>{`${formatDate(trial.next_charge, config.timezone)} · ${formatMoney(total)}`}</Text>
            </Group>
            <Group justify="space-between">
              <Text fw={700}>{checkoutCopy.payToday}</Text>
              <Text fw={700}>{formatMoney(0)}</Text>
            </Group>
          </Stack>
        ) : null}
        {legal.length > 0 ? (
          <Checkbox
            checked={accepted}
            onChange={(e) => {
              setAccepted(e.currentTarget.checked);
              fieldErrors.clear("legal");
            }}
            {...checkboxErrorProps(legalId, fieldErrors.errors.legal)}
            label={
              <>
                {`${checkoutCopy.acceptLegal} `}
                {legal.map((p, i) => (
                  <span key={p.page_id}>
                    {i > 0 ? (i === legal.length - 1 ? ` ${checkoutCopy.and} ` : ", ") : ""}
                    <Anchor component={Link} to={`/${p.slug}`} target="_blank">
                      {p.title}
                    </Anchor>
                  </span>
                ))}
              </>
            }
          />
        ) : null}
        {error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="checkout-error">
            {error}
          </Alert>
        ) : null}
        <Button
          size="md"
          radius="md"
          onClick={pay}
          // docs/product-rules.md#checkout: Pay reads as disabled until the card and the legal box
          // are done; it stays clickable so that a click says what is missing instead of doing
          // nothing.
          aria-disabled={!canPay || undefined}
          data-disabled={!canPay || undefined}
          loading={processing}
          data-testid="pay-button"
        >
          {free
            ? checkoutCopy.getOffer
            : choice === "cash"
              ? checkoutCopy.payCash
              : choice === "oxxo"
                ? checkoutCopy.payOxxo
                : choice === "spei"
                  ? checkoutCopy.paySpei
                  : choice === "wallet"
                    ? checkoutCopy.payWallet
                    : checkoutCopy.pay(formatMoney(trial ? 0 : total))}
        </Button>
        {processing ? (
          <Group gap="xs" justify="center" role="status">
            <Loader size="xs" />
            <Text fz="sm" c="dimmed">
              {checkoutCopy.processing}
            </Text>
          </Group>
        ) : null}
      </Stack>
      <SandboxWalletModal
        opened={wallet !== null}
        title={fee ? `${pkg.title} + ${fee.title}` : pkg.title}
        total={wallet?.total ?? total}
        subscription={Boolean(wallet?.plan_id)}
        busy={processing}
        onApprove={approveWallet}
        onCancel={() => setWallet(null)}
      />
    </Paper>
  );
}
