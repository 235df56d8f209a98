import type { FastifyInstance } from "fastify";
import { AppError, notFound } from "../../../domain/errors";
import { centsToString, toCents } from "../../../domain/money";
import {
  OXXO_MAX_CENTS,
  OXXO_MIN_CENTS,
  oxxoVoucherExpiry,
  voucherDays,
} from "../../../domain/offline-payments";
import type { Db } from "../../db/client";
import type { OfflineMethod } from "../../db/schema/purchases";
import type { CardGateway } from "../../payments/gateway";
import { refundGatewayFor } from "../../payments/gateways";
import { brandOf } from "../mail/templates/brand";
import { offlinePaymentEmail } from "../mail/templates/offline-payment";
import { grantRenewalPeriod } from "./credit-grant";
import {
  findInvoiceByRef,
  findPurchase,
  findPurchaseDetail,
  insertInvoiceOnce,
  updateInvoice,
} from "./purchases.repository";
import { recordRefusedGiveBack } from "./refunds.repository";
import {
  closePendingRenewalVouchers,
  expirePastDueRenewalVouchers,
  findRenewalVoucher,
  findRenewalVoucherByRef,
  insertRenewalVoucherOnce,
  listVouchersOfPeriod,
  type RenewalVoucherRow,
  updateRenewalVoucher,
} from "./renewal-vouchers.repository";

export type { RenewalVoucherRow };

/** A renewal voucher by id (the sandbox's "Simular pago" checks it is the caller's). */
export const renewalVoucherById = (db: Db, id: number) => findRenewalVoucher(db, id);

/** The renewal voucher of a processor payment, locked when asked (a webhook names only the payment). */
export const renewalVoucherOfPayment = (
  db: Db,
  provider: RenewalVoucherRow["provider"],
  providerRef: string,
  lock = false,
) => findRenewalVoucherByRef(db, provider, providerRef, lock);

/**
 * Renewal vouchers past their end expire (the 30-minute vouchers job, decision 0137), as a
 * checkout's do: the banner offers a new one, and one paid at the store anyway still pays its
 * period while it is due (or is refunded). Answers how many expired.
 */
export async function expireOverdueRenewalVouchers(db: Db, now = new Date()) {
  return (await expirePastDueRenewalVouchers(db, now)).length;
}

/** The processor ended an unpaid renewal voucher (Stripe's payment_failed at its end). */
export async function expireRenewalVoucher(tx: Db, voucher: RenewalVoucherRow, now: Date) {
  if (voucher.status !== "pending") return;
  await updateRenewalVoucher(tx, voucher.renewal_voucher_id, {
    status: "expired",
    settled_at: now,
    updatedAt: now,
  });
}

import { lockDue, PAY_RENEWAL_PATH, periodOf, renewalAmount } from "./renewals";

/**
 * A failed renewal period paid by OXXO or SPEI (decision 0134). The voucher belongs to the period
 * (the scheduler's unique invoice ref), not to a new purchase: paying it inserts that period's
 * invoice, so the period is granted once whichever payment comes first (decision 0128).
 */

type App = Pick<FastifyInstance, "db" | "appConfig" | "mailer" | "config" | "log">;

/** Subscriptions our scheduler bills (decision 0128); a processor-billed one retries at its processor. */
const SCHEDULER_BILLED = new Set(["sandbox", "cash"]);

export type RenewalVoucherOut = {
  renewal_voucher_id: number;
  purchase_id: number;
  method: OfflineMethod;
  status: RenewalVoucherRow["status"];
  amount: number;
  reference: string;
  expires_at: string | null;
  hosted_url: string | null;
  clabe: string | null;
  bank_name: string | null;
  sandbox: boolean;
};

export const renewalVoucherOut = (v: RenewalVoucherRow): RenewalVoucherOut => ({
  renewal_voucher_id: v.renewal_voucher_id,
  purchase_id: v.purchase_id,
  method: v.method,
  status: v.status,
  amount: Number(v.amount),
  reference: v.reference,
  expires_at: v.expires_at?.toISOString() ?? null,
  hosted_url: v.hosted_url,
  clabe: v.clabe,
  bank_name: v.bank_name,
  sandbox: v.provider === "sandbox",
});

/** The open voucher of the purchase's due period the banner shows (the newest), or null. */
export async function openVoucherOfDuePeriod(
  db: Db,
  purchase: Parameters<typeof periodOf>[0],
  timeZone: string,
  now = new Date(),
) {
  if (!purchase.next_billing_date) return null;
  const vouchers = await listVouchersOfPeriod(db, purchase.purchase_id, periodOf(purchase, timeZone).ref);
  const open = vouchers.find((v) => v.status === "pending" && (!v.expires_at || v.expires_at > now));
  return open ? renewalVoucherOut(open) : null;
}

/**
 * The customer asks for an OXXO voucher or SPEI transfer for the due period of their failed
 * renewal. An open one of the same method for the period is answered again (a second tap, a
 * reload); otherwise the processor makes one under a key of the period, the method and the
 * request's idempotency key (a retried request gets the same processor payment, and the unique
 * processor ref the same row), then it is recorded and emailed.
 */
export async function requestRenewalVoucher(
  app: App,
  gateway: CardGateway,
  customerId: number,
  input: { purchase_id: number; method: OfflineMethod; idempotency_key: string },
  now = new Date(),
): Promise<RenewalVoucherOut> {
  const purchase = await findPurchase(app.db, input.purchase_id);
  if (!purchase || purchase.customer_id !== customerId)
    throw notFound("purchaseNotFound", "PURCHASE_NOT_FOUND");
  if (
    purchase.status !== "active" ||
    purchase.renewal_failures === 0 ||
    !purchase.next_billing_date ||
    !SCHEDULER_BILLED.has(purchase.provider)
  )
    throw AppError.of("INVOICE_NOT_FAILED");
  const config = await app.appConfig.get();
  const enabled = input.method === "oxxo" ? config.oxxo_enabled : config.spei_enabled;
  if (!enabled) throw AppError.of("PAYMENT_METHOD_DISABLED");
  const create = gateway.createOfflinePayment;
  if (!create) throw AppError.of("PAYMENT_PROVIDER_NOT_CONFIGURED");
  const period = periodOf(purchase, config.timezone);
  const open = (await listVouchersOfPeriod(app.db, purchase.purchase_id, period.ref)).find(
    (v) => v.method === input.method && v.status === "pending" && (!v.expires_at || v.expires_at > now),
  );
  if (open) return renewalVoucherOut(open);
  // A cash period's pending invoice says what is owed; a card period owes what the retry charges.
  const pendingInvoice = await findInvoiceByRef(app.db, period.ref);
  const amount = pendingInvoice
    ? toCents(pendingInvoice.total_payment)
    : await renewalAmount(app.db, purchase);
  if (input.method === "oxxo" && (amount > OXXO_MAX_CENTS || amount < OXXO_MIN_CENTS))
    throw AppError.of("OXXO_AMOUNT_OUT_OF_RANGE");
  const detail = await findPurchaseDetail(app.db, purchase.purchase_id);
  const days = voucherDays(config.oxxo_expires_after_days);
  const made = await create.call(gateway, {
    method: input.method,
    amount_cents: amount,
    idempotency_key: `${period.ref}_${input.method}_${input.idempotency_key}`,
    description: `${purchase.title} (renovación)`,
    metadata: {
      renewal_period: period.ref,
      purchase_id: String(purchase.purchase_id),
      customer_id: String(customerId),
      method: input.method,
    },
    email: detail?.email ?? "",
    name: detail?.name || "Cliente",
    expires_after_days: days,
    now,
  });
  const voucher = await insertRenewalVoucherOnce(app.db, {
    purchase_id: purchase.purchase_id,
    customer_id: customerId,
    period_ref: period.ref,
    period_start: period.start,
    method: input.method,
    provider: gateway.name,
    provider_ref: made.id,
    amount: centsToString(amount),
    reference: made.reference,
    clabe: made.clabe,
    bank_name: made.bank_name,
    hosted_url: made.hosted_url,
    // A SPEI transfer has no end at Stripe: ours is the same number of days as a voucher's.
    expires_at: made.expires_at ?? oxxoVoucherExpiry(now, days),
    createdAt: now,
    updatedAt: now,
  });
  await emailVoucher(app, voucher, purchase.title, detail?.email);
  return renewalVoucherOut(voucher);
}

/** The voucher by email, as a checkout's; never throws (the voucher is recorded). */
async function emailVoucher(app: App, voucher: RenewalVoucherRow, title: string, to: string | undefined) {
  try {
    if (!to) return;
    const brand = brandOf(await app.appConfig.get(), app.config.publicUrl);
    const email = await offlinePaymentEmail(brand, {
      purchaseId: voucher.purchase_id,
      title: `${title} (renovación)`,
      method: voucher.method,
      amount: voucher.amount,
      reference: voucher.reference,
      expiresAt: voucher.expires_at,
      clabe: voucher.clabe,
      bankName: voucher.bank_name,
      hostedUrl: voucher.hosted_url,
      sandbox: voucher.provider === "sandbox",
      sitePath: PAY_RENEWAL_PATH,
    });
    await app.mailer.send({ to, template: "offline-payment", ...email });
  } catch (error) {
    app.log.error({ err: error, voucherId: voucher.renewal_voucher_id }, "renewal voucher email failed");
  }
}

export type RenewalVoucherPayment =
  | { kind: "granted"; customerId: number; closed: RenewalVoucherRow[] }
  | { kind: "not_applied"; voucher: RenewalVoucherRow }
  | { kind: "already" };

/**
 * The processor says a renewal voucher was paid (inside the webhook's transaction, the voucher
 * row locked by the caller). While its period is still the subscription's due one, the period's
 * invoice is inserted under the scheduler's ref (or a cash period's pending invoice turns paid),
 * marked recovered, and the period granted; the period's other open vouchers close. Otherwise the
 * period was paid another way first, or the subscription ended: the voucher is `not_applied` and
 * its money goes back (refundNotApplied, after the commit).
 */
export async function applyRenewalVoucherPayment(
  tx: Db,
  voucher: RenewalVoucherRow,
  timeZone: string,
  now: Date,
): Promise<RenewalVoucherPayment> {
  if (voucher.status === "paid" || voucher.status === "not_applied") return { kind: "already" };
  const current = await lockDue(tx, voucher.purchase_id, voucher.period_start);
  const period = current ? periodOf(current, timeZone) : null;
  const invoice = current && period ? await payPeriodInvoice(tx, current, period, voucher) : undefined;
  if (!current || !period || !invoice) {
    const row = await updateRenewalVoucher(tx, voucher.renewal_voucher_id, {
      status: "not_applied",
      settled_at: now,
      updatedAt: now,
    });
    return { kind: "not_applied", voucher: row ?? voucher };
  }
  await updateRenewalVoucher(tx, voucher.renewal_voucher_id, {
    status: "paid",
    invoice_id: invoice.invoice_id,
    settled_at: now,
    updatedAt: now,
  });
  // Closed here to cancel them at the processor after the commit; the grant would close them too.
  const closed = await closePendingRenewalVouchers(
    tx,
    current.purchase_id,
    "period_paid",
    now,
    voucher.period_ref,
  );
  await grantRenewalPeriod(tx, current, period, timeZone);
  return { kind: "granted", customerId: current.customer_id, closed };
}

/** The period's invoice, paid by the voucher: inserted under the scheduler's ref, or the cash one turned paid. */
async function payPeriodInvoice(
  tx: Db,
  purchase: NonNullable<Awaited<ReturnType<typeof lockDue>>>,
  period: ReturnType<typeof periodOf>,
  voucher: RenewalVoucherRow,
) {
  const existing = await findInvoiceByRef(tx, period.ref);
  // Paid after a failed attempt: recovered revenue (decision 0128).
  if (existing)
    return existing.status === "pending"
      ? updateInvoice(tx, existing.invoice_id, { status: "paid", recovered: true })
      : undefined;
  return insertInvoiceOnce(tx, {
    purchase_id: purchase.purchase_id,
    customer_id: purchase.customer_id,
    total_payment: voucher.amount,
    status: "paid",
    provider_ref: period.ref,
    period_start: period.start,
    period_end: period.end,
    recovered: true,
  });
}

/** The reason a late voucher's refused refund carries (the desk reads it with the purchase's refunds). */
export const notAppliedVoucherReason = (method: OfflineMethod) =>
  `Pago ${method === "oxxo" ? "OXXO" : "SPEI"} de renovación no aplicado (periodo ya pagado o suscripción terminada): se devuelve`;

/**
 * Money that arrived for a period already paid, or for a subscription that ended, goes back in
 * full through its processor, under a key of the voucher (a repeated call is the same refund).
 * Never throws: a processor that refuses or cannot be reached leaves `refund_ref` empty; a refusal
 * is also a failed refund of the subscription, listed with its refunds (decision 0137), so the desk
 * sees it and gives the money back at the counter.
 */
export async function refundNotApplied(
  app: Pick<App, "db"> & Partial<Pick<App, "config" | "log">>,
  voucher: RenewalVoucherRow,
) {
  try {
    if (!app.config) return;
    const gateway = refundGatewayFor({ config: app.config }, voucher.provider, voucher.provider_ref);
    if (!gateway) return;
    const outcome = await gateway.refund({
      payment_ref: voucher.provider_ref,
      amount_cents: toCents(voucher.amount),
      idempotency_key: `renewal-voucher-${voucher.renewal_voucher_id}`,
      refund_id: 0,
    });
    if (outcome.status === "failed") {
      // Listed with the subscription's refunds as a failed one (decision 0137): the desk gives it back.
      await recordRefusedGiveBack(app.db, {
        purchase_id: voucher.purchase_id,
        customer_id: voucher.customer_id,
        amount: voucher.amount,
        provider: voucher.provider,
        reason: notAppliedVoucherReason(voucher.method),
        failure_code: outcome.failure_code,
        idempotency_key: `renewal-voucher-${voucher.renewal_voucher_id}`,
      });
    } else
      await updateRenewalVoucher(app.db, voucher.renewal_voucher_id, {
        refund_ref: outcome.refund_ref,
        updatedAt: new Date(),
      });
  } catch (error) {
    app.log?.error({ err: error, voucherId: voucher.renewal_voucher_id }, "renewal voucher refund failed");
  }
}
