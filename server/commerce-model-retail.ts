import { eq, inArray } from "drizzle-orm";
import type fc from "fast-check";
import { expect } from "vitest";
import {
  retail_refunds,
  retail_sale_lines,
  retail_sales,
  retail_stock,
  retail_stock_movements,
} from "./db/schema/retail";
import type { TestApp } from "./test/build-test-app";

/**
 * Retail at the counter in the commerce model (server/commerce-model.test.ts; decision 0094):
 * counter sales of one product, refunds of units, restocks. After every step:
 *
 * - stock is never negative and equals the ledger's movements and what the model expects;
 * - money in equals money recorded: the sales' totals less refunds are what the model took, and
 *   each sale's refunded money is its refunded units' price;
 * - no line returns more units than it sold.
 */

type RetailModel = { drawerCents: number };
type Call = (
  method: "GET" | "POST" | "PUT",
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => Promise<{ statusCode: number; json: () => unknown; body: string }>;

/** What the retail answers the model reads. */
type Answer = { sale_id: number; product: { variants: { variant_id: number }[] } };
const answer = (res: { json: () => unknown }) => res.json() as Answer;

const PRICE_CENTS = 15_000;

/** `app` and `admin` are read when a command runs (the commands are built before the app boots). */
export function retailCommands<M extends RetailModel, R>(
  app: () => TestApp,
  call: Call,
  admin: () => Record<string, string>,
) {
  const state = {
    variantId: 0,
    stock: 0,
    takenCents: 0,
    sales: [] as { sale_id: number; line_id: number; left: number; cash: boolean }[],
  };

  async function ready() {
    if (state.variantId) return;
    const made = await call("POST", "/api/retail/products", admin(), {
      name: "Calcetas modelo",
      variants: [{ size: "M", colour: "Rosa", price: PRICE_CENTS / 100 }],
    });
    expect(made.statusCode, made.body).toBe(200);
    state.variantId = answer(made).product.variants[0]?.variant_id ?? 0;
  }

  class RetailSale implements fc.AsyncCommand<M, R> {
    constructor(
      readonly units: number,
      readonly pay: "cash" | "card",
    ) {}
    check = () => true;
    async run(m: M) {
      await ready();
      const res = await call("POST", "/api/retail/sales", admin(), {
        payment: this.pay,
        lines: [{ variant_id: state.variantId, quantity: this.units }],
      });
      if (this.units > state.stock) {
        expect(res.statusCode, "a sale beyond the stock is refused").toBe(409);
        return;
      }
      expect(res.statusCode, res.body).toBe(200);
      state.stock -= this.units;
      const total = this.units * PRICE_CENTS;
      state.takenCents += total;
      if (this.pay === "cash") m.drawerCents += total;
      const [line] = await app()
        .app.db.select()
        .from(retail_sale_lines)
        .where(eq(retail_sale_lines.sale_id, answer(res).sale_id));
      state.sales.push({
        sale_id: answer(res).sale_id,
        line_id: line!.line_id,
        left: this.units,
        cash: this.pay === "cash",
      });
    }
    toString = () => `RetailSale(${this.units}, ${this.pay})`;
  }

  class RetailRefund implements fc.AsyncCommand<M, R> {
    constructor(readonly index: number) {}
    check = () => state.sales.some((s) => s.left > 0);
    async run(m: M) {
      const open = state.sales.filter((s) => s.left > 0);
      const sale = open[this.index % open.length];
      if (!sale) return;
      const res = await call("POST", `/api/retail/sales/${sale.sale_id}/refund`, admin(), {
        lines: [{ line_id: sale.line_id, quantity: sale.left + 1 }],
      });
      expect(res.statusCode, "returning more than was sold is refused").toBe(409);
      const ok = await call("POST", `/api/retail/sales/${sale.sale_id}/refund`, admin(), {
        lines: [{ line_id: sale.line_id, quantity: 1 }],
      });
      expect(ok.statusCode, ok.body).toBe(200);
      sale.left -= 1;
      state.stock += 1;
      state.takenCents -= PRICE_CENTS;
      if (sale.cash) m.drawerCents -= PRICE_CENTS;
    }
    toString = () => `RetailRefund(${this.index})`;
  }

  class Restock implements fc.AsyncCommand<M, R> {
    constructor(readonly units: number) {}
    check = () => true;
    async run() {
      await ready();
      const res = await call("POST", "/api/retail/stock", admin(), {
        variant_id: state.variantId,
        delta: this.units,
        reason: "restock",
      });
      expect(res.statusCode, res.body).toBe(200);
      state.stock += this.units;
    }
    toString = () => `Restock(${this.units})`;
  }

  /** The retail invariants, read from the database. */
  async function checkRetailInvariants() {
    if (!state.variantId) return;
    const db = app().app.db;
    const rows = await db.select().from(retail_stock).where(eq(retail_stock.variant_id, state.variantId));
    const onHand = rows.reduce((sum, r) => sum + r.quantity, 0);
    for (const r of rows) expect(r.quantity, "stock never negative").toBeGreaterThanOrEqual(0);
    const moves = await db
      .select()
      .from(retail_stock_movements)
      .where(eq(retail_stock_movements.variant_id, state.variantId));
    expect(
      moves.reduce((sum, mv) => sum + mv.delta, 0),
      "stock = its ledger",
    ).toBe(onHand);
    expect(onHand, "stock the model expects").toBe(state.stock);
    const ids = state.sales.map((s) => s.sale_id);
    if (ids.length === 0) return;
    const sales = await db.select().from(retail_sales).where(inArray(retail_sales.sale_id, ids));
    const lines = await db.select().from(retail_sale_lines).where(inArray(retail_sale_lines.sale_id, ids));
    const back = await db.select().from(retail_refunds).where(inArray(retail_refunds.sale_id, ids));
    const recorded =
      sales.reduce((sum, s) => sum + s.total_cents, 0) - back.reduce((sum, r) => sum + r.amount_cents, 0);
    expect(recorded, "money in = money recorded (retail)").toBe(state.takenCents);
    for (const s of sales) {
      const own = lines.filter((l) => l.sale_id === s.sale_id);
      for (const l of own) expect(l.refunded_quantity).toBeLessThanOrEqual(l.quantity);
      const refundedByUnits = own.reduce((sum, l) => sum + l.refunded_quantity * l.unit_price_cents, 0);
      expect(s.refunded_cents, `refunded money of sale ${s.sale_id}`).toBe(refundedByUnits);
      expect(back.filter((r) => r.sale_id === s.sale_id).reduce((sum, r) => sum + r.amount_cents, 0)).toBe(
        s.refunded_cents,
      );
    }
  }

  return { RetailSale, RetailRefund, Restock, checkRetailInvariants };
}
