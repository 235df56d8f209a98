import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { single_classes } from "../../db/schema/calendar";
import { class_reservations } from "../../db/schema/reservations";
import { book, DAY, makeClass, makeCustomer, makeStudio, type Studio, setConfig } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { firstOf } from "../../test/fixtures";
import { countActiveSeats } from "./booking.repository";

// Runs on PostgreSQL too: the seat counter's triggers under the pool's connections (docs/decisions/0061).

/**
 * single_classes.seats_taken (decision 0033) is what a booking takes its seat by, so it must
 * equal the class's active rows after every kind of write, by the API or straight in SQL.
 */
let t: TestApp;
let studio: Studio;

beforeAll(async () => {
  t = await buildTestApp();
  studio = await makeStudio(t.app);
  await setConfig(t.app, { allow_class_guests: true });
});
afterAll(() => t.close());

async function counter(classId: number) {
  const row = firstOf(
    await t.app.db
      .select({ n: single_classes.seats_taken })
      .from(single_classes)
      .where(eq(single_classes.single_class_id, classId)),
  );
  return row.n;
}

async function expectInStep(classId: number, seats: number) {
  expect(await countActiveSeats(t.app.db, classId)).toBe(seats);
  expect(await counter(classId)).toBe(seats);
}

describe("the seat counter", () => {
  it("follows bookings with guests, cancellations, check-in updates, SQL inserts and deletes", async () => {
    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 3 * DAY), capacity: 3 });
    const other = await makeClass(t.app, studio, { at: new Date(Date.now() + 4 * DAY), capacity: 5 });
    const me = await makeCustomer(t, { credits: 5 });
    const you = await makeCustomer(t, { credits: 5 });

    const mine = await book(t, me.headers, { single_class_id: klass.single_class_id, guest: "Ana López" });
    expect(mine.statusCode, mine.body).toBe(200);
    await expectInStep(klass.single_class_id, 2);

    // Two seats left would be needed for a guest: refused before any write, the counter unchanged.
    const tooMany = await book(t, you.headers, { single_class_id: klass.single_class_id, guest: "Luis" });
    expect(tooMany.json().code).toBe("NOT_ENOUGH_SEATS");
    const last = await book(t, you.headers, { single_class_id: klass.single_class_id });
    expect(last.statusCode, last.body).toBe(200);
    await expectInStep(klass.single_class_id, 3);
    const third = await makeCustomer(t, { credits: 1 });
    expect((await book(t, third.headers, { single_class_id: klass.single_class_id })).json().code).toBe(
      "SOLD_OUT",
    );

    // Cancelling the host frees the guest's seat too.
    const hostId = mine.json().class_reservation.class_reservation_id as number;
    const cancelled = await t.app.inject({
      method: "DELETE",
      url: `/api/class_reservations/${hostId}`,
      headers: me.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await expectInStep(klass.single_class_id, 1);

    // An update that changes no row's cancellation (check-in) leaves it alone.
    await t.app.db
      .update(class_reservations)
      .set({ attend: true })
      .where(eq(class_reservations.single_class_id, klass.single_class_id));
    await expectInStep(klass.single_class_id, 1);

    // Writers outside the booking path: a multi-row insert over two classes, a delete.
    const rows = await t.app.db
      .insert(class_reservations)
      .values([
        { single_class_id: klass.single_class_id, customer_id: third.customerId, paid_with: "admin" },
        { single_class_id: other.single_class_id, customer_id: third.customerId, paid_with: "admin" },
        { single_class_id: other.single_class_id, customer_id: me.customerId, paid_with: "admin" },
      ])
      .returning();
    await expectInStep(klass.single_class_id, 2);
    await expectInStep(other.single_class_id, 2);
    await t.app.db.delete(class_reservations).where(
      inArray(
        class_reservations.class_reservation_id,
        rows.map((r) => r.class_reservation_id),
      ),
    );
    await expectInStep(klass.single_class_id, 1);
    await expectInStep(other.single_class_id, 0);
  });
});
