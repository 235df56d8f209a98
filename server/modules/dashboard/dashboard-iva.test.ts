import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLocalDays, localDay, zonedInstant } from "../../../domain/booking";
import { class_packages } from "../../db/schema/packages";
import { invoices, purchases, refunds } from "../../db/schema/purchases";
import { makeCustomer } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { addPackage } from "../../test/commerce";

/** The dashboard's revenue with IVA and before it (decision 0032). */

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.signUp({ role: "admin" })).headers;
});
afterAll(() => t.close());

describe("GET /api/admin/dashboard: revenue con IVA y sin IVA", () => {
  it("takes each charge and refund's IVA off at its own purchase's rate, refunds still subtracted", async () => {
    const db = t.app.db;
    const tz = (await t.app.appConfig.get()).timezone;
    const today = localDay(new Date(), tz);
    // Noon of a past studio day: the same day whatever the hour or zone the test runs in.
    const noon = (offset: number) => zonedInstant(addLocalDays(today, offset), "12:00", tz);
    const customer = await makeCustomer(t);

    const monthly = await addPackage(t, { title: "Mensual", price: "1160.00", class_amount: 8 });
    const border = await addPackage(t, {
      title: "Taller frontera",
      price: "540.00",
      class_amount: 1,
      iva_rate: "8",
    });
    const exempt = await addPackage(t, {
      title: "Exento",
      price: "300.00",
      class_amount: 1,
      iva_rate: "exento",
    });

    const buy = async (
      pkg: { class_package_id: number; title: string },
      total: string,
      iva_rate: string | null,
      paidAt: Date,
    ) => {
      const [p] = await db
        .insert(purchases)
        .values({
          customer_id: customer.customerId,
          class_package_id: pkg.class_package_id,
          title: pkg.title,
          amount: total,
          total_payment: total,
          status: "completed",
          iva_rate,
          createdAt: paidAt,
        })
        .returning();
      await db.insert(invoices).values({
        purchase_id: p!.purchase_id,
        customer_id: customer.customerId,
        total_payment: total,
        status: "paid",
        createdAt: paidAt,
      });
      return p!.purchase_id;
    };
    const monthlyId = await buy(monthly, "1160.00", "16", noon(-3));
    await buy(border, "540.00", null, noon(-2)); // no rate of its own: its package's 8 %
    await buy(exempt, "300.00", "exento", noon(-2));
    // Half of the monthly given back the next day; the package's rate changed since (8 %), but
    // the purchase keeps its 16 %.
    await db.insert(refunds).values({
      purchase_id: monthlyId,
      customer_id: customer.customerId,
      amount: "580.00",
      status: "succeeded",
      provider: "cash",
      createdAt: noon(-1),
      updatedAt: noon(-1),
    });
    await db
      .update(class_packages)
      .set({ iva_rate: "8" })
      .where(eq(class_packages.class_package_id, monthly.class_package_id));

    const res = await t.app.inject({ method: "GET", url: "/api/admin/dashboard", headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const days = (r: { by_day: { day: string; total: number }[] }) => r.by_day.filter((d) => d.total !== 0);

    expect(body.revenue).toMatchObject({ total: 1420, refunds: 580 });
    expect(days(body.revenue)).toEqual([
      { day: addLocalDays(today, -3), total: 1160 },
      { day: addLocalDays(today, -2), total: 840 },
      { day: addLocalDays(today, -1), total: -580 },
    ]);
    expect(body.revenue.by_package).toEqual([
      { title: "Mensual", total: 580, count: 1 },
      { title: "Taller frontera", total: 540, count: 1 },
      { title: "Exento", total: 300, count: 1 },
    ]);

    // 1160 at 16 % → 1000; 540 at 8 % → 500; exento 300 → 300; refund 580 at 16 % → 500.
    expect(body.revenue_sin_iva).toMatchObject({ days: 30, total: 1300, refunds: 500 });
    expect(days(body.revenue_sin_iva)).toEqual([
      { day: addLocalDays(today, -3), total: 1000 },
      { day: addLocalDays(today, -2), total: 800 },
      { day: addLocalDays(today, -1), total: -500 },
    ]);
    expect(body.revenue_sin_iva.by_package).toEqual([
      { title: "Mensual", total: 500, count: 1 },
      { title: "Taller frontera", total: 500, count: 1 },
      { title: "Exento", total: 300, count: 1 },
    ]);
  });
});
