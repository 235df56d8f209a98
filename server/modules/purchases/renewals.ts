import type { FastifyInstance } from "fastify";
import { addPeriod } from "../../../domain/billing";
import { type DunningConfig, type DunningDecision, dunningConfigOf } from "../../../domain/dunning";
import { centsToString, toCents } from "../../../domain/money";
import type { Db } from "../../db/client";
import type { CardGateway } from "../../payments/gateway";
import { tellCustomer } from "../../plugins/customer-messages";
import { dunFailedRenewal, grantRenewalPeriod } from "./credit-grant";
import {
  findInvoice,
  findInvoiceByRef,
  findPurchase,
  findPurchaseDetail,
  hasPaidCharge,
  insertInvoiceOnce,
  latestSavedCard,
  listDueRenewals,
  type PurchaseRow,
  updateInvoice,
} from "./purchases.repository";
import { chargeRenewalPeriod } from "./renewal-charge";
import { cashRenewalEmail } from "./renewal-email";
import { cancelClosedRenewalVouchers } from "./renewal-voucher-cancel";

/**
 * Subscription renewals our own scheduler bills: sandbox card and cash purchases (stripe and
 * paypal renew through their webhooks). Runs as a daily job; tests call it directly.
 *
 * Each due purchase is billed for the period that starts at its next_billing_date. The period's
 * invoice has a unique provider_ref (`renewal_<purchase>_<period start>`), so a run that crashes,
 * a second instance or a retried job never grants a period twice; the card charge is recorded
 * with an idempotency key per attempt before the processor is asked (decision 0137), so the
 * processor never charges twice for one attempt either, and money taken for a period that was
 * paid meanwhile is given back, never dropped.
 */
export type RenewalDeps = Pick<FastifyInstance, "db" | "appConfig" | "mailer"> & {
  /** The sandbox card gateway (the only card gateway whose subscriptions we bill ourselves). */
  gateway: CardGateway;
  log?: Pick<FastifyInstance["log"], "error">;
  /** The site's address for links in the renewal email (PUBLIC_URL); else https:// + the domain. */
  publicUrl?: string;
};

export type RenewalResult = "renewed" | "invoiced" | "retry" | "failed" | "skipped";

export const RENEWAL_JOB = "renew-subscriptions";

/** How many failed renewal charges are retried before a subscription is marked failed (app config). */
export const maxRenewalRetries = (config: { renewal_max_retries?: number | null }) =>
  Math.max(0, config.renewal_max_retries ?? 3);

export async function renewDueSubscriptions(deps: RenewalDeps, now = new Date()) {
  const config = await deps.appConfig.get();
  const local = /^(localhost|127\.0\.0\.1)(:|$)/.test(config.domain);
  const ctx: Ctx = {
    now,
    timeZone: config.timezone,
    dunning: dunningConfigOf(config),
    publicUrl: deps.publicUrl ?? `${local ? "http" : "https"}://${config.domain}`,
  };
  const summary: Record<RenewalResult | "errors", number> = {
    renewed: 0,
    invoiced: 0,
    retry: 0,
    failed: 0,
    skipped: 0,
    errors: 0,
  };
  for (const purchase of await listDueRenewals(deps.db, now, 1000)) {
    try {
      const result =
        purchase.provider === "cash"
          ? await renewCash(deps, purchase, ctx)
          : await renewCard(deps, purchase, ctx);
      summary[result]++;
    } catch (error) {
      // One broken purchase must not stop the others; it stays due and is tried on the next run.
      summary.errors++;
      deps.log?.error({ err: error, purchase_id: purchase.purchase_id }, "renewal failed");
    }
  }
  return summary;
}

type Ctx = { now: Date; timeZone: string; dunning: DunningConfig; publicUrl: string };

/** Where a customer pays a failed period themselves: Mis Membresías shows it with its pay button. */
export const PAY_RENEWAL_PATH = "/mystudio/membresias";

/** The period a due purchase is billed for: from its next charge, one subscription interval. */
export function periodOf(purchase: PurchaseRow, timeZone: string) {
  const start = purchase.next_billing_date!;
  const end = addPeriod(
    start,
    purchase.subscription_interval ?? 1,
    purchase.subscription_period ?? "month",
    timeZone,
  );
  return { start, end, ref: `renewal_${purchase.purchase_id}_${start.toISOString()}` };
}

/**
 * docs/product-rules.md#checkout: a discount code marked first_invoice_only applies to the first
 * invoice only. After a free trial the first charge is that first invoice (total_payment); every
 * later one is the undiscounted amount.
 */
export async function renewalAmount(db: Db, purchase: PurchaseRow): Promise<number> {
  const first = Boolean(purchase.free_trial_length) && !(await hasPaidCharge(db, purchase.purchase_id));
  return toCents(first ? purchase.total_payment : purchase.amount);
}

/** Reads the purchase under lock and checks it is still due for this very period. */
export async function lockDue(tx: Db, purchaseId: number, start: Date) {
  const current = await findPurchase(tx, purchaseId, true);
  if (current?.status !== "active") return null;
  if (current.next_billing_date?.getTime() !== start.getTime()) return null;
  return current;
}

async function renewCard(deps: RenewalDeps, purchase: PurchaseRow, ctx: Ctx): Promise<RenewalResult> {
  const period = periodOf(purchase, ctx.timeZone);
  const card = await latestSavedCard(deps.db, purchase.customer_id, purchase.provider);
  if (!card) return recordFailure(deps, purchase, period, ctx);
  // Recorded before the processor is asked, confirmed after (decision 0137): one key per attempt,
  // so a crashed run repeats the same attempt and a later run makes a new one.
  const charged = await chargeRenewalPeriod(
    { db: deps.db, gateway: deps.gateway, timeZone: ctx.timeZone, log: deps.log },
    {
      purchase,
      period,
      amount_cents: await renewalAmount(deps.db, purchase),
      source_id: card.source_id,
      idempotency_key: `${period.ref}_try${purchase.renewal_failures}`,
      kind: "renewal_card",
    },
    ctx.now,
  );
  if (charged.kind === "granted") return "renewed";
  const declined = charged.kind === "declined" || (charged.kind === "already" && charged.status === "failed");
  return declined ? recordFailure(deps, purchase, period, ctx) : "skipped";
}

/**
 * Cash: the first run of a period issues a pending invoice and emails the bank details; the
 * period is granted when an admin confirms that invoice. Every later run that still finds it
 * unpaid counts as a failed renewal, so an unpaid cash subscription ends after the retries too.
 */
async function renewCash(deps: RenewalDeps, purchase: PurchaseRow, ctx: Ctx): Promise<RenewalResult> {
  const period = periodOf(purchase, ctx.timeZone);
  const existing = await findInvoiceByRef(deps.db, period.ref);
  if (existing) {
    return existing.status === "pending" ? recordFailure(deps, purchase, period, ctx) : "skipped";
  }
  const amount = await renewalAmount(deps.db, purchase);
  const invoice = await deps.db.transaction(async (tx) => {
    if (!(await lockDue(tx, purchase.purchase_id, period.start))) return undefined;
    return insertInvoiceOnce(tx, {
      purchase_id: purchase.purchase_id,
      customer_id: purchase.customer_id,
      total_payment: centsToString(amount),
      status: "pending",
      provider_ref: period.ref,
      period_start: period.start,
      period_end: period.end,
    });
  });
  if (!invoice) return "skipped";
  const detail = await findPurchaseDetail(deps.db, purchase.purchase_id);
  if (detail) {
    const config = await deps.appConfig.get();
    await deps.mailer.send(
      await cashRenewalEmail({ detail, invoice, studio: config, publicUrl: ctx.publicUrl }),
    );
  }
  return "invoiced";
}

/**
 * A renewal that did not go through (decision 0128): counted, retried on the studio's schedule
 * (renewal_retry_days) with the customer in grace meanwhile, and told each time on their channel
 * with the link to pay the period themselves; after the last retry the purchase is marked failed,
 * booking with it stops (its credits expire now, its unlimited membership ends unless another one
 * is active) and the customer is told it ended.
 */
async function recordFailure(
  deps: RenewalDeps,
  purchase: PurchaseRow,
  period: { start: Date; end: Date; ref: string },
  ctx: Ctx,
): Promise<RenewalResult> {
  const outcome = await deps.db.transaction(async (tx) => {
    const current = await lockDue(tx, purchase.purchase_id, period.start);
    if (!current) return null;
    const failures = current.renewal_failures + 1;
    if (current.provider !== "cash") {
      // Mis Cargos shows each declined attempt; the unique ref also stops a double count.
      const row = await insertInvoiceOnce(tx, {
        purchase_id: current.purchase_id,
        customer_id: current.customer_id,
        total_payment: centsToString(await renewalAmount(tx, current)),
        status: "failed",
        provider_ref: `${period.ref}_failed${failures}`,
        period_start: period.start,
        period_end: period.end,
      });
      if (!row) return null;
    }
    return dunFailedRenewal(tx, current, period, { now: ctx.now, dunning: ctx.dunning });
  });
  if (!outcome) return "skipped";
  if (outcome.closed?.length) await cancelClosedRenewalVouchers(deps.gateway, outcome.closed);
  await tellCustomer(deps.db, dunningMessage(purchase, period, outcome, ctx));
  return outcome.decision.kind === "end" ? "failed" : "retry";
}

/** What the customer is told of one failed attempt, or of the end (decision 0128). */
function dunningMessage(
  purchase: PurchaseRow,
  period: { ref: string },
  outcome: { failures: number; decision: DunningDecision },
  ctx: Ctx,
) {
  const base = {
    customerId: purchase.customer_id,
    purchaseId: purchase.purchase_id,
    title: purchase.title,
    link: `${ctx.publicUrl}${PAY_RENEWAL_PATH}`,
  };
  return outcome.decision.kind === "end"
    ? { kind: "renewal_ended" as const, ...base, periodRef: period.ref }
    : {
        kind: "renewal_failed" as const,
        ...base,
        attemptRef: `${period.ref}:${outcome.failures}`,
        nextAttemptAt: outcome.decision.at,
      };
}

/**
 * An admin confirms a cash renewal invoice was paid: the invoice turns paid (only from pending,
 * so a second confirmation changes nothing) and its period is granted.
 */
export async function confirmRenewalInvoice(db: Db, invoiceId: number, timeZone: string) {
  return db.transaction(async (tx) => {
    const invoice = await findInvoice(tx, invoiceId, true);
    if (!invoice?.period_start || !invoice.period_end) return { status: "not_found" as const };
    if (invoice.status === "paid") return { status: "already" as const, invoice };
    if (invoice.status !== "pending") return { status: "not_pending" as const, invoice };
    const purchase = await findPurchase(tx, invoice.purchase_id, true);
    if (purchase?.status !== "active") return { status: "not_pending" as const, invoice };
    const paid = await updateInvoice(tx, invoice.invoice_id, {
      status: "paid",
      recovered: purchase.renewal_failures > 0,
    });
    await grantRenewalPeriod(
      tx,
      purchase,
      { start: invoice.period_start, end: invoice.period_end },
      timeZone,
    );
    return { status: "granted" as const, invoice: paid ?? invoice };
  });
}
