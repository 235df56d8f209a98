import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aggregator_bookings, aggregator_settings, aggregator_slots } from "../../db/schema/aggregators";
import { single_classes } from "../../db/schema/calendar";
import { class_reservations } from "../../db/schema/reservations";
import { book, HOUR, makeClass, makeCustomer, makeStudio } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { only } from "../../test/fixtures";
import { TOTALPASS_SIGNATURE_HEADER, TOTALPASS_TIMESTAMP_HEADER, totalpassSignature } from "./totalpass";
import { WELLHUB_SIGNATURE_HEADER, wellhubSignature } from "./wellhub";

// Runs on PostgreSQL too: direct and aggregator bookings race for one class's seats under row locks (docs/decisions/0103).

/**
 * A burst of 16 direct bookings and 6 + 6 aggregator requests for a class of 10 seats, each
 * aggregator allowed 4: the class never oversells, exactly its capacity is booked, neither
 * aggregator passes its share, and every refusal says why (decision 0103).
 */
const SECRET = { wellhub: "wh-race-secret", totalpass: "tp-race-secret" };

describe("aggregator and direct bookings under concurrency", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({}, { acquireTimeoutMs: 60_000 });
  }, 120_000);
  afterAll(() => t?.close());

  it("books exactly the capacity and keeps each aggregator within its share", async () => {
    const studio = await makeStudio(t.app);
    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 24 * HOUR), capacity: 10 });
    const terms = {
      enabled: true,
      class_type_ids: [studio.cycling.class_type_id],
      seats_per_class: 4,
      partner_id: "1",
      api_key: "k",
    };
    await t.app.db.insert(aggregator_settings).values([
      { aggregator: "wellhub", webhook_secret: SECRET.wellhub, ...terms },
      { aggregator: "totalpass", webhook_secret: SECRET.totalpass, ...terms },
    ]);
    await t.app.db.insert(aggregator_slots).values([
      {
        aggregator: "wellhub",
        single_class_id: klass.single_class_id,
        external_slot_id: "77",
        external_class_id: "5",
      },
      { aggregator: "totalpass", single_class_id: klass.single_class_id, external_slot_id: "occ-77" },
    ]);
    const customers = await Promise.all(Array.from({ length: 16 }, () => makeCustomer(t, { credits: 1 })));

    const wellhubRequest = (i: number) => {
      const raw = JSON.stringify({
        event_type: "booking-requested",
        event_data: {
          user: { unique_token: `90000000000${i}`, name: `Wellhub ${i}`, email: `wh${i}@corp.mx` },
          slot: { id: 77, gym_id: 1, class_id: 5, booking_number: `RACE_${i}` },
          timestamp: Date.now(),
          event_id: `race-${i}`,
        },
      });
      return t.app.inject({
        method: "POST",
        url: "/api/webhooks/aggregators/wellhub",
        headers: {
          "content-type": "application/json",
          [WELLHUB_SIGNATURE_HEADER]: wellhubSignature(SECRET.wellhub, raw),
        },
        payload: raw,
      });
    };
    const totalpassRequest = (i: number) => {
      const raw = JSON.stringify({
        event: { id: "occ-77" },
        user: { code: `TP${i}`, name: `TotalPass ${i}`, email: `tp${i}@corp.mx` },
        slot: { id: `tp-race-${i}`, status: "active" },
      });
      const ts = String(Math.floor(Date.now() / 1000));
      return t.app.inject({
        method: "POST",
        url: "/api/webhooks/aggregators/totalpass",
        headers: {
          "content-type": "application/json",
          [TOTALPASS_TIMESTAMP_HEADER]: ts,
          [TOTALPASS_SIGNATURE_HEADER]: totalpassSignature(SECRET.totalpass, ts, raw),
        },
        payload: raw,
      });
    };

    const answers = await Promise.all([
      ...customers.map((c) => book(t, c.headers, { single_class_id: klass.single_class_id })),
      ...Array.from({ length: 6 }, (_, i) => wellhubRequest(i)),
      ...Array.from({ length: 6 }, (_, i) => totalpassRequest(i)),
    ]);
    for (const answer of answers) expect([200, 201, 409, 412]).toContain(answer.statusCode);

    const row = only(
      await t.app.db
        .select()
        .from(single_classes)
        .where(eq(single_classes.single_class_id, klass.single_class_id)),
    );
    const [active] = await t.app.db
      .select({ n: sql<number>`count(*)::integer` })
      .from(class_reservations)
      .where(
        and(
          eq(class_reservations.single_class_id, klass.single_class_id),
          isNull(class_reservations.deletedAt),
        ),
      );
    expect(row.seats_taken).toBe(10);
    expect(active?.n).toBe(10);

    const bookings = await t.app.db.select().from(aggregator_bookings);
    for (const aggregator of ["wellhub", "totalpass"]) {
      const mine = bookings.filter((b) => b.aggregator === aggregator);
      expect(mine).toHaveLength(6);
      expect(mine.filter((b) => b.status === "accepted").length).toBeLessThanOrEqual(4);
      for (const b of mine.filter((b) => b.status === "refused")) {
        expect(["class_full", "aggregator_cap_full"]).toContain(b.refusal_reason);
      }
    }
    const accepted = bookings.filter((b) => b.status === "accepted").length;
    const direct = answers.slice(0, 16).filter((a) => a.statusCode === 200 || a.statusCode === 201).length;
    expect(direct + accepted).toBe(10);
  }, 180_000);
});
