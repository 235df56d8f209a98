import type { FastifyInstance } from "fastify";
import { AppError } from "../../../domain/errors";
import { centsToNumber, centsToString } from "../../../domain/money";
import {
  OXXO_MAX_CENTS,
  OXXO_MIN_CENTS,
  oxxoVoucherExpiry,
  VOUCHER_GRACE_MS,
  voucherDays,
} from "../../../domain/offline-payments";
import type { OfflineMethod } from "../../db/schema/purchases";
import type { CardGateway, GatewayEvent } from "../../payments/gateway";
import { tellCustomer } from "../../plugins/customer-messages";
import { brandOf } from "../mail/templates/brand";
import { offlinePaymentEmail } from "../mail/templates/offline-payment";
import { grantPurchase } from "../purchases/credit-grant";
import { failPaymentGroup, findPurchase } from "../purchases/purchases.service";
import { renewalVoucherById, renewalVoucherOut } from "../purchases/renewal-voucher";
import {
  type CheckoutRequest,
  feeOf,
  once,
  openPurchase,
  type SignupFeeCarried,
  setPaymentRef,
} from "./checkout.service";
import {
  customerNameOf,
  findVoucherByRef,
  findVoucherOfPurchase,
  insertVoucher,
  listOverdueVouchers,
  settleVoucher,
  type VoucherRow,
} from "./offline-payments.repository";
import { applyGatewayEvent } from "./webhooks.service";

type App = Pick<FastifyInstance, "db" | "appConfig" | "mailer" | "config" | "log">;

/** What /gracias, Mis Compras and the email show of an offline payment. */
export type VoucherOut = {
  purchase_id: number;
  method: OfflineMethod;
  status: VoucherRow["status"];
  amount: number;
  reference: string;
  expires_at: string | null;
  hosted_url: string | null;
  clabe: string | null;
  bank_name: string | null;
  sandbox: boolean;
};

export type OfflineAttempt = {
  purchase_id: number;
  payment_id: number;
  total: number;
  completed: boolean;
  voucher?: VoucherOut;
  signup_fee_purchase_id?: number;
  signup_fee_carried?: SignupFeeCarried;
};

export const voucherOut = (v: VoucherRow): VoucherOut => ({
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

/**
 * OXXO or SPEI checkout (decision 0034): a pending purchase and the processor's voucher (OXXO) or
 * transfer instructions (SPEI), in the checkout's transaction and under its idempotency key. The
 * purchase grants nothing and counts no revenue until the processor's webhook says paid. Only a
 * one-off package: a subscription renews by charging a card. OXXO takes up to MXN 10,000.
 */
export async function startOfflineCheckout(
  app: App,
  gateway: CardGateway,
  req: CheckoutRequest & { method: OfflineMethod; email: string },
  now = new Date(),
): Promise<OfflineAttempt> {
  const config = await app.appConfig.get();
  const enabled = req.method === "oxxo" ? config.oxxo_enabled : config.spei_enabled;
  if (!enabled) throw AppError.of(412, "PAYMENT_METHOD_DISABLED", "offlineMethodDisabled");
  const create = gateway.createOfflinePayment;
  if (!create) throw AppError.of(412, "PAYMENT_PROVIDER_NOT_CONFIGURED", "paymentProviderNotConfigured");
  const payer = await customerNameOf(app.db, req.customer_id);
  const days = voucherDays(config.oxxo_expires_after_days);
  let created: VoucherRow | null = null;
  const response = await once<OfflineAttempt>(
    app,
    {
      ...req,
      provider: gateway.name,
      body: { ...req, customer_id: undefined, email: undefined, offline: req.method },
    },
    async (tx) => {
      const opened = await openPurchase(tx, req, gateway.name, null, now, config);
      const { purchase, pkg, chargeNow } = opened;
      if (pkg.is_subscription) throw AppError.of(412, "OFFLINE_SUBSCRIPTION", "offlineSubscriptionRefused");
      const base = {
        purchase_id: purchase.purchase_id,
        payment_id: purchase.purchase_id,
        total: centsToNumber(chargeNow),
        ...feeOf(opened),
      };
      if (chargeNow === 0) {
        // Nothing to pay (a 100 % discount): granted now, as every checkout does.
        await grantPurchase(tx, purchase, { now, timeZone: config.timezone });
        for (const c of opened.companions) await grantPurchase(tx, c, { now, timeZone: config.timezone });
        return { ...base, completed: true };
      }
      if (req.method === "oxxo" && (chargeNow > OXXO_MAX_CENTS || chargeNow < OXXO_MIN_CENTS))
        throw AppError.of(412, "OXXO_AMOUNT_OUT_OF_RANGE", "oxxoAmountTooHigh");
      const voucher = await create.call(gateway, {
        method: req.method,
        amount_cents: chargeNow,
        idempotency_key: req.idempotency_key,
        description: [pkg.title, ...opened.companions.map((c) => c.title)].join(" + "),
        metadata: {
          purchase_id: String(purchase.purchase_id),
          customer_id: String(req.customer_id),
          method: req.method,
        },
        email: req.email || payer?.email || "",
        name: [payer?.name, payer?.last_name].filter(Boolean).join(" ") || "Cliente",
        expires_after_days: days,
        now,
      });
      await setPaymentRef(tx, opened, voucher.id);
      created = await insertVoucher(tx, {
        purchase_id: purchase.purchase_id,
        customer_id: req.customer_id,
        method: req.method,
        provider: gateway.name,
        provider_ref: voucher.id,
        amount: centsToString(chargeNow),
        reference: voucher.reference,
        clabe: voucher.clabe,
        bank_name: voucher.bank_name,
        hosted_url: voucher.hosted_url,
        // A SPEI transfer has no end at Stripe: ours is the same number of days as a voucher's.
        expires_at: voucher.expires_at ?? oxxoVoucherExpiry(now, days),
        createdAt: now,
        updatedAt: now,
      });
      return { ...base, completed: false, voucher: voucherOut(created) };
    },
  );
  if (created) await sendVoucherEmail(app, created, response);
  return response;
}

/** The voucher or transfer details by email, once the checkout committed; never throws. */
async function sendVoucherEmail(app: App, voucher: VoucherRow, attempt: OfflineAttempt) {
  try {
    const purchase = await findPurchase(app.db, voucher.purchase_id);
    const payer = await customerNameOf(app.db, voucher.customer_id);
    if (!purchase || !payer) return;
    const brand = brandOf(await app.appConfig.get(), app.config.publicUrl);
    const email = await offlinePaymentEmail(brand, {
      purchaseId: voucher.purchase_id,
      title: attempt.signup_fee_purchase_id ? `${purchase.title} + inscripción` : purchase.title,
      method: voucher.method,
      amount: voucher.amount,
      reference: voucher.reference,
      expiresAt: voucher.expires_at,
      clabe: voucher.clabe,
      bankName: voucher.bank_name,
      hostedUrl: voucher.hosted_url,
      sandbox: voucher.provider === "sandbox",
    });
    await app.mailer.send({ to: payer.email, template: "offline-payment", ...email });
    await tellCustomer(app.db, {
      kind: "offline_payment",
      customerId: voucher.customer_id,
      purchaseId: voucher.purchase_id,
      method: voucher.method,
      reference: voucher.reference ?? voucher.clabe ?? null,
      amount: String(voucher.amount),
      deadline: voucher.expires_at,
    });
  } catch (error) {
    app.log.error({ err: error, purchaseId: voucher.purchase_id }, "voucher email failed");
  }
}

/** The voucher of one of the customer's own purchases (404 for anyone else's). */
export async function getOwnVoucher(app: Pick<App, "db">, customerId: number, purchaseId: number) {
  let voucher = await findVoucherOfPurchase(app.db, purchaseId);
  if (!voucher) {
    // The sign-up fee bought with the package is paid by the package's voucher (decision 0017).
    const purchase = await findPurchase(app.db, purchaseId);
    if (purchase?.customer_id === customerId && purchase.provider_ref)
      voucher = await findVoucherByRef(app.db, customerId, purchase.provider_ref);
  }
  if (!voucher || voucher.customer_id !== customerId)
    throw AppError.of(404, "VOUCHER_NOT_FOUND", "purchaseNotFound");
  return voucherOut(voucher);
}

/**
 * The sandbox's "the customer paid at OXXO / the transfer arrived": the event Stripe would send
 * (payment_succeeded for the purchase's payment), through the same code path as Stripe's webhook.
 * Its id is the voucher's, so a second click is a duplicate delivery and changes nothing.
 */
export async function simulateSandboxPayment(
  app: App,
  customerId: number,
  purchaseId: number,
  now = new Date(),
) {
  const voucher = await findVoucherOfPurchase(app.db, purchaseId);
  if (!voucher || voucher.customer_id !== customerId || voucher.provider !== "sandbox")
    throw AppError.of(404, "VOUCHER_NOT_FOUND", "purchaseNotFound");
  if (voucher.status === "expired") throw AppError.of(409, "VOUCHER_NOT_PENDING", "voucherNotPending");
  const event: GatewayEvent = {
    id: `evt_sandbox_paid_${voucher.provider_ref}`,
    type: "payment_succeeded",
    provider_ref: voucher.provider_ref,
    purchase_id: voucher.purchase_id,
  };
  const result = await applyGatewayEvent(app, "sandbox", event, { simulated: true, ...event }, now);
  return { result, voucher: voucherOut((await findVoucherOfPurchase(app.db, purchaseId))!) };
}

/**
 * The sandbox's "paid at OXXO / the transfer arrived" for a renewal period's voucher (decision
 * 0134): the same normalised event, through the same path. A voucher we closed answers why in
 * Spanish (the subscription ended, or the period was paid another way) and nothing is written.
 */
export async function simulateSandboxRenewalVoucherPayment(
  app: App,
  customerId: number,
  voucherId: number,
  now = new Date(),
) {
  const voucher = await renewalVoucherById(app.db, voucherId);
  if (!voucher || voucher.customer_id !== customerId || voucher.provider !== "sandbox")
    throw AppError.of("VOUCHER_NOT_FOUND");
  if (voucher.status !== "pending" && voucher.status !== "paid")
    throw AppError.of("VOUCHER_NOT_PENDING", {
      message:
        voucher.cancel_reason === "subscription_ended"
          ? "renewalVoucherEnded"
          : voucher.cancel_reason === "period_paid"
            ? "renewalVoucherPeriodPaid"
            : undefined,
    });
  const event: GatewayEvent = {
    id: `evt_sandbox_paid_${voucher.provider_ref}`,
    type: "payment_succeeded",
    provider_ref: voucher.provider_ref,
    purchase_id: voucher.purchase_id,
  };
  const result = await applyGatewayEvent(app, "sandbox", event, { simulated: true, ...event }, now);
  return { result, voucher: renewalVoucherOut((await renewalVoucherById(app.db, voucherId))!) };
}

/**
 * Our own end of unpaid vouchers, for when the processor's word never comes: a voucher past its
 * end plus VOUCHER_GRACE_MS is expired and its purchase (with the sign-up fee it carried) fails,
 * giving back its place and discount use. A payment event arriving later still grants it
 * (webhooks.service reopens a failed purchase that was paid after all).
 */
export async function expireOverdueVouchers(app: Pick<App, "db">, now = new Date()) {
  const overdue = await listOverdueVouchers(app.db, new Date(now.getTime() - VOUCHER_GRACE_MS));
  let expired = 0;
  for (const { purchase_id } of overdue) {
    await app.db.transaction(async (tx) => {
      const purchase = await findPurchase(tx, purchase_id, true);
      if (!purchase) return;
      if (purchase.status === "pending" && !purchase.credits_granted_at) {
        await failPaymentGroup(tx, purchase);
        expired++;
      }
      await settleVoucher(tx, purchase_id, purchase.credits_granted_at ? "paid" : "expired", now);
    });
  }
  return { expired };
}
