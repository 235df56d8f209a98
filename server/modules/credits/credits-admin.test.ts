import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDay } from "../../../domain/booking";
import { messages } from "../../../domain/messages";
import { audit_log } from "../../db/schema/audit";
import { book, DAY, makeClass, makeCustomer, makeStudio, type Studio, setConfig } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { firstOf } from "../../test/fixtures";

// Dates are built relative to now (days ahead or behind), never from the hour or weekday.
let t: TestApp;
let studio: Studio;
let admin: Record<string, string>;
const MX = "America/Mexico_City";
const daysFromNow = (days: number) => localDay(new Date(Date.now() + days * DAY), MX);

beforeAll(async () => {
  t = await buildTestApp();
  studio = await makeStudio(t.app);
  admin = (await t.signUp({ role: "admin" })).headers;
});
afterAll(() => t.close());

const call = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function auditOf(entityId: number | string, action: string) {
  const rows = await t.app.db
    .select()
    .from(audit_log)
    .where(eq(audit_log.entity_id, String(entityId)));
  return rows.filter((r) => r.action === action);
}

describe("/api/available_classes for administrators", () => {
  it("creates a bucket for a customer, which then pays for a booking", async () => {
    const customer = await makeCustomer(t);
    const res = await call("POST", "/api/available_classes", admin, {
      customer_id: customer.customerId,
      available_classes: 3,
      expiration_date: daysFromNow(30),
      class_types: [studio.cycling.class_type_id],
    });
    expect(res.statusCode).toBe(200);
    const created = res.json().available_class;
    expect(res.json().message).toBe(messages.creditBucketSaved);
    expect(created).toMatchObject({
      available_classes: 3,
      class_types: String(studio.cycling.class_type_id),
      class_type_names: ["Cycling"],
      customer_id: customer.customerId,
    });
    // "YYYY-MM-DD" is the end of that day on the studio's clock.
    expect(localDay(created.expiration_date, MX)).toBe(daysFromNow(30));
    const entry = firstOf(await auditOf(created.available_class_id, "credits.bucket_create"), "entry");
    expect(entry.details).toMatchObject({ before: null, after: { available_classes: 3 } });

    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 3 * DAY) });
    expect((await book(t, customer.headers, { single_class_id: klass.single_class_id })).statusCode).toBe(
      200,
    );
    const mine = (await call("GET", "/api/available_classes", customer.headers)).json();
    expect(mine.total).toBe(2);
    // A class of another type is not paid by it.
    const yoga = await makeClass(t.app, studio, { at: new Date(Date.now() + 3 * DAY), type: "yoga" });
    const refused = await book(t, customer.headers, { single_class_id: yoga.single_class_id });
    expect(refused.statusCode).toBe(412);
    expect(refused.json().code).toBe("NO_CREDITS");
  });

  it("adjusts amount, expiry and class types, audited with before and after", async () => {
    const customer = await makeCustomer(t, { credits: 5 });
    const bucketId = firstOf(customer.buckets).available_class_id;
    const res = await call("PUT", "/api/available_classes", admin, {
      available_class_id: bucketId,
      available_classes: 8,
      expiration_date: daysFromNow(10),
      class_types: [studio.yoga.class_type_id, studio.cycling.class_type_id],
      allowed_times: "7:00, 18:30",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().available_class).toMatchObject({
      available_classes: 8,
      class_types: [studio.cycling.class_type_id, studio.yoga.class_type_id].sort((a, b) => a - b).join(","),
      allowed_times: "07:00,18:30",
    });
    const entry = firstOf(await auditOf(bucketId, "credits.bucket_update"), "entry");
    expect(entry.customer_id).toBe(customer.customerId);
    expect(entry.details).toMatchObject({
      before: { available_classes: 5, expiration_date: null, class_types: null },
      after: { available_classes: 8, allowed_times: "07:00,18:30" },
    });
    // The admin lists every bucket of the customer; one bucket reads alone.
    const list = (
      await call("GET", `/api/available_classes?customer_id=${customer.customerId}`, admin)
    ).json();
    expect(list.available_classes.map((b: { available_class_id: number }) => b.available_class_id)).toEqual([
      bucketId,
    ]);
    // The back office's buckets say whose they are and the stored class types its form edits.
    expect(list.available_classes[0]).toMatchObject({ customer_id: customer.customerId });
    expect(list.available_classes[0]).toHaveProperty("class_types");
    const one = await call("GET", `/api/available_classes/${bucketId}`, admin);
    expect(one.json().available_class.available_classes).toBe(8);
  });

  it("refuses wrong input with a clear Spanish message (400)", async () => {
    const customer = await makeCustomer(t, { credits: 1 });
    const bucketId = firstOf(customer.buckets).available_class_id;
    const cases: [object, string][] = [
      [{ available_classes: -2 }, messages.creditAmountInvalid],
      [{ expiration_date: daysFromNow(-2) }, messages.creditExpiryPast],
      [{ expiration_date: "mañana" }, messages.dateInvalid],
      [{ class_types: [999_999] }, messages.classTypeNotFound],
      [{ class_type_id: 999_999 }, messages.classTypeNotFound],
      [{ allowed_times: "25:00" }, messages.allowedTimesInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await call("PUT", "/api/available_classes", admin, {
        available_class_id: bucketId,
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const unknown = await call("POST", "/api/available_classes", admin, {
      customer_id: 999_999,
      available_classes: 1,
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await call("PUT", "/api/available_classes", admin, { available_class_id: 999_999 })).statusCode,
    ).toBe(404);
    // Nothing changed, nothing audited.
    expect(await auditOf(bucketId, "credits.bucket_update")).toEqual([]);
  });

  it("deletes a bucket (audited) and keeps customers to their own", async () => {
    const customer = await makeCustomer(t, { credits: 2 });
    const other = await makeCustomer(t, { credits: 4 });
    const bucketId = firstOf(customer.buckets).available_class_id;
    const otherBucket = firstOf(other.buckets).available_class_id;

    expect((await call("GET", `/api/available_classes/${bucketId}`, customer.headers)).statusCode).toBe(200);
    expect((await call("GET", `/api/available_classes/${otherBucket}`, customer.headers)).statusCode).toBe(
      404,
    );
    expect(
      (await call("GET", `/api/available_classes?customer_id=${other.customerId}`, customer.headers))
        .statusCode,
    ).toBe(403);
    for (const [method, url, payload] of [
      ["POST", "/api/available_classes", { customer_id: customer.customerId, available_classes: 9 }],
      ["PUT", "/api/available_classes", { available_class_id: bucketId, available_classes: 9 }],
      ["DELETE", `/api/available_classes/${bucketId}`, undefined],
    ] as const) {
      expect((await call(method, url, customer.headers, payload)).statusCode).toBe(403);
    }

    const res = await call("DELETE", `/api/available_classes/${bucketId}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.creditBucketDeleted);
    expect((await call("GET", "/api/available_classes", customer.headers)).json().total).toBe(0);
    const entry = firstOf(await auditOf(bucketId, "credits.bucket_delete"), "entry");
    expect(entry.details).toMatchObject({ before: { available_classes: 2 }, after: null });
    expect((await call("DELETE", `/api/available_classes/${bucketId}`, admin)).statusCode).toBe(404);
  });
});

describe("/api/class_reservation_penaltys for administrators", () => {
  it("adds a penalty that blocks booking, changes it and lifts it, each audited", async () => {
    await setConfig(t.app, { unlimited_membership_penalties_enabled: true });
    try {
      const customer = await makeCustomer(t, { credits: 3 });
      const res = await call("POST", "/api/class_reservation_penaltys", admin, {
        customer_id: customer.customerId,
        end_date: daysFromNow(5),
        no_shows: 2,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(messages.penaltySaved);
      const penalty = res.json().class_reservation_penalty;
      expect(penalty).toMatchObject({ customer_id: customer.customerId, no_shows: 2, active: true });
      expect((await auditOf(penalty.class_reservation_penalty_id, "penalty.create")).length).toBe(1);

      const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 2 * DAY) });
      const blocked = await book(t, customer.headers, { single_class_id: klass.single_class_id });
      expect(blocked.statusCode).toBe(412);
      expect(blocked.json().code).toBe("PENALTY_ACTIVE");
      // The customer reads it in their own list and alone.
      const own = (await call("GET", "/api/class_reservation_penaltys", customer.headers)).json();
      expect(own.class_reservation_penaltys[0]).toMatchObject({ active: true, no_shows: 2 });
      // The customer's own list leaves out whose it is and the lift, as it always has.
      expect(own.class_reservation_penaltys[0]).not.toHaveProperty("customer_id");
      expect(own.class_reservation_penaltys[0]).not.toHaveProperty("lifted_at");
      const alone = await call(
        "GET",
        `/api/class_reservation_penaltys/${penalty.class_reservation_penalty_id}`,
        customer.headers,
      );
      expect(alone.statusCode).toBe(200);

      const changed = await call("PUT", "/api/class_reservation_penaltys", admin, {
        class_reservation_penalty_id: penalty.class_reservation_penalty_id,
        end_date: daysFromNow(9),
      });
      expect(changed.statusCode).toBe(200);
      expect(localDay(changed.json().class_reservation_penalty.end_date, MX)).toBe(daysFromNow(9));
      const update = firstOf(await auditOf(penalty.class_reservation_penalty_id, "penalty.update"), "update");
      expect(update.details).toMatchObject({ before: { no_shows: 2 }, after: { no_shows: 2 } });

      const lifted = await call(
        "DELETE",
        `/api/class_reservation_penaltys/${penalty.class_reservation_penalty_id}`,
        admin,
      );
      expect(lifted.statusCode).toBe(200);
      expect(lifted.json().message).toBe(messages.penaltyLifted);
      expect((await book(t, customer.headers, { single_class_id: klass.single_class_id })).statusCode).toBe(
        200,
      );
      const list = (
        await call("GET", `/api/class_reservation_penaltys?customer_id=${customer.customerId}`, admin)
      ).json();
      expect(list.class_reservation_penaltys[0]).toMatchObject({
        active: false,
        customer_id: customer.customerId,
      });
      expect(list.class_reservation_penaltys[0].lifted_at).not.toBeNull();
      // Lifting twice: 409.
      expect(
        (
          await call(
            "DELETE",
            `/api/class_reservation_penaltys/${penalty.class_reservation_penalty_id}`,
            admin,
          )
        ).statusCode,
      ).toBe(409);
    } finally {
      await setConfig(t.app, { unlimited_membership_penalties_enabled: false });
    }
  });

  it("refuses a past end, an end before the start and strangers' penalties", async () => {
    const customer = await makeCustomer(t);
    const past = await call("POST", "/api/class_reservation_penaltys", admin, {
      customer_id: customer.customerId,
      end_date: daysFromNow(-1),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(messages.penaltyEndPast);
    const backwards = await call("POST", "/api/class_reservation_penaltys", admin, {
      customer_id: customer.customerId,
      start_date: daysFromNow(6),
      end_date: daysFromNow(3),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(messages.penaltyEndBeforeStart);
    const created = (
      await call("POST", "/api/class_reservation_penaltys", admin, {
        customer_id: customer.customerId,
        end_date: daysFromNow(3),
      })
    ).json().class_reservation_penalty;
    const stranger = await makeCustomer(t);
    expect(
      (
        await call(
          "GET",
          `/api/class_reservation_penaltys/${created.class_reservation_penalty_id}`,
          stranger.headers,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call("POST", "/api/class_reservation_penaltys", stranger.headers, {
          customer_id: stranger.customerId,
          end_date: daysFromNow(3),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          "GET",
          `/api/class_reservation_penaltys?customer_id=${customer.customerId}`,
          stranger.headers,
        )
      ).statusCode,
    ).toBe(403);
  });
});
