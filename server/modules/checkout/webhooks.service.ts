import type { FastifyInstance } from "fastify";
import { AppError } from "../../../domain/errors";
import { centsToString } from "../../../domain/money";
import type { Db } from "../../db/client";
import type { PaymentProvider } from "../../db/schema/purchases";
import type { GatewayEvent } from "../../payments/gateway";
import { cardGateway, subscriptionGatewayFor } from "../../payments/gateways";
import {
  endUnpaidSubscription,
  grantPaymentGroup,
  grantPurchase,
  grantRenewalPeriod,
} from "../purchases/credit-grant";
import { paymentCompleted } from "../purchases/payment-completed";
import {
  attachSubscription,
  cancelActiveSubscription,
  countRenewalFailure,
  failPaymentGroup,
  failPurchase,
  findPurchase,
  findPurchaseByProviderRef,
  listPaymentCompanions,
  lockPurchaseWithCustomer,
  type PurchaseRow,
  recordProviderInvoice,
  reopenUnpaidPurchase,
  setCardOfPayment,
} from "../purchases/purchases.service";
import { sendRefundEmail } from "../purchases/refund-email";
import { recordProcessorRefunds } from "../purchases/refunds.service";
import {
  applyRenewalVoucherPayment,
  expireRenewalVoucher,
  type RenewalVoucherRow,
  refundNotApplied,
  renewalVoucherOfPayment,
} from "../purchases/renewal-voucher";
import { cancelClosedRenewalVouchers } from "../purchases/renewal-voucher-cancel";
import { claimWebhookEvent } from "./checkout.repository";
import { giveBackFees } from "./fee-give-back";
import { findVoucherOfPurchase, settleVoucher } from "./offline-payments.repository";

type App = Pick<FastifyInstance, "db" | "appConfig"> &
  Partial<Pick<FastifyInstance, "mailer" | "config" | "log">>;

/**
 * Applies a verified provider event exactly once: the (provider, event id) row is claimed in the
 * same transaction that applies it, so a delivery repeated ten times, or ten at once, changes the
 * purchase once; a failure rolls the claim back and the provider's retry applies it later.
 *
 * Events may arrive in any order, so each one is applied by state, not by sequence: a grant
 * happens once whatever event reaches it first (markPaidOnce), a payment failure never undoes a
 * payment, a success after a failure still grants (the customer retried the card), and a
 * renewal period is claimed by its own invoice id.
 */
export async function applyGatewayEvent(
  app: App,
  provider: PaymentProvider,
  event: GatewayEvent,
  payload: unknown,
  now = new Date(),
): Promise<"applied" | "duplicate" | "ignored"> {
  const config = await app.appConfig.get();
  const timeZone = config.timezone;
  const type = event.type === "ignored" ? event.event_type : event.type;
  const refunded: number[] = [];
  /** Sign-up fees a closed voucher was paid with after all: given back after the commit (decision 0067). */
  const feesToGiveBack: number[] = [];
  /** The customer whose payment this event completed: their receipt goes out after the commit. */
  let paidBy: number | null = null;
  /** Renewal vouchers (decision 0134): paid too late to apply (refunded), closed by a payment (cancelled). */
  const notApplied: RenewalVoucherRow[] = [];
  const closedVouchers: RenewalVoucherRow[] = [];
  const result = await applyWebhookOnce(app, { provider, event_id: event.id, type, payload }, async (tx) => {
    // A renewal period's voucher is no purchase of its own: its events are the period's.
    const found =
      event.type === "payment_succeeded" || event.type === "payment_failed"
        ? await renewalVoucherOfPayment(tx, provider, event.provider_ref)
        : event.type === "refunded"
          ? await renewalVoucherOfPayment(tx, provider, event.payment_ref)
          : undefined;
    if (found) {
      // Our own refund of a voucher not applied is recorded on the voucher; nothing else to do.
      if (event.type === "refunded") return "ignored";
      // The purchase first, then the voucher: the order of every payment of a period (it locks
      // the purchase, then closes the period's other vouchers), so two reports of one period's
      // vouchers at once wait for each other instead of deadlocking (decision 0137).
      await findPurchase(tx, found.purchase_id, true);
      const renewalVoucher = (await renewalVoucherOfPayment(tx, provider, found.provider_ref, true))!;
      if (event.type === "payment_failed") {
        await expireRenewalVoucher(tx, renewalVoucher, now);
        return "applied";
      }
      const paid = await applyRenewalVoucherPayment(tx, renewalVoucher, timeZone, now);
      if (paid.kind === "granted") {
        paidBy = paid.customerId;
        closedVouchers.push(...paid.closed);
      } else if (paid.kind === "not_applied") notApplied.push(paid.voucher);
      return "applied";
    }
    switch (event.type) {
      case "refunded": {
        // The customer row first, as every refund path locks it (a booking too), then the purchase.
        const found =
          (event.purchase_id ? await findPurchase(tx, event.purchase_id) : undefined) ??
          (await findPurchaseByProviderRef(tx, provider, event.payment_ref));
        if (!found || found.provider !== provider) throw AppError.of("WEBHOOK_PURCHASE_UNKNOWN");
        const purchase = await lockPurchaseWithCustomer(tx, found);
        const deps = {
          timeZone,
          subscriptionGateway: (p: string) =>
            app.config ? subscriptionGatewayFor({ config: app.config }, p) : null,
        };
        refunded.push(...(await recordProcessorRefunds(tx, deps, purchase, event, now)));
        return "applied";
      }
      case "payment_succeeded": {
        let purchase = await lockEventPurchase(tx, provider, event.purchase_id, event.provider_ref);
        if (purchase.credits_granted_at) return "applied";
        if (purchase.status === "failed") {
          // A voucher we closed because the fee it carried was paid another way, paid at the store
          // anyway: the money arrived, so the whole payment is recorded paid, and the fee it carried
          // is given back after the commit: the fee is never charged twice (decision 0067).
          const closed = await findVoucherOfPurchase(tx, purchase.purchase_id);
          const feeId = config.signup_fee_package_id;
          const feeWasPaid = closed?.cancel_reason === "signup_fee_paid" && feeId !== null;
          // A success after a decline pays every purchase of the payment (the sign-up fee too).
          for (const c of await listPaymentCompanions(tx, purchase, true))
            if (c.status === "failed" && !c.credits_granted_at) {
              await reopenUnpaidPurchase(tx, c);
              if (feeWasPaid && c.class_package_id === feeId) feesToGiveBack.push(c.purchase_id);
            }
          if (feeWasPaid && purchase.class_package_id === feeId) feesToGiveBack.push(purchase.purchase_id);
          purchase = await reopenUnpaidPurchase(tx, purchase);
        }
        if (event.subscription_id) {
          purchase = (await attachSubscription(tx, purchase.purchase_id, event.subscription_id))!;
        }
        // The payment may pay the sign-up fee too (decision 0017): every purchase of it.
        const { granted } = await grantPaymentGroup(tx, purchase, { now, timeZone });
        if (granted && event.card_last4) {
          const companions = await listPaymentCompanions(tx, purchase, true);
          await setCardOfPayment(
            tx,
            [purchase.purchase_id, ...companions.map((c) => c.purchase_id)],
            event.card_last4,
          );
        }
        const voucher = await findVoucherOfPurchase(tx, purchase.purchase_id);
        if (voucher) await settleVoucher(tx, purchase.purchase_id, "paid", now);
        if (granted) paidBy = purchase.customer_id;
        return "applied";
      }
      case "payment_failed": {
        const purchase = await lockEventPurchase(tx, provider, event.purchase_id, event.provider_ref);
        if (purchase.status === "pending" && !purchase.credits_granted_at) {
          await failPaymentGroup(tx, purchase);
          // An OXXO voucher nobody paid in time (Stripe's payment_failed at its end).
          await settleVoucher(tx, purchase.purchase_id, "expired", now);
        }
        return "applied";
      }
      case "invoice_paid": {
        let purchase = await lockEventPurchase(tx, provider, undefined, event.subscription_id);
        // A paid subscription start or renewal: its receipt after the commit (claimed once).
        paidBy = purchase.customer_id;
        if (!purchase.credits_granted_at) {
          if (purchase.status === "failed") await reopenUnpaidPurchase(tx, purchase);
          await grantPurchase(tx, { ...purchase, subscription_id: event.subscription_id }, { now, timeZone });
          purchase = (await findPurchase(tx, purchase.purchase_id, true))!;
        }
        // The first invoice is the checkout's own payment: granted above, never a renewal.
        if (event.first) return "applied";
        const claimed = await recordProviderInvoice(tx, {
          purchase_id: purchase.purchase_id,
          customer_id: purchase.customer_id,
          total_payment: centsToString(event.amount_cents),
          status: "paid",
          provider_ref: event.invoice_ref,
          period_start: event.period_start,
          period_end: event.period_end,
        });
        if (claimed) {
          await grantRenewalPeriod(
            tx,
            purchase,
            { start: event.period_start, end: event.period_end },
            timeZone,
            { providerBilled: true },
          );
        }
        return "applied";
      }
      case "invoice_failed": {
        if (event.first) return "ignored"; // the checkout's confirmation reports it to the customer
        const purchase = await lockEventPurchase(tx, provider, undefined, event.subscription_id);
        const claimed = await recordProviderInvoice(tx, {
          purchase_id: purchase.purchase_id,
          customer_id: purchase.customer_id,
          total_payment: centsToString(event.amount_cents),
          status: "failed",
          provider_ref: `${event.invoice_ref}_${event.id}`,
        });
        if (claimed && purchase.status === "active") await countRenewalFailure(tx, purchase);
        return "applied";
      }
      case "subscription_cancelled": {
        const purchase = await lockEventPurchase(tx, provider, undefined, event.subscription_id);
        if (purchase.status === "pending") await failPurchase(tx, purchase.purchase_id);
        else if (purchase.status === "active" && event.payment_failed)
          await endUnpaidSubscription(tx, purchase, purchase.renewal_failures, now);
        else if (purchase.status === "active") await cancelActiveSubscription(tx, purchase.purchase_id, now);
        return "applied";
      }
      case "ignored":
        return "ignored";
    }
  });
  refunded.push(...(await giveBackFees(app, feesToGiveBack, now)));
  for (const voucher of notApplied) await refundNotApplied(app, voucher);
  if (closedVouchers.length > 0 && app.config)
    await cancelClosedRenewalVouchers(cardGateway(app as Pick<FastifyInstance, "config">), closedVouchers);
  await emailRefunds(app, refunded);
  if (result === "applied" && paidBy !== null && app.mailer && app.config && app.log)
    await paymentCompleted(app as Parameters<typeof paymentCompleted>[0], paidBy);
  return result;
}

/** The refunds a webhook applied get their email once it has committed. */
export async function emailRefunds(app: App, refundIds: number[]) {
  if (!app.mailer || !app.config || !app.log) return;
  const full = app as Parameters<typeof sendRefundEmail>[0];
  for (const id of refundIds) await sendRefundEmail(full, id);
}

/**
 * Runs `apply` in one transaction with the claim of the (provider, event id) row: a repeated or
 * concurrent delivery finds the row and answers "duplicate" without applying anything, and a
 * failure rolls the claim back so the provider's retry applies the event later.
 */
export async function applyWebhookOnce<T>(
  app: Pick<FastifyInstance, "db">,
  claim: { provider: PaymentProvider; event_id: string; type: string; payload: unknown },
  apply: (tx: Db) => Promise<T>,
): Promise<T | "duplicate"> {
  return app.db.transaction(async (tx) => {
    if (!(await claimWebhookEvent(tx, claim))) return "duplicate";
    return apply(tx);
  });
}

/**
 * The purchase an event is about, locked: by our purchase id, or else by the first of `refs`
 * (processor references: payment, plan or subscription id) that names one. An unknown one
 * answers 409 so the provider retries: the event can arrive before the checkout transaction
 * that created the purchase has committed.
 */
export async function lockEventPurchase(
  tx: Db,
  provider: PaymentProvider,
  purchaseId: number | undefined,
  ...refs: Array<string | null | undefined>
): Promise<PurchaseRow> {
  let found = purchaseId ? await findPurchase(tx, purchaseId, true) : undefined;
  for (const ref of purchaseId ? [] : refs) {
    if (found || !ref) continue;
    const byRef = await findPurchaseByProviderRef(tx, provider, ref);
    if (byRef) found = await findPurchase(tx, byRef.purchase_id, true);
  }
  if (!found || found.provider !== provider) throw AppError.of("WEBHOOK_PURCHASE_UNKNOWN");
  return found;
}
