import { eq, inArray } from "drizzle-orm";
import type fc from "fast-check";
import { expect } from "vitest";
import { cfdi_global_purchases, cfdis } from "./db/schema/cfdi";
import { purchases } from "./db/schema/purchases";
import { FACTURAS_FOLLOW_UP_JOB } from "./modules/invoicing/invoicing.jobs";
import type { TestApp } from "./test/build-test-app";

/**
 * Facturas in the commerce model (server/commerce-model.test.ts; docs/decisions/0072): the
 * customer asks for the factura of a paid purchase, the follow-up job runs; the model's refunds
 * cancel or credit it. After every step, for each purchase:
 *
 * - what its stamped CFDIs still invoice (its factura, or its concept in a factura global, less
 *   the notas de crédito related to it) is never more than what was paid less refunded, unless
 *   a cancellation is waiting for the receiver (then the purchase was refunded in full);
 * - notas de crédito never add up to more than the CFDI they credit;
 * - no factura is left pending (every attempt ends valid, failed or cancelled).
 */

type FacturaModel = { customers: { headers: Record<string, string>; id: number }[]; paid: number[] };
type Call = (
  method: "GET" | "POST" | "PUT",
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => Promise<{ statusCode: number; json: () => unknown; body: string }>;

const cents = (money: string | number) => Math.round(Number(money) * 100);

const FISCAL = {
  rfc: "GODE561231GR8",
  razon_social: "Modelo Fiscal",
  regimen_fiscal: "612",
  codigo_postal: "06700",
  uso_cfdi: "G03",
};

/** `app`: the test's app, read when a command runs (the commands are built before the app boots). */
export function facturaCommands<M extends FacturaModel, R>(app: () => TestApp, call: Call) {
  class RequestFactura implements fc.AsyncCommand<M, R> {
    constructor(readonly index: number) {}
    check = (m: Readonly<M>) => m.paid.length > 0;
    async run(m: M) {
      const id = m.paid[this.index % m.paid.length]!;
      const [p] = await app().app.db.select().from(purchases).where(eq(purchases.purchase_id, id));
      const c = m.customers.find((x) => x.id === p?.customer_id);
      if (!c) return;
      await call("PUT", "/api/fiscal-data", c.headers, FISCAL);
      // 200, or a Spanish 4xx (refunded, nothing to invoice...): `call` refuses any 5xx.
      await call("POST", "/api/facturas", c.headers, { purchase_id: id });
    }
    toString = () => `RequestFactura(${this.index})`;
  }

  class FollowUp implements fc.AsyncCommand<M, R> {
    check = () => true;
    async run() {
      await app().app.jobs.run(FACTURAS_FOLLOW_UP_JOB, {});
    }
    toString = () => "FollowUpFacturas";
  }

  return { RequestFactura, FollowUp };
}

/** The facturas invariants for the model's purchases. */
export async function checkFacturaInvariants(t: TestApp, rows: (typeof purchases.$inferSelect)[]) {
  if (rows.length === 0) return;
  const ids = rows.map((p) => p.purchase_id);
  const own = await t.app.db.select().from(cfdis).where(inArray(cfdis.purchase_id, ids));
  const inGlobals = await t.app.db
    .select()
    .from(cfdi_global_purchases)
    .where(inArray(cfdi_global_purchases.purchase_id, ids));
  const globals = inGlobals.length
    ? await t.app.db
        .select()
        .from(cfdis)
        .where(
          inArray(
            cfdis.cfdi_id,
            inGlobals.map((g) => g.cfdi_id),
          ),
        )
    : [];
  expect(
    own.filter((c) => c.status === "pending").map((c) => c.cfdi_id),
    "facturas left pending",
  ).toEqual([]);
  for (const p of rows) {
    const kept = cents(p.total_payment) - cents(p.refunded_total);
    const ingreso = own.find((c) => c.kind === "ingreso" && c.purchase_id === p.purchase_id);
    const line = inGlobals.find((g) => g.purchase_id === p.purchase_id);
    const global = line ? globals.find((g) => g.cfdi_id === line.cfdi_id) : undefined;
    const related = ingreso?.status === "valid" ? ingreso : global?.status === "valid" ? global : undefined;
    if (!related) continue;
    const covered = related === ingreso ? cents(ingreso.total) : cents(line?.amount ?? 0);
    const credited = own
      .filter(
        (c) =>
          c.kind === "egreso" &&
          c.purchase_id === p.purchase_id &&
          c.related_cfdi_id === related.cfdi_id &&
          c.status === "valid",
      )
      .reduce((sum, c) => sum + cents(c.total), 0);
    expect(credited, `notas de crédito of purchase ${p.purchase_id}`).toBeLessThanOrEqual(covered);
    if (related.cancellation_status === "pending") {
      expect(kept, `cancellation waiting for purchase ${p.purchase_id}: refunded in full`).toBe(0);
      continue;
    }
    expect(covered - credited, `invoiced less credited of purchase ${p.purchase_id}`).toBeLessThanOrEqual(
      kept,
    );
  }
}
