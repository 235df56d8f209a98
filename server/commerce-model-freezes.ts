import { and, eq, inArray, isNull } from "drizzle-orm";
import type fc from "fast-check";
import { expect } from "vitest";
import { addLocalDays, localDay } from "../domain/booking";
import { invoices, membership_freezes, type purchases } from "./db/schema/purchases";
import { freezeMembership, PENDING_FREEZE_FEE_AFTER_MS } from "./modules/purchases/freezes.service";
import { runPendingFreezeFees } from "./modules/purchases/purchases.jobs";
import type { CardGateway } from "./payments/gateway";
import { cardGateway } from "./payments/gateways";
import type { TestApp } from "./test/build-test-app";
import { newKey, token } from "./test/commerce";

/**
 * Memberships frozen for a fee in the commerce model (server/commerce-model.test.ts; decision
 * 0107): a customer buys the unlimited subscription with their card kept, freezes it for a fee
 * (sometimes the process dies after the processor took the fee), and the job finishes the fees
 * left pending. After every step:
 *
 * - a freeze's fee is on record (one invoice) exactly when the freeze applies, never twice;
 * - a fee still pending counts as money the processor holds and the app has not confirmed, like a
 *   charge in flight (the model's processor-money invariant reads `freezeFeesInFlight`).
 */

export const FREEZE_FEE_CENTS = 15_000;

type FreezeModel = {
  customers: { headers: Record<string, string>; id: number }[];
  paid: number[];
  payments: number[];
  processorCents: number;
  /** Paid subscriptions that may be frozen, and by whom (index in customers). */
  memberships?: Array<{ customer: number; purchase_id: number; frozen: number }>;
};
type Call = (
  method: "GET" | "POST" | "PUT",
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => Promise<{ statusCode: number; json: () => unknown; body: string }>;

const cents = (money: string | number) => Math.round(Number(money) * 100);

/** `app`: the test's app, read when a command runs; `subscription`: the unlimited subscription's package id. */
export function freezeCommands<M extends FreezeModel, R>(
  app: () => TestApp,
  call: Call,
  subscription: () => number,
) {
  class BuySubscription implements fc.AsyncCommand<M, R> {
    constructor(readonly who: number) {}
    check = () => true;
    async run(m: M) {
      const c = m.customers[this.who]!;
      const attempt = await call("POST", "/api/checkout/attempt", c.headers, {
        class_package_id: subscription(),
        idempotency_key: newKey(),
        include_signup_fee: true,
      });
      if (attempt.statusCode !== 200) return;
      const body = attempt.json() as {
        purchase_id: number;
        clientSecret: string;
        total: string;
        signup_fee_purchase_id?: number;
      };
      const confirm = await call("POST", "/api/checkout/confirm", c.headers, {
        purchase_id: body.purchase_id,
        client_secret: body.clientSecret,
        payment_method: token("4242424242424242"),
        save_card: true,
      });
      if (confirm.statusCode !== 200) return;
      m.paid.push(body.purchase_id, ...(body.signup_fee_purchase_id ? [body.signup_fee_purchase_id] : []));
      m.payments[this.who]!++;
      m.processorCents += cents(body.total);
      m.memberships = [
        ...(m.memberships ?? []),
        { customer: this.who, purchase_id: body.purchase_id, frozen: 0 },
      ];
    }
    toString = () => `BuySubscription(${this.who})`;
  }

  /** The customer freezes a few days; `crash`: the process dies after the processor took the fee. */
  class FreezeForFee implements fc.AsyncCommand<M, R> {
    constructor(
      readonly index: number,
      readonly crash: boolean,
    ) {}
    check = (m: Readonly<M>) => (m.memberships?.length ?? 0) > 0;
    async run(m: M) {
      const membership = m.memberships![this.index % m.memberships!.length]!;
      const c = m.customers[membership.customer]!;
      const tz = (await app().app.appConfig.get()).timezone;
      // Each freeze of a membership takes the next free days (a week apart); a refunded or ended
      // membership is refused with a Spanish 4xx and nothing is charged.
      const from = addLocalDays(localDay(new Date(), tz), 2 + membership.frozen * 7);
      const range = { from, to: addLocalDays(from, 2) };
      if (!this.crash) {
        const res = await call("POST", `/api/purchases/${membership.purchase_id}/freeze`, c.headers, {
          ...range,
          idempotency_key: newKey(),
        });
        if (res.statusCode === 200) {
          membership.frozen++;
          m.processorCents += FREEZE_FEE_CENTS;
        }
        return;
      }
      const real = cardGateway(app().app);
      let taken = false;
      const crashing: CardGateway = {
        ...real,
        chargeSaved: async (input) => {
          const outcome = await real.chargeSaved(input);
          taken = outcome.status === "succeeded";
          throw new Error("process killed");
        },
      };
      const deps = {
        db: app().app.db,
        config: await app().app.appConfig.get(),
        cardGateway: crashing,
        subscriptionGateway: () => null,
      };
      await freezeMembership(deps, null, {
        purchase_id: membership.purchase_id,
        customer_id: c.id,
        ...range,
      }).catch((error: { status?: number }) => {
        // Refused (4xx) before any charge, or the crash (502): never anything else.
        expect(error.status === 502 || (error.status ?? 500) < 500, String(error)).toBe(true);
      });
      if (taken) {
        membership.frozen++;
        m.processorCents += FREEZE_FEE_CENTS;
      }
    }
    toString = () => `FreezeForFee(${this.index}${this.crash ? ", crash" : ""})`;
  }

  class FinishFreezeFees implements fc.AsyncCommand<M, R> {
    check = () => true;
    async run() {
      await runPendingFreezeFees(app().app, new Date(Date.now() + PENDING_FREEZE_FEE_AFTER_MS + 1000));
    }
    toString = () => "FinishFreezeFees";
  }

  return { BuySubscription, FreezeForFee, FinishFreezeFees };
}

/** Freeze fees taken by the processor and still pending here (centavos), among these purchases. */
export async function freezeFeesInFlight(t: TestApp, purchaseIds: number[]) {
  if (purchaseIds.length === 0) return 0;
  const pending = await t.app.db
    .select()
    .from(membership_freezes)
    .where(
      and(inArray(membership_freezes.purchase_id, purchaseIds), eq(membership_freezes.fee_status, "pending")),
    );
  return pending.reduce((sum, f) => sum + cents(f.fee), 0);
}

/** A freeze's fee is on record once exactly when the freeze applies (decision 0107). */
export async function checkFreezeInvariants(t: TestApp, rows: Array<typeof purchases.$inferSelect>) {
  const ids = rows.map((p) => p.purchase_id);
  if (ids.length === 0) return;
  const freezes = await t.app.db
    .select()
    .from(membership_freezes)
    .where(and(inArray(membership_freezes.purchase_id, ids), isNull(membership_freezes.cancelledAt)));
  const feeInvoices = await t.app.db.select().from(invoices).where(inArray(invoices.purchase_id, ids));
  for (const f of freezes) {
    const own = feeInvoices.filter((i) => i.provider_ref === `freeze_fee_${f.membership_freeze_id}`);
    expect(own.length, `fee invoices of freeze ${f.membership_freeze_id} (${f.fee_status})`).toBe(
      f.fee_status === "paid" ? 1 : 0,
    );
  }
}
