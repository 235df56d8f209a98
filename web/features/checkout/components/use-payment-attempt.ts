import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { messages } from "../../../../domain/messages";
import { notifySuccess } from "../../../components/notify";
import type { CardFieldState, CardPart } from "../../../components/sandbox-card-field";
import { isApiError } from "../../../lib/api-client";
import type { ClassPackage } from "../../packages/public";
import {
  type CheckoutOption,
  captureWalletCheckout,
  cashCheckout,
  confirmCardCheckout,
  type DiscountCheck,
  newIdempotencyKey,
  startCardCheckout,
  startOfflineCheckout,
  startWalletCheckout,
} from "../api";
import { checkoutCopy, checkoutErrorMessage } from "../copy";
import type { Choice } from "../payment-choice";
import { checkoutKeys } from "../query-keys";

/** An order or plan the sandbox wallet is asked to approve. */
export type WalletApproval = { purchase_id: number; total: number; orderID?: string; plan_id?: string };

/** Declines of the processor that are about one part of the typed card. */
const DECLINED_PART: Record<string, CardPart> = {
  incorrect_cvc: "cvc",
  incorrect_number: "number",
  expired_card: "expiry",
};

/** What one Pay click needs to know: the order, the way to pay chosen and the card typed or picked. */
export interface PaymentRequest {
  pkg: ClassPackage;
  discount: DiscountCheck | null;
  fee: ClassPackage | null;
  thenPackageId?: number;
  choice: Choice;
  /** Nothing to charge (a free one-off package): the purchase is recorded as a cash one. */
  free: boolean;
  /** Hosted mode: a new card is typed on the processor's own page. */
  hosted: boolean;
  /** The saved card picked, if any. */
  savedId: number | undefined;
  cashOption?: CheckoutOption;
  cardOption?: CheckoutOption;
  walletOption?: CheckoutOption;
  card: CardFieldState;
  saveCard: boolean;
  /** Says next to the form what stops the payment; true when something does (decision 0030). */
  explain: () => boolean;
  /** A decline named a part of the typed card: said next to that part too. */
  onDeclinedPart: (part: CardPart, message: string) => void;
}

/**
 * The checkout's pay flow (docs/product-rules.md#checkout): card (typed, saved or on the hosted
 * page), the sandbox wallet, OXXO/SPEI, cash or a free package, then /gracias. One idempotency key
 * per attempt: a double click or a retry reuses it; after a decline a new attempt gets a new key.
 */
export function usePaymentAttempt(request: PaymentRequest) {
  const { pkg, discount, fee, thenPackageId, choice, free, hosted, savedId } = request;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [wallet, setWallet] = useState<WalletApproval | null>(null);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());

  async function done(purchaseId: number, message: string) {
    await queryClient.invalidateQueries({ queryKey: checkoutKeys.purchases });
    await queryClient.invalidateQueries({ queryKey: checkoutKeys.savedCards });
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
    const part = isApiError(e) ? DECLINED_PART[String(e.details.decline_code)] : undefined;
    if (part && savedId === undefined && !hosted) request.onDeclinedPart(part, message);
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
    if (processing || request.explain()) return;
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
      if (!free && (choice === "oxxo" || choice === "spei")) {
        const r = await startOfflineCheckout({ ...body, method: choice });
        await done(r.purchase_id, choice === "oxxo" ? checkoutCopy.voucherReady : checkoutCopy.speiReady);
        return;
      }
      if (!free && choice === "wallet") {
        // The approval can be cancelled and asked again: the same key answers the same order.
        setWallet(
          await startWalletCheckout({ ...body, payment_method_id: request.walletOption?.payment_method_id }),
        );
        setProcessing(false);
        return;
      }
      if (free || choice === "cash") {
        const r = await cashCheckout({
          ...body,
          payment_method_id: free ? undefined : request.cashOption?.payment_method_id,
        });
        await done(r.purchase_id, messages.purchaseSuccess);
        return;
      }
      const attempt = await startCardCheckout({
        ...body,
        payment_method_id: request.cardOption?.payment_method_id,
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
          : { payment_method: request.card.tokenize(), save_card: request.saveCard }),
      });
      await done(confirmed.purchase_id, messages.purchaseSuccess);
    } catch (e) {
      failed(e, confirming);
    }
  }

  return { processing, error, wallet, pay, approveWallet, cancelWallet: () => setWallet(null) };
}
