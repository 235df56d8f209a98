import { and, eq, inArray, like } from "drizzle-orm";
import type fc from "fast-check";
import { expect } from "vitest";
import { splitCounterTender } from "../domain/gift-cards";
import { computeTotals } from "../domain/money";
import { account_credit, balance_movements, gift_cards, referrals } from "./db/schema/balances";
import { class_packages } from "./db/schema/packages";
import { payment_sources } from "./db/schema/payments";
import { charge_intents, invoices, purchases, refunds, renewal_vouchers } from "./db/schema/purchases";
import { retail_sale_lines, retail_sales } from "./db/schema/retail";
import { expireGiftCards } from "./modules/gift-cards/gift-cards.service";
import { paidByBalanceCents } from "./modules/gift-cards/ledger";
import { runRenewals } from "./modules/purchases/purchases.jobs";
import { renewDueSubscriptions } from "./modules/purchases/renewals";
import { rewardReferral } from "./modules/referrals/referrals.service";
import type { CardGateway } from "./payments/gateway";
import { sandboxGateway } from "./payments/gateways";
import type { TestApp } from "./test/build-test-app";
import { customerLogin, newKey, token } from "./test/commerce";

/**
 * Gift cards, saldo a favor, referral rewards and subscription renewals in the commerce model
 * (server/commerce-model.test.ts; decisions 0090-0092, 0117): cards sold online and at the desk,
 * spent at the desk (in part, whole, more than they hold) and as tender of a package's checkout
 * (with the card after them, sometimes declined), refunded to their buyer, credit granted by
 * staff, given by a refund to credit or a referral, and spent at checkout; a subscriber's renewal
 * charged or declined. Its own customers, so the model's other invariants read no balance money.
 * After every step:
 *
 * - each card's balance is what the model expects: issued − spent + released, never negative,
 *   and the sum of its ledger lines; likewise each customer's credit;
 * - the sum of the balances (the studio's liability) is the sum of the ledger and the model's sum;
 * - every ledger line has its money counterpart: an issue is a paid card of that amount, a spend
 *   pays a purchase of its holder (with the card paying the rest, or released when it failed), a
 *   refund to credit is a succeeded refund of that amount, a reward a rewarded referral, a refund
 *   to the buyer empties an unused card;
 * - an expired card pays nothing (a 4xx) and its remainder is written off once by the expiry job
 *   (an 'expire' line of exactly what it held; decision 0131), so issued = spent + refunded +
 *   written off + balance still holds;
 * - a refund never returns more than was paid;
 * - a repeated request (same key, a second run of a job) spends, issues or charges nothing again;
 * - a renewal period is charged once (its paid invoice), a declined one not at all;
 * - dunning (decision 0128): a declined period is retried on the studio's schedule (1, 3, 5 days)
 *   or paid by the customer in their account (by card, or by an OXXO voucher of that period,
 *   decision 0134), granted once either way (one paid invoice per
 *   period, marked recovered), and after the last failed retry the subscription ends with its
 *   unpaid period never paid nor granted and nothing charged again. The subscriber also has an
 *   open cash order and the subscription is an unlimited membership;
 * - a card retry that succeeds for a period a voucher paid meanwhile is given back (decision
 *   0137): the renewals' money at the processor = paid periods + charges in flight + money that
 *   paid nothing and is not yet given back, which is always a refund or a failed refund on record.
 */

type Call = (
  method: "GET" | "POST" | "PUT",
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => Promise<{ statusCode: number; json: () => unknown; body: string }>;
// biome-ignore lint/suspicious/noExplicitAny: API answers read loosely in the model
type Json = any;

const cents = (money: string | number) => Math.round(Number(money) * 100);
const REWARD_CENTS = 8_000;

type Card = {
  id: number;
  code: string;
  amount: number;
  balance: number;
  refunded: boolean;
  cash: boolean;
  /** Past its expiry: its remainder was written off (decision 0131), it pays nothing more. */
  expired?: boolean;
  writtenOff?: number;
};
type Holder = { headers: Record<string, string>; id: number; credit: number; rewards: number };
type Paid = { purchase_id: number; customer: number; due: number; byBalance: number; ok: boolean };

const COUNTER_PRODUCT_CENTS = 15_000;

/** `packages`: a class package and the unlimited subscription (ids, read when a command runs). */
export function balanceCommands<M extends { drawerCents: number }, R>(
  app: () => TestApp,
  call: Call,
  admin: () => Record<string, string>,
  packages: () => { pack: number; subscription: number },
) {
  const state = {
    customers: [] as Holder[],
    cards: [] as Card[],
    purchases: [] as Paid[],
    subscription: null as null | {
      customer: number;
      purchase_id: number;
      renewed: number;
      shift: number;
      /** Periods paid after a failed attempt (a retry or the customer's own payment). */
      recovered: number;
      /**
       * What the sandbox processor holds for the subscription's renewals (centavos): each card
       * charge and voucher paid, less what it gave back (decision 0137).
       */
      processorCents: number;
      /** One period's price (no trial, no discount: every renewal charges it). */
      priceCents: number;
    },
    /** Counter sales of products balances paid part of (decision 0123), and the product they sell. */
    counterSales: [] as {
      sale_id: number;
      byBalance: number;
      /** Who paid the product's share: the card (its index) and the customer's saldo (decision 0127). */
      card: number | null;
      cardCents: number;
      customer: number;
      creditCents: number;
      refunded: boolean;
    }[],
    counterVariant: 0,
  };
  const db = () => app().app.db;

  async function ready() {
    if (state.customers.length) return;
    await app().app.appConfig.update([
      { key: "referral_reward_kind", value: "credit" },
      { key: "referral_reward_amount", value: REWARD_CENTS / 100 },
    ]);
    for (const name of ["Saldo A", "Saldo B"]) await addCustomer(name);
  }

  async function addCustomer(name: string) {
    const login = await customerLogin(app(), name);
    state.customers.push({ headers: login.headers, id: login.customer_id, credit: 0, rewards: 0 });
    return state.customers.length - 1;
  }

  /** A card checkout of the package (with the sign-up fee when owed); answers the paid purchase. */
  async function buyPack(who: number, extra: object, card = "4242424242424242", save_card = false) {
    const c = state.customers[who]!;
    const body = { include_signup_fee: true, idempotency_key: newKey(), ...extra };
    const attempt = await call("POST", "/api/checkout/attempt", c.headers, body);
    return { attempt, body, confirm: await confirmIfDue(c, attempt, card, save_card) };
  }

  async function confirmIfDue(
    c: Holder,
    attempt: { statusCode: number; json: () => unknown },
    card: string,
    save_card = false,
  ) {
    if (attempt.statusCode !== 200 || (attempt.json() as Json).completed) return null;
    const a = attempt.json() as Json;
    return call("POST", "/api/checkout/confirm", c.headers, {
      purchase_id: a.purchase_id,
      client_secret: a.clientSecret,
      payment_method: token(card),
      save_card,
    });
  }

  /** What one checkout is due: the purchase and the fee it carries, in centavos. */
  async function dueOf(a: Json) {
    const ids = [a.purchase_id, ...(a.signup_fee_purchase_id ? [a.signup_fee_purchase_id] : [])];
    const rows = await db().select().from(purchases).where(inArray(purchases.purchase_id, ids));
    return rows.reduce((sum, p) => sum + cents(p.total_payment), 0);
  }

  class BuyGiftCard implements fc.AsyncCommand<M, R> {
    constructor(
      readonly pesos: number,
      readonly via: "online" | "desk" | "desk_cash" | "declined",
    ) {}
    check = () => true;
    async run(m: M) {
      await ready();
      const c = state.customers[0]!;
      const desk = this.via === "desk" || this.via === "desk_cash";
      const body = {
        amount: this.pesos,
        recipient_name: "Luz",
        idempotency_key: newKey(),
        ...(desk
          ? { buyer_name: "Mostrador", payment: this.via === "desk" ? "card" : "cash", reference: "4821" }
          : { payment_method: token(this.via === "declined" ? "4000000000000002" : "4242424242424242") }),
      };
      const url = desk ? "/api/gift-cards/admin" : "/api/gift-cards";
      const headers = desk ? admin() : c.headers;
      const res = await call("POST", url, headers, body);
      if (this.via === "declined") {
        expect(res.statusCode, "a declined card sells nothing").toBe(402);
        return;
      }
      // Guessing is slowed online (a few a minute): a long run may meet the limit.
      if (res.statusCode === 429) return;
      expect(res.statusCode, res.body).toBe(200);
      const sold = res.json() as Json;
      state.cards.push({
        id: sold.gift_card.gift_card_id,
        code: sold.code,
        amount: this.pesos * 100,
        balance: this.pesos * 100,
        refunded: false,
        cash: this.via === "desk_cash",
      });
      // Sold at the counter in cash: the drawer holds it (decision 0123).
      if (this.via === "desk_cash") m.drawerCents += this.pesos * 100;
      // The same request again: the same card, no code, no second issue.
      const again = await call("POST", url, headers, body);
      if (again.statusCode === 429) return;
      expect(again.statusCode, again.body).toBe(200);
      expect((again.json() as Json).gift_card.gift_card_id).toBe(sold.gift_card.gift_card_id);
      expect((again.json() as Json).code, "the code is shown once").toBeNull();
    }
    toString = () => `BuyGiftCard(${this.pesos}, ${this.via})`;
  }

  class RedeemAtDesk implements fc.AsyncCommand<M, R> {
    constructor(
      readonly index: number,
      readonly part: "part" | "whole" | "more",
    ) {}
    check = () => state.cards.length > 0;
    async run() {
      const card = state.cards[this.index % state.cards.length]!;
      const want =
        this.part === "part"
          ? Math.max(1, Math.floor(card.balance / 3))
          : card.balance + (this.part === "more" ? 5_000 : 0);
      const res = await call("POST", "/api/gift-cards/admin/redeem", admin(), {
        code: card.code,
        amount: Math.max(1, want) / 100,
      });
      if (card.refunded || card.balance === 0) {
        expect(res.statusCode, "a refunded or spent card pays nothing").toBeGreaterThanOrEqual(400);
        return;
      }
      expect(res.statusCode, res.body).toBe(200);
      const spent = Math.min(card.balance, Math.max(1, want));
      expect(cents((res.json() as Json).spent), "never more than the card holds").toBe(spent);
      card.balance -= spent;
    }
    toString = () => `RedeemAtDesk(${this.index}, ${this.part})`;
  }

  /** A package paid by a gift card and/or credit first, the card after them (maybe declined). */
  class PayWithBalance implements fc.AsyncCommand<M, R> {
    constructor(
      readonly who: number,
      readonly index: number | null,
      readonly useCredit: boolean,
      readonly declined: boolean,
    ) {}
    check = () => this.index === null || state.cards.length > 0;
    async run() {
      await ready();
      const c = state.customers[this.who % state.customers.length]!;
      const card = this.index === null ? null : state.cards[this.index % state.cards.length]!;
      const body = {
        class_package_id: packages().pack,
        include_signup_fee: true,
        idempotency_key: newKey(),
        ...(card ? { gift_card_code: card.code.toLowerCase() } : {}),
        use_credit: this.useCredit,
      };
      const attempt = await call("POST", "/api/checkout/attempt", c.headers, body);
      if (card && (card.refunded || card.balance === 0)) {
        expect(attempt.statusCode, "a refunded or spent card pays nothing").toBeGreaterThanOrEqual(400);
        return;
      }
      expect(attempt.statusCode, attempt.body).toBe(200);
      const a = attempt.json() as Json;
      const due = await dueOf(a);
      const fromCard = card ? Math.min(card.balance, due) : 0;
      const fromCredit = this.useCredit ? Math.min(c.credit, due - fromCard) : 0;
      expect(cents(a.total), "the card is charged what balances left").toBe(due - fromCard - fromCredit);
      // A retried request (double click): the same purchase, nothing spent again.
      const again = await call("POST", "/api/checkout/attempt", c.headers, body);
      expect((again.json() as Json).purchase_id).toBe(a.purchase_id);
      if (card) card.balance -= fromCard;
      c.credit -= fromCredit;
      const paid: Paid = {
        purchase_id: a.purchase_id,
        customer: this.who % state.customers.length,
        due,
        byBalance: fromCard + fromCredit,
        ok: Boolean(a.completed),
      };
      state.purchases.push(paid);
      if (a.completed) return;
      const confirm = await confirmIfDue(c, attempt, this.declined ? "4000000000000002" : "4242424242424242");
      paid.ok = confirm?.statusCode === 200;
      if (paid.ok) {
        // The confirmation sent twice: paid once, nothing spent or charged again.
        const twice = await confirmIfDue(c, attempt, "4242424242424242");
        expect(twice?.statusCode, twice?.body).toBe(200);
        return;
      }
      // Declined: what the balances paid comes back (a release line each).
      expect(confirm?.statusCode).toBe(402);
      if (card) card.balance += fromCard;
      c.credit += fromCredit;
      paid.byBalance = 0;
    }
    toString = () =>
      `PayWithBalance(${this.who}, ${this.index}${this.useCredit ? ", credit" : ""}${this.declined ? ", declined" : ""})`;
  }

  async function counterProduct() {
    if (state.counterVariant) return state.counterVariant;
    const made = await call("POST", "/api/retail/products", admin(), {
      name: "Toalla modelo",
      variants: [{ price: COUNTER_PRODUCT_CENTS / 100 }],
    });
    expect(made.statusCode, made.body).toBe(200);
    state.counterVariant = (made.json() as Json).product.variants[0].variant_id;
    const stocked = await call("POST", "/api/retail/stock", admin(), {
      variant_id: state.counterVariant,
      delta: 500,
      reason: "restock",
    });
    expect(stocked.statusCode, stocked.body).toBe(200);
    return state.counterVariant;
  }

  /**
   * A counter sale of the package and a product (decision 0123): a gift card (as much as due, or
   * more than it holds: refused whole) and saldo a favor pay first, cash the rest.
   */
  class CounterTender implements fc.AsyncCommand<M, R> {
    constructor(
      readonly who: number,
      readonly index: number | null,
      readonly useCredit: boolean,
      readonly over: boolean,
    ) {}
    check = () => this.index === null || state.cards.length > 0;
    async run(m: M) {
      await ready();
      const variant_id = await counterProduct();
      const who = this.who % state.customers.length;
      const c = state.customers[who]!;
      const card = this.index === null ? null : state.cards[this.index % state.cards.length]!;
      const [pkg] = await db()
        .select()
        .from(class_packages)
        .where(eq(class_packages.class_package_id, packages().pack));
      const packageCents = computeTotals(pkg!).total;
      const due = packageCents + COUNTER_PRODUCT_CENTS;
      const fromCard = card ? Math.min(card.balance, due) : 0;
      const fromCredit = this.useCredit ? Math.min(c.credit, due - fromCard) : 0;
      const res = await call("POST", "/api/retail/sales", admin(), {
        customer_id: c.id,
        payment: "cash",
        package: { class_package_id: packages().pack },
        lines: [{ variant_id, quantity: 1 }],
        ...(card ? { gift_card_code: card.code } : {}),
        ...(card && this.over ? { gift_card_amount: (card.balance + 100) / 100 } : {}),
        ...(fromCredit > 0 ? { credit_amount: fromCredit / 100 } : {}),
      });
      if (card && (card.refunded || card.balance === 0)) {
        expect(res.statusCode, "a refunded or spent card pays nothing").toBeGreaterThanOrEqual(400);
        return;
      }
      if (card && this.over) {
        expect(res.statusCode, "more than the card holds is refused whole").toBe(412);
        return;
      }
      expect(res.statusCode, res.body).toBe(200);
      const a = res.json() as Json;
      expect(cents(a.total)).toBe(due);
      expect(cents(a.paid_by_gift_card), "the card pays first").toBe(fromCard);
      expect(cents(a.paid_by_credit)).toBe(fromCredit);
      expect(cents(a.collected), "the drawer takes the rest").toBe(due - fromCard - fromCredit);
      if (card) card.balance -= fromCard;
      c.credit -= fromCredit;
      m.drawerCents += due - fromCard - fromCredit;
      const split = splitCounterTender({
        package_cents: packageCents,
        products_cents: COUNTER_PRODUCT_CENTS,
        gift_card_cents: fromCard,
        credit_cents: fromCredit,
      });
      state.purchases.push({
        purchase_id: a.purchase_id,
        customer: who,
        due: packageCents,
        byBalance: split.gift_card.package_cents + split.credit.package_cents,
        ok: true,
      });
      state.counterSales.push({
        sale_id: a.sale_id,
        byBalance: split.gift_card.products_cents + split.credit.products_cents,
        card: card ? state.cards.indexOf(card) : null,
        cardCents: split.gift_card.products_cents,
        customer: who,
        creditCents: split.credit.products_cents,
        refunded: false,
      });
    }
    toString = () =>
      `CounterTender(${this.who}, ${this.index}${this.useCredit ? ", credit" : ""}${this.over ? ", over" : ""})`;
  }

  /**
   * The product of a counter sale brought back (decision 0127): the drawer hands back only the
   * cash it took, the card and the saldo a favor get back what they paid; never twice.
   */
  class CounterRefund implements fc.AsyncCommand<M, R> {
    constructor(readonly index: number) {}
    check = () => state.counterSales.length > 0;
    async run(m: M) {
      const sale = state.counterSales[this.index % state.counterSales.length]!;
      const [line] = await db()
        .select()
        .from(retail_sale_lines)
        .where(eq(retail_sale_lines.sale_id, sale.sale_id));
      const res = await call("POST", `/api/retail/sales/${sale.sale_id}/refund`, admin(), {
        lines: [{ line_id: line!.line_id, quantity: 1 }],
      });
      if (sale.refunded) {
        expect(res.statusCode, "a unit comes back once").toBe(409);
        return;
      }
      expect(res.statusCode, res.body).toBe(200);
      const a = res.json() as Json;
      expect(cents(a.amount)).toBe(COUNTER_PRODUCT_CENTS);
      expect(cents(a.to_gift_card), "the card gets back what it paid").toBe(sale.cardCents);
      expect(cents(a.to_credit), "the saldo gets back what it paid").toBe(sale.creditCents);
      sale.refunded = true;
      if (sale.card !== null) state.cards[sale.card]!.balance += sale.cardCents;
      state.customers[sale.customer]!.credit += sale.creditCents;
      m.drawerCents -= COUNTER_PRODUCT_CENTS - sale.byBalance;
    }
    toString = () => `CounterRefund(${this.index})`;
  }

  class RefundGiftCard implements fc.AsyncCommand<M, R> {
    constructor(readonly index: number) {}
    check = () => state.cards.length > 0;
    async run(m: M) {
      const card = state.cards[this.index % state.cards.length]!;
      const url = `/api/gift-cards/admin/${card.id}/refund`;
      const res = await call("POST", url, admin(), {});
      if (card.refunded || card.balance !== card.amount) {
        expect(res.statusCode, "only an unused card is refunded").toBe(409);
        return;
      }
      expect(res.statusCode, res.body).toBe(200);
      card.refunded = true;
      card.balance = 0;
      // A cash card handed back leaves the drawer that sold it.
      if (card.cash) m.drawerCents -= card.amount;
      const again = await call("POST", url, admin(), {});
      expect(again.statusCode, "a card is refunded once").toBe(409);
    }
    toString = () => `RefundGiftCard(${this.index})`;
  }

  /**
   * A card reaches its expiry (its date moved to a minute ago: the model's clock for one card) and
   * the expiry job runs twice, as two instances would: its remainder is written off once.
   */
  class ExpireGiftCard implements fc.AsyncCommand<M, R> {
    constructor(readonly index: number) {}
    check = () => state.cards.length > 0;
    async run() {
      const card = state.cards[this.index % state.cards.length]!;
      await db()
        .update(gift_cards)
        .set({ expires_at: new Date(Date.now() - 60_000) })
        .where(eq(gift_cards.gift_card_id, card.id));
      await expireGiftCards(app().app);
      await expireGiftCards(app().app);
      if (!card.refunded) {
        card.writtenOff = (card.writtenOff ?? 0) + card.balance;
        card.balance = 0;
      }
      card.expired = true;
      const check = await call("GET", `/api/gift-cards/balance?code=${card.code}`, {});
      if (check.statusCode === 429) return;
      expect((check.json() as Json).status, "shown as expired").toBe(card.refunded ? "refunded" : "expired");
    }
    toString = () => `ExpireGiftCard(${this.index})`;
  }

  /** Staff correct a customer's credit (+), then try to take more than it holds (refused). */
  class GrantCredit implements fc.AsyncCommand<M, R> {
    constructor(
      readonly who: number,
      readonly pesos: number,
    ) {}
    check = () => true;
    async run() {
      await ready();
      const c = state.customers[this.who % state.customers.length]!;
      const url = `/api/gift-cards/admin/customers/${c.id}/credit`;
      const res = await call("POST", url, admin(), { amount: this.pesos, note: "Cortesía" });
      expect(res.statusCode, res.body).toBe(200);
      c.credit += this.pesos * 100;
      expect(cents((res.json() as Json).balance)).toBe(c.credit);
      const over = await call("POST", url, admin(), { amount: -(c.credit + 100) / 100, note: "Error" });
      expect(over.statusCode, "never below zero").toBe(412);
    }
    toString = () => `GrantCredit(${this.who}, ${this.pesos})`;
  }

  /** A purchase balances paid part of is refunded to credit; money beyond the card's part is refused. */
  class RefundToCredit implements fc.AsyncCommand<M, R> {
    constructor(
      readonly index: number,
      readonly part: "half" | "full",
    ) {}
    check = () => state.purchases.some((p) => p.ok);
    async run() {
      const open = state.purchases.filter((p) => p.ok);
      const p = open[this.index % open.length]!;
      const [row] = await db().select().from(purchases).where(eq(purchases.purchase_id, p.purchase_id));
      const left = cents(row!.total_payment) - cents(row!.refunded_total);
      const url = `/api/purchases/admin/${p.purchase_id}/refund`;
      if (p.byBalance > 0 && left > 0) {
        // What balances paid never goes back as money (decision 0091).
        const money = await call("POST", url, admin(), {
          idempotency_key: newKey(),
          reason: "Modelo",
          amount: left / 100,
        });
        expect(money.statusCode, "no money back for what balances paid").toBeGreaterThanOrEqual(400);
      }
      const amount = this.part === "full" ? left : Math.floor(left / 2);
      const body = { idempotency_key: newKey(), reason: "Modelo", to_credit: true, amount: amount / 100 };
      const res = await call("POST", url, admin(), body);
      if (amount <= 0) {
        expect(res.statusCode, "nothing left to refund").toBeGreaterThanOrEqual(400);
        return;
      }
      expect(res.statusCode, res.body).toBe(200);
      state.customers[p.customer]!.credit += amount;
      const again = await call("POST", url, admin(), body);
      expect(again.statusCode, "the same refund again gives nothing more").toBe(200);
    }
    toString = () => `RefundToCredit(${this.index}, ${this.part})`;
  }

  /** A new customer names one of ours as referrer and pays: both get the reward, once. */
  class ReferralReward implements fc.AsyncCommand<M, R> {
    constructor(readonly who: number) {}
    check = () => true;
    async run() {
      await ready();
      const referrer = state.customers[this.who % state.customers.length]!;
      const code = ((await call("GET", "/api/referidos/me", referrer.headers)).json() as Json).code;
      const index = await addCustomer(`Invitado ${state.customers.length}`);
      const referred = state.customers[index]!;
      const claim = await call("POST", "/api/referidos/me", referred.headers, { code });
      // Naming a referrer is rate limited (a few a minute): a long run may meet the limit.
      if (claim.statusCode === 429) return;
      expect(claim.statusCode, claim.body).toBe(200);
      const { confirm } = await buyPack(index, { class_package_id: packages().pack });
      expect(confirm?.statusCode, confirm?.body).toBe(200);
      referrer.credit += REWARD_CENTS;
      referrer.rewards += 1;
      referred.credit += REWARD_CENTS;
      referred.rewards += 1;
      // The reward's hook run again (a second payment, a retried job): nothing more.
      expect(await rewardReferral(app().app, referred.id)).toBe("none");
    }
    toString = () => `ReferralReward(${this.who})`;
  }

  /** The subscriber's period comes due and the renewal job charges the saved card, or it declines. */
  class Renewal implements fc.AsyncCommand<M, R> {
    constructor(readonly declined: boolean) {}
    check = () => true;
    async run() {
      await ready();
      if (!state.subscription) {
        const who = await addCustomer("Suscriptora");
        // The sign-up fee cannot ride on a subscription's first charge: paid with a package first.
        expect((await buyPack(who, { class_package_id: packages().pack })).confirm?.statusCode).toBe(200);
        const { attempt, confirm } = await buyPack(
          who,
          { class_package_id: packages().subscription },
          "4242424242424242",
          true,
        );
        expect(confirm?.statusCode, `${attempt.body} ${confirm?.body}`).toBe(200);
        const purchase_id = (attempt.json() as Json).purchase_id as number;
        const [bought] = await db().select().from(purchases).where(eq(purchases.purchase_id, purchase_id));
        state.subscription = {
          customer: who,
          purchase_id,
          renewed: 0,
          shift: 0,
          recovered: 0,
          processorCents: 0,
          priceCents: cents(bought!.amount),
        };
        // Another order of hers stays open meanwhile (cash, never confirmed): dunning leaves it be.
        const open = await call("POST", "/api/checkout", state.customers[who]!.headers, {
          class_package_id: packages().pack,
          idempotency_key: newKey(),
        });
        expect(open.statusCode, open.body).toBe(200);
        // Balances do not pay a subscription (its processor bills every period): refused, nothing spent.
        const balance = await call("POST", "/api/checkout/attempt", state.customers[who]!.headers, {
          class_package_id: packages().subscription,
          idempotency_key: newKey(),
          use_credit: true,
        });
        expect(balance.statusCode).toBeGreaterThanOrEqual(400);
      }
      const sub = state.subscription;
      const [row] = await db().select().from(purchases).where(eq(purchases.purchase_id, sub.purchase_id));
      if (row!.status !== "active") return;
      const customerId = state.customers[sub.customer]!.id;
      if (row!.renewal_failures > 0) {
        // In dunning (decision 0128): the next retry of the schedule, at its time.
        const at = new Date(row!.renewal_retry_at!.getTime() + 60_000);
        if (this.declined) await withoutCard(customerId, () => runRenewals(app().app, at));
        else {
          await runRenewals(app().app, at);
          sub.renewed += 1;
          sub.processorCents += sub.priceCents;
          sub.recovered += 1;
          await runRenewals(app().app, at);
        }
        return;
      }
      // Due a moment ago (each time another instant: another period).
      sub.shift += 1;
      const due = new Date(Date.now() - 3_600_000 - sub.shift * 1000);
      await db()
        .update(purchases)
        .set({ next_billing_date: due })
        .where(eq(purchases.purchase_id, sub.purchase_id));
      if (this.declined)
        await db()
          .update(payment_sources)
          .set({ deletedAt: new Date() })
          .where(eq(payment_sources.customer_id, customerId));
      await runRenewals(app().app);
      if (this.declined) {
        await db()
          .update(payment_sources)
          .set({ deletedAt: null })
          .where(eq(payment_sources.customer_id, customerId));
        return;
      }
      sub.renewed += 1;
      sub.processorCents += sub.priceCents;
      // The job again (a second instance, a retry): the period is already paid.
      await runRenewals(app().app);
    }
    toString = () => `Renewal(${this.declined ? "declined" : "charged"})`;
  }

  /** The saved card is gone while `run` runs (the renewal declines), then back. */
  async function withoutCard(customerId: number, run: () => Promise<unknown>) {
    await db()
      .update(payment_sources)
      .set({ deletedAt: new Date() })
      .where(eq(payment_sources.customer_id, customerId));
    try {
      await run();
    } finally {
      await db()
        .update(payment_sources)
        .set({ deletedAt: null })
        .where(eq(payment_sources.customer_id, customerId));
    }
  }

  /** The subscriber pays her failed period herself in her account, twice at once (decision 0128). */
  class PayFailedRenewal implements fc.AsyncCommand<M, R> {
    check = () => true;
    async run() {
      await ready();
      const sub = state.subscription;
      if (!sub) return;
      const [row] = await db().select().from(purchases).where(eq(purchases.purchase_id, sub.purchase_id));
      const holder = state.customers[sub.customer]!;
      const key = newKey();
      const pay = () =>
        call("POST", `/api/purchases/${sub.purchase_id}/pay-renewal`, holder.headers, {
          payment_method: token("4242424242424242"),
          idempotency_key: key,
        });
      if (row!.status !== "active" || row!.renewal_failures === 0) {
        expect((await pay()).statusCode, "nothing to pay").toBe(412);
        return;
      }
      const answers = await Promise.all([pay(), pay()]);
      for (const a of answers) expect(a.statusCode, a.body).toBeLessThan(500);
      const paid = answers.filter((a) => a.statusCode === 200 && (a.json() as Json).paid === true);
      expect(paid, "one payment pays the period").toHaveLength(1);
      sub.renewed += 1;
      sub.processorCents += sub.priceCents;
      sub.recovered += 1;
      // The retry the schedule had set finds the period paid.
      await runRenewals(app().app, new Date(row!.renewal_retry_at!.getTime() + 60_000));
    }
    toString = () => "PayFailedRenewal";
  }

  /**
   * The subscriber pays her failed period with an OXXO voucher of that period (decision 0134): the
   * store's report arrives twice at once; the period is paid once, recovered, and the retry finds
   * nothing due.
   */
  class PayFailedRenewalByVoucher implements fc.AsyncCommand<M, R> {
    check = () => true;
    async run() {
      await ready();
      const sub = state.subscription;
      if (!sub) return;
      const [row] = await db().select().from(purchases).where(eq(purchases.purchase_id, sub.purchase_id));
      const holder = state.customers[sub.customer]!;
      const asked = await call("POST", `/api/purchases/${sub.purchase_id}/renewal-voucher`, holder.headers, {
        method: "oxxo",
        idempotency_key: newKey(),
      });
      if (row!.status !== "active" || row!.renewal_failures === 0) {
        expect(asked.statusCode, "no voucher for a period that did not fail").toBe(412);
        return;
      }
      expect(asked.statusCode, asked.body).toBe(200);
      const voucher = (asked.json() as Json).voucher as { renewal_voucher_id: number };
      const pay = () =>
        call(
          "POST",
          `/api/payments/sandbox/renewal-vouchers/${voucher.renewal_voucher_id}/pay`,
          holder.headers,
        );
      const answers = await Promise.all([pay(), pay()]);
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      expect(answers.map((a) => (a.json() as Json).result).sort()).toEqual(["applied", "duplicate"]);
      sub.renewed += 1;
      sub.processorCents += sub.priceCents;
      sub.recovered += 1;
      await runRenewals(app().app, new Date(row!.renewal_retry_at!.getTime() + 60_000));
    }
    toString = () => "PayFailedRenewalByVoucher";
  }

  /**
   * The card retry of a failed period runs while the store's report of that period's OXXO voucher
   * arrives (decision 0137): the voucher pays the period; the card's charge, recorded before the
   * processor was asked, finds the period paid and is given back in full. Money in = money recorded.
   */
  class RenewalRacingVoucher implements fc.AsyncCommand<M, R> {
    check = () => true;
    async run() {
      await ready();
      const sub = state.subscription;
      if (!sub) return;
      const [row] = await db().select().from(purchases).where(eq(purchases.purchase_id, sub.purchase_id));
      if (row!.status !== "active" || row!.renewal_failures === 0) return;
      const holder = state.customers[sub.customer]!;
      const asked = await call("POST", `/api/purchases/${sub.purchase_id}/renewal-voucher`, holder.headers, {
        method: "oxxo",
        idempotency_key: newKey(),
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const voucher = (asked.json() as Json).voucher as { renewal_voucher_id: number };
      // What the processor really does is counted here, at the processor: its charges and refunds.
      const real = sandboxGateway(app().app);
      const racing: CardGateway = {
        ...real,
        chargeSaved: async (input) => {
          if (input.metadata.purchase_id === String(sub.purchase_id)) {
            const paid = await call(
              "POST",
              `/api/payments/sandbox/renewal-vouchers/${voucher.renewal_voucher_id}/pay`,
              holder.headers,
            );
            expect((paid.json() as Json).result, paid.body).toBe("applied");
            sub.processorCents += sub.priceCents;
          }
          const outcome = await real.chargeSaved(input);
          if (outcome.status === "succeeded" && input.metadata.purchase_id === String(sub.purchase_id))
            sub.processorCents += input.amount_cents;
          return outcome;
        },
        refund: async (input) => {
          const outcome = await real.refund(input);
          if (outcome.status === "succeeded") sub.processorCents -= input.amount_cents;
          return outcome;
        },
      };
      const { app: server } = app();
      const summary = await renewDueSubscriptions(
        { db: server.db, appConfig: server.appConfig, mailer: server.mailer, gateway: racing },
        new Date(row!.renewal_retry_at!.getTime() + 60_000),
      );
      expect(summary.errors).toBe(0);
      // The voucher paid the period; the card's charge paid nothing.
      sub.renewed += 1;
      sub.recovered += 1;
    }
    toString = () => "RenewalRacingVoucher";
  }

  /** The balance invariants, read from the database. */
  async function checkBalanceInvariants() {
    if (!state.customers.length) return;
    const cardIds = state.cards.map((c) => c.id);
    const customerIds = state.customers.map((c) => c.id);
    const cardRows = cardIds.length
      ? await db().select().from(gift_cards).where(inArray(gift_cards.gift_card_id, cardIds))
      : [];
    const creditRows = await db()
      .select()
      .from(account_credit)
      .where(inArray(account_credit.customer_id, customerIds));
    const lines = [
      ...(cardIds.length
        ? await db().select().from(balance_movements).where(inArray(balance_movements.gift_card_id, cardIds))
        : []),
      ...(await db()
        .select()
        .from(balance_movements)
        .where(inArray(balance_movements.customer_id, customerIds))),
    ];
    const sum = (rows: { amount: string }[]) => rows.reduce((s, r) => s + cents(r.amount), 0);

    for (const card of state.cards) {
      const row = cardRows.find((r) => r.gift_card_id === card.id)!;
      const own = lines.filter((l) => l.gift_card_id === card.id);
      expect(cents(row.balance), `balance of card ${card.id}`).toBe(card.balance);
      expect(sum(own), `card ${card.id} = its ledger`).toBe(card.balance);
      expect(card.balance).toBeGreaterThanOrEqual(0);
      const issued = own.filter((l) => l.kind === "issue");
      expect(
        issued.map((l) => cents(l.amount)),
        `card ${card.id} issued once`,
      ).toEqual([card.amount]);
      expect(row.state).toBe(card.refunded ? "refunded" : "active");
      const back = own.filter((l) => l.kind === "refund_to_buyer");
      expect(back.map((l) => cents(l.amount))).toEqual(card.refunded ? [-card.amount] : []);
      const off = own.filter((l) => l.kind === "expire");
      expect(
        off.map((l) => -cents(l.amount)),
        `card ${card.id} written off once, what it held`,
      ).toEqual(card.writtenOff ? [card.writtenOff] : []);
      if (card.expired) expect(card.balance, `expired card ${card.id} holds nothing`).toBe(0);
      // Refunded unused: nothing was spent of it before.
      if (card.refunded)
        expect(own.filter((l) => l.kind !== "issue" && l.kind !== "refund_to_buyer")).toEqual([]);
    }
    for (const c of state.customers) {
      const row = creditRows.find((r) => r.customer_id === c.id);
      const own = lines.filter((l) => l.customer_id === c.id);
      expect(cents(row?.balance ?? 0), `credit of customer ${c.id}`).toBe(c.credit);
      expect(sum(own), `credit of ${c.id} = its ledger`).toBe(c.credit);
      expect(own.filter((l) => l.kind === "referral_reward").length, `rewards of ${c.id}`).toBe(c.rewards);
    }
    // The liability: every balance held, the ledger's sum and the model's.
    const held =
      cardRows.reduce((s, r) => s + cents(r.balance), 0) +
      creditRows.reduce((s, r) => s + cents(r.balance), 0);
    const expected =
      state.cards.reduce((s, c) => s + c.balance, 0) + state.customers.reduce((s, c) => s + c.credit, 0);
    expect(held, "liability = balances").toBe(sum(lines));
    expect(held, "liability = model").toBe(expected);

    // Counterparts: spends pay a purchase of ours (the card paid the rest, or all came back).
    for (const p of state.purchases) {
      expect((await paidByBalanceCents(db(), p.purchase_id)) || 0, `balances paid of ${p.purchase_id}`).toBe(
        p.byBalance,
      );
      expect(p.byBalance).toBeLessThanOrEqual(p.due);
    }
    const known = new Set(state.purchases.map((p) => p.purchase_id));
    for (const l of lines.filter((x) => x.kind === "spend" || x.kind === "release"))
      expect(known.has(l.purchase_id!), `line ${l.balance_movement_id} pays a purchase of ours`).toBe(true);
    // The counter's products: each sale's balance part is its ledger lines, and every such line is a sale's.
    const saleIds = new Set(state.counterSales.map((x) => x.sale_id));
    for (const l of lines.filter((x) => x.retail_sale_id !== null))
      expect(
        saleIds.has(l.retail_sale_id!),
        `line ${l.balance_movement_id} pays a counter sale of ours`,
      ).toBe(true);
    const saleRows = saleIds.size
      ? await db()
          .select()
          .from(retail_sales)
          .where(inArray(retail_sales.sale_id, [...saleIds]))
      : [];
    for (const x of state.counterSales) {
      const row = saleRows.find((r) => r.sale_id === x.sale_id)!;
      expect(row.balance_cents, `balances paid of counter sale ${x.sale_id}`).toBe(x.byBalance);
      expect(
        0 - sum(lines.filter((l) => l.retail_sale_id === x.sale_id)),
        `sale ${x.sale_id} = its ledger, less what its refund gave back`,
      ).toBe(x.refunded ? 0 : x.byBalance);
      expect(row.balance_cents).toBeLessThanOrEqual(row.total_cents);
    }
    const toCredit = lines.filter((l) => l.kind === "refund_to_credit");
    const refundRows = toCredit.length
      ? await db()
          .select()
          .from(refunds)
          .where(
            inArray(
              refunds.refund_id,
              toCredit.map((l) => l.refund_id!),
            ),
          )
      : [];
    for (const l of toCredit) {
      const r = refundRows.find((x) => x.refund_id === l.refund_id);
      expect(r, `refund of line ${l.balance_movement_id}`).toMatchObject({
        source: "credit",
        status: "succeeded",
        purchase_id: l.purchase_id,
      });
      expect(cents(r!.amount)).toBe(cents(l.amount));
    }
    const rewarded = await db()
      .select()
      .from(referrals)
      .where(and(inArray(referrals.referred_customer_id, customerIds), eq(referrals.status, "rewarded")));
    for (const l of lines.filter((x) => x.kind === "referral_reward"))
      expect(
        rewarded.some(
          (r) => r.referrer_customer_id === l.customer_id || r.referred_customer_id === l.customer_id,
        ),
        `reward line ${l.balance_movement_id} has its referral`,
      ).toBe(true);

    // A refund never returns more than was paid.
    const ours = await db().select().from(purchases).where(inArray(purchases.customer_id, customerIds));
    const given = ours.length
      ? await db()
          .select()
          .from(refunds)
          .where(
            inArray(
              refunds.purchase_id,
              ours.map((p) => p.purchase_id),
            ),
          )
      : [];
    for (const p of ours) {
      const back = given
        .filter((r) => r.purchase_id === p.purchase_id && r.status === "succeeded")
        .reduce((s, r) => s + cents(r.amount), 0);
      expect(back, `refunded of ${p.purchase_id}`).toBe(cents(p.refunded_total));
      expect(back).toBeLessThanOrEqual(cents(p.total_payment));
    }

    // Each renewal period charged once; a declined one not at all.
    if (state.subscription) {
      const paid = await db()
        .select()
        .from(invoices)
        .where(
          and(
            like(invoices.provider_ref, `renewal_${state.subscription.purchase_id}_%`),
            eq(invoices.status, "paid"),
          ),
        );
      expect(paid.length, "renewals charged").toBe(state.subscription.renewed);
      // Dunning (decision 0128): each period paid once, recovered ones marked, nothing after the end.
      const periods = paid.map((i) => i.period_start?.toISOString());
      expect(new Set(periods).size, "a period paid once").toBe(periods.length);
      expect(paid.filter((i) => i.recovered).length, "recovered periods").toBe(state.subscription.recovered);
      // Money in = money recorded (decision 0137): what the processor holds for the renewals is
      // the paid periods, the charges in flight, and money that paid nothing not yet given back.
      const id = state.subscription.purchase_id;
      const intents = await db()
        .select()
        .from(charge_intents)
        .where(and(eq(charge_intents.purchase_id, id), like(charge_intents.kind, "renewal_%")));
      const vouchers = await db().select().from(renewal_vouchers).where(eq(renewal_vouchers.purchase_id, id));
      const unapplied = [
        ...intents.filter((i) => i.status === "succeeded" && i.outcome_code === "not_applied"),
        ...vouchers.filter((v) => v.status === "not_applied"),
      ];
      const held =
        sum(paid.map((i) => ({ amount: i.total_payment }))) +
        sum(intents.filter((i) => i.status === "pending")) +
        sum(unapplied.filter((x) => !x.refund_ref));
      expect(held, "renewal money at the processor = money recorded").toBe(state.subscription.processorCents);
      // Money that paid nothing is given back, or a failed refund the desk sees: never lost.
      const refused = await db().select().from(refunds).where(eq(refunds.purchase_id, id));
      for (const x of unapplied.filter((u) => !u.refund_ref))
        expect(
          refused.some((r) => r.status === "failed" && r.source === "not_applied" && r.amount === x.amount),
          "an unapplied payment is refunded or listed as a failed refund",
        ).toBe(true);
      const [sub] = await db()
        .select()
        .from(purchases)
        .where(eq(purchases.purchase_id, state.subscription.purchase_id));
      if (sub!.status === "failed") {
        expect(sub!.next_billing_date, "an ended subscription bills no more").toBeNull();
        expect(sub!.renewal_retry_at).toBeNull();
      }
    }
  }

  return {
    BuyGiftCard,
    RedeemAtDesk,
    PayWithBalance,
    CounterTender,
    CounterRefund,
    RefundGiftCard,
    ExpireGiftCard,
    GrantCredit,
    RefundToCredit,
    ReferralReward,
    Renewal,
    PayFailedRenewal,
    PayFailedRenewalByVoucher,
    RenewalRacingVoucher,
    checkBalanceInvariants,
  };
}
