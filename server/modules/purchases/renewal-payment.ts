import { dunningConfigOf, graceUntil } from "../../../domain/dunning";
import { AppError, notFound } from "../../../domain/errors";
import { moneyOut } from "../../../domain/money";
import type { Db } from "../../db/client";
import type { CardGateway } from "../../payments/gateway";
import { requireOwnSource } from "../payment-methods/payment-methods.service";
import { findPurchase, lastFailedInvoice, listFailingSubscriptions } from "./purchases.repository";
import { chargeRenewalPeriod } from "./renewal-charge";
import { openVoucherOfDuePeriod } from "./renewal-voucher";
import { periodOf, renewalAmount } from "./renewals";

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
  deps: { db: Db; gateway: Pick<CardGateway, "chargeSaved" | "refund">; timeZone: string },
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
  let charged: Awaited<ReturnType<typeof chargeRenewalPeriod>>;
  try {
    // Recorded before the processor is asked, confirmed after (decision 0137): a retry with the
    // same key is the same charge, and money taken for a period paid meanwhile is given back.
    charged = await chargeRenewalPeriod(deps, {
      purchase,
      period,
      amount_cents: await renewalAmount(deps.db, purchase),
      source_id: source,
      idempotency_key: `${period.ref}_customer_${input.idempotency_key}`,
      kind: "renewal_customer",
    });
  } catch {
    // The processor could not be reached or its answer was lost: the intent stays pending and
    // finish-interrupted-charges finishes it; the customer is told not to pay again.
    throw AppError.of("CHARGE_PROCESSOR_UNREACHABLE");
  }
  if (charged.kind === "declined" || (charged.kind === "already" && charged.status === "failed")) {
    const code =
      charged.kind === "declined" ? charged.decline_code : (charged.outcome_code ?? "card_declined");
    throw AppError.of("CARD_DECLINED", { details: { decline_code: code } });
  }
  return charged.kind === "granted" ? { paid: true, invoice_id: charged.invoice_id } : { paid: false };
}
