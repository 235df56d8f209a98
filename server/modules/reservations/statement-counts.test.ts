import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { email_outbox } from "../../db/schema/mail";
import { customerMessagesSettled } from "../../plugins/customer-messages";
import {
  book,
  bucketAmount,
  DAY,
  makeClass,
  makeCustomer,
  makeStudio,
  type Studio,
} from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { firstOf } from "../../test/fixtures";

// Runs on PostgreSQL too: prepared statements are per connection on the pool (docs/decisions/0061).

/**
 * Booking and cancelling are the hottest writes (decision 0033, bench case f): every statement is a
 * round trip that holds a pooled connection and a class lock. These counts are the budget; a change
 * that adds a statement to either path has to change this test and say why.
 *
 * Counted: the statements Drizzle sends, without transaction control (begin/commit are sent as
 * statements on PostgreSQL but not on PGlite). With no required pages or fields, as here, the
 * profile checks read nothing (their definitions are cached).
 */
let t: TestApp;
let studio: Studio;
let counting = false;
let seen: string[] = [];

beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      onQuery: (sql) => {
        if (counting && !/^(begin|commit|rollback|savepoint|release)\b/i.test(sql.trim())) seen.push(sql);
      },
    },
  );
  studio = await makeStudio(t.app);
});
afterAll(() => t.close());

async function counted<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  // The outbox worker renders a request's email after its answer (decision 0084): the email of
  // the request before is rendered before counting starts, so only this request's are counted.
  await t.app.mailer.drain();
  await customerMessagesSettled(t.app.db);
  seen = [];
  counting = true;
  try {
    return { result: await work(), statements: seen };
  } finally {
    counting = false;
  }
}

const cancel = (headers: Record<string, string>, id: number) =>
  t.app.inject({ method: "DELETE", url: `/api/class_reservations/${id}`, headers });

describe("statements per booking and per cancellation", () => {
  it("books with 7 statements and cancels with 4, email included", async () => {
    const me = await makeCustomer(t, { credits: 3 });
    const warmUp = await makeClass(t.app, studio, { at: new Date(Date.now() + 3 * DAY) });
    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 4 * DAY) });
    // Warm the session and settings caches so only the booking's own statements are counted.
    const first = await book(t, me.headers, { single_class_id: warmUp.single_class_id });
    expect(first.statusCode, first.body).toBe(200);
    expect((await cancel(me.headers, first.json().class_reservation.class_reservation_id)).statusCode).toBe(
      200,
    );

    const booking = await counted(() => book(t, me.headers, { single_class_id: klass.single_class_id }));
    expect(booking.result.statusCode, booking.result.body).toBe(200);
    // Seats left (the class's counter), the class (with the email's class), customer + own seat +
    // spots + penalty, a frozen membership (purchases domain), buckets, then the one locking
    // statement (seat + customer + credit + reservation), outbox. One seat: takeSeat runs on its
    // own, without BEGIN/COMMIT, and holds the class lock only while it runs (decision 0033).
    expect(booking.statements, booking.statements.join("\n")).toHaveLength(7);

    const id = booking.result.json().class_reservation.class_reservation_id as number;
    const cancelled = await counted(() => cancel(me.headers, id));
    expect(cancelled.result.statusCode, cancelled.result.body).toBe(200);
    // Class lock (with the email's class and its sequence for the METHOD:CANCEL .ics, decision
    // 0026), customer + reservation + waitlist check, credit back with the cancelled mark, outbox.
    expect(cancelled.statements, cancelled.statements.join("\n")).toHaveLength(4);

    // What the statements did: the credit spent and returned, and both emails written.
    expect((await bucketAmount(t.app, firstOf(me.buckets).available_class_id)).available_classes).toBe(3);
    const mails = await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, me.email));
    expect(mails.map((m) => m.template).sort()).toEqual([
      "booking_confirmed",
      "booking_confirmed",
      "reservation_cancelled",
      "reservation_cancelled",
    ]);
  });
});

describe("statements of a rush for the last seats (decision 0041)", () => {
  it("reads the sessions and the seats of customers arriving together in one statement each", async () => {
    const rush = 24;
    const seats = 3;
    const customers = await Promise.all(Array.from({ length: rush }, () => makeCustomer(t, { credits: 1 })));
    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 5 * DAY), capacity: seats });
    // Nobody's session is remembered: each request is a first request, as when a class opens.
    t.app.forgetSessions();

    const { result: answers, statements } = await counted(() =>
      Promise.all(customers.map((c) => book(t, c.headers, { single_class_id: klass.single_class_id }))),
    );

    const codes = answers.map((a) => (a.statusCode === 200 ? "booked" : a.json().code));
    expect(codes.filter((c) => c === "booked")).toHaveLength(seats);
    expect(codes.filter((c) => c === "SOLD_OUT")).toHaveLength(rush - seats);
    const sessionReads = statements.filter((s) => /from "session"/.test(s));
    const admissionReads = statements.filter(
      (s) => /= any\(\$\d+::integer\[\]\)/.test(s) && /"seats_taken"/.test(s),
    );
    // Before decision 0041: 24 of each, one per request, in front of the pool.
    expect(sessionReads.length, sessionReads.join("\n")).toBeLessThanOrEqual(2);
    expect(admissionReads.length, admissionReads.join("\n")).toBeGreaterThanOrEqual(1);
    expect(admissionReads.length, admissionReads.join("\n")).toBeLessThanOrEqual(2 + seats);
  });
});
