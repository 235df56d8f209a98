import { useCallback, useRef, useState } from "react";
import { addLocalDays, localDay, zonedInstant } from "../../../../domain/booking";
import { mexicanMobile } from "../../../../domain/messaging/phone";
import type { CardFieldState } from "../../../components/sandbox-card-field";
import { isApiError } from "../../../lib/api-client";
import { useAppConfig } from "../../../lib/app-config";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { type GiftCardSold, useBuyGiftCard } from "../api";
import { giftCardsCopy as c } from "../copy";

/** When the card reaches its recipient: right after the sale, or on a day and time. */
export type GiftDelivery = "now" | "later";

/** What the buyer types: amount, recipient, message and when it is delivered. */
export interface GiftCardDraft {
  amount: number | string;
  name: string;
  email: string;
  whatsapp: string;
  message: string;
  when: GiftDelivery;
  day: string;
  time: string;
}

const EMPTY: GiftCardDraft = {
  amount: 500,
  name: "",
  email: "",
  whatsapp: "",
  message: "",
  when: "now",
  day: "",
  time: "09:00",
};

/** A date and time on the studio's clock, from now to a year ahead (decision 0131). */
function deliveryProblem(draft: GiftCardDraft, today: string, timezone: string): string | null {
  if (draft.when === "now") return null;
  if (!draft.email.trim() && !draft.whatsapp.trim()) return c.deliverNeedsChannel;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.day) || !/^\d{2}:\d{2}$/.test(draft.time)) return c.deliverOnRequired;
  if (zonedInstant(draft.day, draft.time, timezone).getTime() < Date.now() - 60_000) return c.deliverPast;
  if (draft.day > addLocalDays(today, 365)) return c.deliverTooFar;
  return null;
}

/**
 * Buying a gift card online (docs/product-rules.md#gift-cards): the draft, its checks (shown once
 * the buyer has tried to pay), the payment with one idempotency key per sale, and the sold card.
 */
export function useBuyGiftCardFlow() {
  const buy = useBuyGiftCard();
  const { timezone } = useAppConfig();
  const [draft, setDraft] = useState<GiftCardDraft>(EMPTY);
  const [card, setCard] = useState<CardFieldState>({ complete: false, tokenize: () => "" });
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sold, setSold] = useState<GiftCardSold | null>(null);
  const key = useRef(newIdempotencyKey());
  const onCard = useCallback((state: CardFieldState) => setCard(state), []);
  const set = <K extends keyof GiftCardDraft>(field: K, value: GiftCardDraft[K]) =>
    setDraft((d) => ({ ...d, [field]: value }));

  const value = typeof draft.amount === "number" ? draft.amount : Number(draft.amount);
  const amountOk = Number.isInteger(value) && value >= 100 && value <= 10_000;
  const today = localDay(new Date(), timezone);
  const whenProblem = deliveryProblem(draft, today, timezone);
  const whatsappOk = !draft.whatsapp.trim() || mexicanMobile(draft.whatsapp) !== null;
  const fieldErrors = {
    amount: attempted && !amountOk ? c.amountInvalid : null,
    name: attempted && !draft.name.trim() ? c.nameRequired : null,
    whatsapp: attempted && !whatsappOk ? c.whatsappInvalid : null,
    when: attempted ? whenProblem : null,
  };

  const submit = () => {
    setAttempted(true);
    setError(null);
    if (!amountOk || !draft.name.trim() || !whatsappOk || whenProblem) return;
    if (!card.complete) return setError(c.cardIncomplete);
    const later = draft.when === "later";
    buy.mutate(
      {
        amount: value,
        recipient_name: draft.name.trim(),
        recipient_email: draft.email.trim() || null,
        recipient_whatsapp: draft.whatsapp.trim() || null,
        message: draft.message.trim() || null,
        deliver_on: later ? draft.day : null,
        deliver_time: later ? draft.time : null,
        idempotency_key: key.current,
        payment_method: card.tokenize(),
      },
      {
        onSuccess: (answer) => {
          setSold(answer);
          key.current = newIdempotencyKey();
        },
        onError: (e) => setError(isApiError(e) ? e.message : String(e)),
      },
    );
  };

  /** Another card: a fresh recipient and delivery; the amount and the time of day stay. */
  const again = () => {
    setSold(null);
    setDraft((d) => ({ ...EMPTY, amount: d.amount, time: d.time }));
    setAttempted(false);
  };

  return {
    draft,
    set,
    value,
    amountOk,
    today,
    timezone,
    fieldErrors,
    attempted,
    error,
    sold,
    onCard,
    submit,
    again,
    pending: buy.isPending,
  };
}
