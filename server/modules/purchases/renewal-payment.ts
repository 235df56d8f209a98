import { dunningConfigOf, graceUntil } from "../../../domain/dunning";
import { AppError, notFound } from "../../../domain/errors";
import { centsToString, moneyOut } from "../../../domain/money";
import type { Db } from "../../db/client";
import type { CardGateway } from "../../payments/gateway";
import { requireOwnSource } from "../payment-methods/payment-methods.service";
import { grantRenewalPeriod } from "./credit-grant";
import {
  findPurchase,
  insertInvoiceOnce,
  lastFailedInvoice,
  listFailingSubscriptions,
} from "./purchases.repository";
import { openVoucherOfDuePeriod } from "./renewal-voucher";
import { lockDue, periodOf, renewalAmount } from "./renewals";

/**
 * Failed renewals the customer can fix (decision 0027): "Actualiza tu tarjeta" in their account,
 * and paying the failed charge there. Our scheduler bills sandbox-card subscriptions; their due
 * period can be paid here with a saved card or a new one. A processor-billed one (Stripe, PayPal)
 * retries at the processor: the banner sends the customer to update their card.
 */

/**
 * The customer's active subscriptions with failed renewal charges, each with its last failed
 * charge, its next retry and the end of its grace (decision 0128).
 */
export async function paymentIssuesOf(
  db: Db,
  customerId: number,
  config: Parameters<typeof dunningConfigOf>[0] & {
    timezone: string;
    oxxo_enabled: boolean;
    spei_enabled: boolean;
  },
  now = new Date(),
) {
  const dunning = dunningConfigOf(config);
  const rows = await listFailingSubscriptions(db, customerId);
  const out = [];
  const offlineMethods = ["oxxo", "spei"] as const;
  for (const purchase of rows) {
    const failed = await lastFailedInvoice(db, purchase.purchase_id);
    out.push({
      purchase_id: purchase.purchase_id,
      title: purchase.title,
      failures: purchase.renewal_failures,
      amount: moneyOut(failed?.total_payment ?? purchase.amount) ?? 0,
      invoice_id: failed?.invoice_id ?? null,
      due_since: purchase.next_billing_date,
      /** Paid here (our scheduler bills it); otherwise the processor retries with the updated card. */
      payable_here: purchase.provider === "sandbox",
      /** Paid at the studio or by transfer, confirmed by the desk. */
      cash: purchase.provider === "cash",
      next_attempt_at: purchase.renewal_retry_at,
      grace_until: purchase.renewal_failed_at ? graceUntil(purchase.renewal_failed_at, dunning) : null,
      // Our scheduler bills it, so a voucher can pay the period (decision 0134).
      offline_methods: ["sandbox", "cash"].includes(purchase.provider)
        ? offlineMethods.filter((m) => (m === "oxxo" ? config.oxxo_enabled : config.spei_enabled))
        : [],
      voucher: await openVoucherOfDuePeriod(db, purchase, config.timezone, now),
    });
  }
  return out;
}

/**
 * Pays the due period of a subscription whose renewal failed, with the customer's saved card
 * (`payment_source_id`) or a new card token: the period is granted once (its invoice's unique
 * ref is the scheduler's own, so the next run finds it paid), and the failures reset.
 */
export async function payFailedRenewal(
  deps: { db: Db; gateway: CardGateway; timeZone: string },
  customerId: number,
  input: {
    purchase_id: number;
    payment_source_id?: number;
    payment_method?: string;
    idempotency_key: string;
  },
) {
  const purchase = await findPurchase(deps.db, input.purchase_id);
  if (!purchase || purchase.customer_id !== customerId)
    throw notFound("purchaseNotFound", "PURCHASE_NOT_FOUND");
  if (purchase.status !== "active" || purchase.renewal_failures === 0 || purchase.provider !== "sandbox")
    throw AppError.of("INVOICE_NOT_FAILED");
  const source = input.payment_source_id
    ? (await requireOwnSource(deps.db, customerId, input.payment_source_id)).source_id
    : input.payment_method;
  if (!source) throw AppError.of("CARD_REQUIRED");
  const period = periodOf(purchase, deps.timeZone);
  const amount = await renewalAmount(deps.db, purchase);
  const outcome = await deps.gateway.chargeSaved({
    amount_cents: amount,
    idempotency_key: `${period.ref}_customer_${input.idempotency_key}`,
    description: purchase.title,
    metadata: { purchase_id: String(purchase.purchase_id), period_start: period.start.toISOString() },
    source_id: source,
  });
  if (outcome.status !== "succeeded") {
    throw AppError.of("CARD_DECLINED", {
      details: { decline_code: outcome.status === "declined" ? outcome.decline_code : "requires_action" },
    });
  }
  return deps.db.transaction(async (tx) => {
    const current = await lockDue(tx, purchase.purchase_id, period.start);
    if (!current) return { paid: false };
    const invoice = await insertInvoiceOnce(tx, {
      purchase_id: current.purchase_id,
      customer_id: current.customer_id,
      total_payment: centsToString(amount),
      status: "paid",
      provider_ref: period.ref,
      period_start: period.start,
      period_end: period.end,
      card_last4: outcome.card?.last4 ?? null,
      // Paid after a failed attempt: recovered revenue (decision 0128).
      recovered: true,
    });
    if (!invoice) return { paid: false };
    await grantRenewalPeriod(tx, current, period, deps.timeZone);
    return { paid: true, invoice_id: invoice.invoice_id };
  });
}
