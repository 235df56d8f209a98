import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDay, zonedInstant } from "../../../domain/booking";
import { wallClock } from "../../../domain/format";
import { customers } from "../../db/schema/customers";
import { invoices, purchases } from "../../db/schema/purchases";
import { class_reservations } from "../../db/schema/reservations";
import { DAY, makeClass, makeCustomer, makeStudio } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { addPackage } from "../../test/commerce";

// Runs on PostgreSQL too: aggregates by the studio's day, under a machine zone far from it (docs/decisions/0061).

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.signUp({ role: "admin" })).headers;
});
afterAll(() => t.close());

describe("GET /api/admin/dashboard", () => {
  it("computes today's occupancy, revenue by day and package, new customers and the no-show rate", async () => {
    const db = t.app.db;
    const tz = (await t.app.appConfig.get()).timezone;
    const now = new Date();
    const today = localDay(now, tz);
    const studio = await makeStudio(t.app);
    const a = await makeCustomer(t);
    const b = await makeCustomer(t);
    const c = await makeCustomer(t);
    await db
      .insert(customers)
      .values({ name: "Antigua", email: "antigua@prueba.mx", createdAt: new Date(now.getTime() - 60 * DAY) });

    // Today in the studio, 10 seats, 2 taken (one cancelled seat does not count). Before noon
    // the class is tonight and has not ended; after noon it was at 1 a.m. and its two seats
    // count as no-shows too, so the test means the same thing at any hour it runs.
    const todaysEnded = (wallClock(now, tz)?.hour ?? 0) >= 12;
    const todays = await makeClass(t.app, studio, {
      at: zonedInstant(today, todaysEnded ? "01:00" : "23:00", tz),
      capacity: 10,
    });
    await db.insert(class_reservations).values([
      { single_class_id: todays.single_class_id, customer_id: a.customerId },
      { single_class_id: todays.single_class_id, customer_id: b.customerId },
      { single_class_id: todays.single_class_id, customer_id: c.customerId, deletedAt: now },
    ]);
    // Ended ten days ago: 3 seats, 1 checked in → 2 no-shows of 3.
    const past = await makeClass(t.app, studio, { at: new Date(now.getTime() - 10 * DAY) });
    await db.insert(class_reservations).values([
      { single_class_id: past.single_class_id, customer_id: a.customerId, attend: true },
      { single_class_id: past.single_class_id, customer_id: b.customerId },
      { single_class_id: past.single_class_id, customer_id: c.customerId },
    ]);

    const five = await addPackage(t, { title: "5 Clases", price: "750.00", class_amount: 5 });
    const ten = await addPackage(t, { title: "10 Clases", price: "1500.00", class_amount: 10 });
    const buy = async (pkg: typeof five, total: string, status: "paid" | "pending", createdAt: Date) => {
      const [p] = await db
        .insert(purchases)
        .values({
          customer_id: a.customerId,
          class_package_id: pkg.class_package_id,
          title: pkg.title,
          amount: total,
          total_payment: total,
          status: "completed",
        })
        .returning();
      await db.insert(invoices).values({
        purchase_id: p!.purchase_id,
        customer_id: a.customerId,
        total_payment: total,
        status,
        createdAt,
      });
    };
    // 0.10 + 0.20 sums exactly in centavos.
    // Early today, but never in the future (the test may run at 00:10).
    const earlyToday = new Date(Math.min(zonedInstant(today, "00:30", tz).getTime(), now.getTime()));
    await buy(five, "100.10", "paid", earlyToday);
    await buy(five, "200.20", "paid", now);
    await buy(ten, "1500.00", "paid", new Date(now.getTime() - 5 * DAY));
    await buy(ten, "999.00", "paid", new Date(now.getTime() - 40 * DAY));
    await buy(ten, "888.00", "pending", now);
    await db.insert(purchases).values({
      customer_id: b.customerId,
      class_package_id: ten.class_package_id,
      title: "Sub",
      amount: "1",
      total_payment: "1",
      status: "active",
      subscription_id: "sub_1",
    });

    const res = await t.app.inject({ method: "GET", url: "/api/admin/dashboard", headers: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.today).toBe(today);
    expect(body.today_classes).toHaveLength(1);
    expect(body.today_classes[0]).toMatchObject({
      booked: 2,
      capacity: 10,
      occupancy: 20,
      coaches: ["Vale"],
    });

    expect(body.revenue.total).toBe(1800.3);
    expect(body.revenue.by_day).toHaveLength(30);
    expect(body.revenue.by_day.at(-1)).toEqual({ day: today, total: 300.3 });
    expect(body.revenue.by_package).toEqual([
      { title: "10 Clases", total: 1500, count: 1 },
      { title: "5 Clases", total: 300.3, count: 2 },
    ]);

    expect(body.subscriptions.active).toBe(1);
    expect(body.customers).toMatchObject({ total: 4, new_last_30_days: 3 });
    expect(body.customers.new_by_day.at(-1)).toEqual({ day: today, count: 3 });
    expect(body.no_shows).toEqual(
      todaysEnded ? { seats: 5, no_shows: 4, rate: 80 } : { seats: 3, no_shows: 2, rate: 66.7 },
    );

    expect(body.week.by_day).toHaveLength(7);
    expect(body.week.bookings).toBe(
      body.week.by_day.reduce((s: number, d: { bookings: number }) => s + d.bookings, 0),
    );
    expect(body.week.by_day.find((d: { day: string }) => d.day === today).bookings).toBe(2);
  });
});
