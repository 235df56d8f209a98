import { Alert, Anchor, Button, Checkbox, Group, Loader, Paper, Radio, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAlertCircle } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { trialCheckoutSummary } from "../../../../domain/billing";
import { formatDate, formatMoney } from "../../../../domain/format";
import { messages } from "../../../../domain/messages";
import { useAppConfig } from "../../app-config/api";
import type { ClassPackage } from "../../packages/api";
import { periodLength } from "../../packages/copy";
import {
  type CheckoutOption,
  cashCheckout,
  confirmCardCheckout,
  type DiscountCheck,
  newIdempotencyKey,
  startCardCheckout,
  useRequiredPages,
  useSavedCards,
} from "../api";
import { checkoutCopy, checkoutErrorMessage } from "../copy";
import { type CardFieldState, SandboxCardField } from "./sandbox-card-field";
import { type CardChoice, SavedCardChoice } from "./saved-card-choice";

/** Seed 001 section 4: cash when cash checkout is on, or cash exists without card; else card. */
export function defaultChoice(options: CheckoutOption[], cashEnabled: boolean): "card" | "cash" {
  const hasCash = options.some((o) => o.provider === "cash");
  const hasCard = options.some((o) => o.provider === "card");
  if (hasCash && (cashEnabled || !hasCard)) return "cash";
  return "card";
}

/**
 * Right column of checkout for a signed-in customer: payment choice, subscription reminder,
 * free-trial summary, the legal checkbox, and Pay. One idempotency key per attempt: a double
 * click or a retry reuses it; after a decline a new attempt gets a new key.
 */
export function PaymentPanel({
  pkg,
  options,
  discount,
}: {
  pkg: ClassPackage;
  options: CheckoutOption[];
  discount: DiscountCheck | null;
}) {
  const config = useAppConfig();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const requiredPages = useRequiredPages();
  const cashOption = options.find((o) => o.provider === "cash");
  const cardOption = options.find((o) => o.provider === "card");
  const [choice, setChoice] = useState<"card" | "cash">(() =>
    defaultChoice(options, config.cash_checkout_enabled),
  );
  const [card, setCard] = useState<CardFieldState>({ complete: false, tokenize: () => "" });
  const [accepted, setAccepted] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  const onCardChange = useCallback((state: CardFieldState) => setCard(state), []);
  // Hosted mode: the processor's own page takes the card, so no card field and no saved cards here.
  const hosted = config.checkout_hosted_payment;
  const savedCards = useSavedCards(!hosted).data ?? [];
  const [cardChoice, setCardChoice] = useState<CardChoice>("new");
  const firstSaved = savedCards[0]?.payment_source_id;
  useEffect(() => {
    // The most recent saved card is preselected once the list arrives (it is the usual choice).
    if (firstSaved) setCardChoice(`${firstSaved}`);
  }, [firstSaved]);
  const savedId = cardChoice === "new" ? undefined : Number(cardChoice);

  const listed = pkg.sale_price !== null && pkg.sale_price < pkg.price ? pkg.sale_price : pkg.price;
  const total = discount ? discount.totals.total : listed;
  const trial = pkg.is_subscription ? trialCheckoutSummary(pkg, new Date(), config.timezone) : null;
  const free = total === 0 && !pkg.is_subscription;
  const legal = requiredPages.data ?? [];
  const legalOk = legal.length === 0 || accepted;
  const cardReady = hosted || savedId !== undefined || card.complete;
  const canPay = legalOk && !processing && (free || choice === "cash" || cardReady);

  async function done(purchaseId: number, message: string) {
    await queryClient.invalidateQueries({ queryKey: ["purchases"] });
    notifications.show({ color: "green", message, autoClose: 3000 });
    navigate(`/gracias/${purchaseId}`);
  }

  async function pay() {
    setProcessing(true);
    setError(null);
    const body = {
      class_package_id: pkg.class_package_id,
      discountCode: discount?.discount.code ?? null,
      idempotency_key: key.current,
    };
    try {
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
        mode: hosted ? "session" : "card",
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
      const confirmed = await confirmCardCheckout({
        purchase_id: attempt.purchase_id,
        client_secret: attempt.clientSecret,
        ...(savedId !== undefined ? { payment_source_id: savedId } : { payment_method: card.tokenize() }),
      });
      await done(confirmed.purchase_id, messages.purchaseSuccess);
    } catch (e) {
      // A failed attempt is over: the next click is a new purchase attempt with its own key.
      key.current = newIdempotencyKey();
      setError(checkoutErrorMessage(e, Boolean(discount)));
      setProcessing(false);
    }
  }

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
      <Stack gap="md">
        {!free ? (
          <Radio.Group
            label={checkoutCopy.paymentMethod}
            value={choice}
            onChange={(v) => setChoice(v as "card" | "cash")}
          >
            <Group mt="xs">
              {cardOption || !cashOption ? (
                <Radio value="card" label={cardOption?.name ?? checkoutCopy.card} />
              ) : null}
              {cashOption ? <Radio value="cash" label={cashOption.name} /> : null}
            </Group>
          </Radio.Group>
        ) : null}
        {!free && choice === "card" && !hosted && savedCards.length > 0 ? (
          <SavedCardChoice
            cards={savedCards}
            value={cardChoice}
            onChange={setCardChoice}
            disabled={processing}
          />
        ) : null}
        {!free && choice === "card" && !hosted && savedId === undefined ? (
          <SandboxCardField onChange={onCardChange} disabled={processing} />
        ) : null}
        {!free && choice === "card" && hosted ? (
          <Text c="dimmed" fz="sm">
            {checkoutCopy.hostedNote}
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
            onChange={(e) => setAccepted(e.currentTarget.checked)}
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
          disabled={!canPay}
          loading={processing}
          data-testid="pay-button"
        >
          {free
            ? checkoutCopy.getOffer
            : choice === "cash"
              ? checkoutCopy.payCash
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
    </Paper>
  );
}
