// Runs on PostgreSQL too: several SÍ replies race for one offered seat on a pool of connections; only PostgreSQL runs them at once (docs/decisions/0061).
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { t as text } from "../../../domain/messages";
import { class_reservations } from "../../db/schema/reservations";
import { waitlists } from "../../db/schema/waitlists";
import { customerMessagesSettled } from "../../plugins/customer-messages";
import { book, DAY, joinWaitlist, makeClass, makeCustomer, makeStudio, setConfig } from "../../test/booking";
import type { TestApp } from "../../test/build-test-app";
import { messagesOfCustomer } from "./messaging.repository";
import { startTwilioTestApp } from "./test-support/messaging-test-app";

/**
 * SÍ by WhatsApp (docs/product-rules.md#messaging-replies): a freed seat offered to everyone in
 * line, all of them answering at the same moment, Twilio retrying some webhooks. The offer's own
 * accept path locks the class, so exactly one gets the seat and the rest are told it is gone;
 * a MessageSid already received is handled once.
 */
const PEOPLE = 4;
const ROUNDS = 2;

let t: TestApp;
let postSigned: Awaited<ReturnType<typeof startTwilioTestApp>>["postSigned"];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, postSigned, close } = await startTwilioTestApp());
});
afterAll(() => close?.());

let phoneSeq = 0;
async function whatsappCustomer() {
  const c = await makeCustomer(t, { credits: 2 });
  const phone = `55${String(30_000_000 + phoneSeq++)}`;
  const res = await t.app.inject({
    method: "PUT",
    url: "/api/customer/messaging",
    headers: c.headers,
    payload: { phone, source: "signup", consents: { "transactional:whatsapp": true } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...c, phone };
}

const inbound = (form: Record<string, string>) => postSigned("/webhooks/twilio/inbound", form);

async function liveSeats(classId: number) {
  return t.app.db
    .select()
    .from(class_reservations)
    .where(and(eq(class_reservations.single_class_id, classId), isNull(class_reservations.deletedAt)));
}

/** The answers to replies a customer was sent (their bodies, oldest first). */
async function answers(customerId: number) {
  return (await messagesOfCustomer(t.app.db, customerId))
    .filter((m) => m.direction === "out" && m.template === "staff_reply")
    .sort((a, b) => a.message_id - b.message_id)
    .map((m) => m.body);
}

describe("SÍ replies at the same moment", () => {
  it("gives an offered seat to exactly one, refuses the others, and a repeated MessageSid changes nothing", async () => {
    const studio = await makeStudio(t.app);
    await setConfig(t.app, { waitlist_enabled: true, waitlist_mode: "offer" });
    const refusal = /ya no está disponible|no tienes una oferta/;
    for (let round = 0; round < ROUNDS; round++) {
      const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 2 * DAY), capacity: 1 });
      const holder = await makeCustomer(t, { credits: 1 });
      const held = await book(t, holder.headers, { single_class_id: klass.single_class_id });
      expect(held.statusCode, held.body).toBe(200);
      const people = [];
      for (let i = 0; i < PEOPLE; i++) {
        const p = await whatsappCustomer();
        expect((await joinWaitlist(t, p.headers, klass.single_class_id)).statusCode).toBe(200);
        people.push(p);
      }
      const freed = await t.app.inject({
        method: "DELETE",
        url: `/api/class_reservations/${held.json().class_reservation.class_reservation_id}`,
        headers: holder.headers,
      });
      expect(freed.statusCode, freed.body).toBe(200);
      // The offers went out by WhatsApp to everyone in line.
      await customerMessagesSettled(t.app.db);
      for (const p of people) {
        const offers = (await messagesOfCustomer(t.app.db, p.customerId)).filter(
          (m) => m.template === "waitlist_offer" && m.channel === "whatsapp",
        );
        expect(offers, `offer to ${p.phone}`).toHaveLength(1);
      }

      // Everyone answers SÍ at once; Twilio delivers two of the webhooks twice, concurrently.
      const forms = people.map((p, i) => ({
        From: `whatsapp:+52${p.phone}`,
        Body: i % 2 ? "Sí" : "SÍ",
        MessageSid: `SMrace${round}x${i}x${p.customerId}`,
      }));
      const race = await Promise.all([...forms, forms[0]!, forms[3]!].map((f) => inbound(f)));
      expect(race.map((r) => r.statusCode)).toEqual(race.map(() => 200));

      const seats = await liveSeats(klass.single_class_id);
      expect(seats).toHaveLength(1);
      const winner = people.find((p) => p.customerId === seats[0]!.customer_id);
      expect(winner, "the seat went to someone who replied").toBeDefined();
      for (const p of people) {
        const said = await answers(p.customerId);
        expect(said, `answers to ${p.phone}`).toHaveLength(1);
        if (p === winner) expect(said[0]).toContain("es tuyo");
        else expect(said[0]).toMatch(refusal);
      }
      const promoted = await t.app.db
        .select()
        .from(waitlists)
        .where(and(eq(waitlists.single_class_id, klass.single_class_id), eq(waitlists.status, "promoted")));
      expect(promoted.map((w) => w.customer_id)).toEqual([winner!.customerId]);

      // Twilio retries every webhook later (same MessageSid): nothing changes, nobody is answered again.
      const retried = await Promise.all(forms.map((f) => inbound(f)));
      expect(retried.map((r) => r.statusCode)).toEqual(retried.map(() => 200));
      expect((await liveSeats(klass.single_class_id)).map((s) => s.class_reservation_id)).toEqual(
        seats.map((s) => s.class_reservation_id),
      );
      for (const p of people) expect(await answers(p.customerId)).toHaveLength(1);
    }
    expect(text("msgWaitlistClaimLate")).toMatch(refusal);
  }, 30_000);
});
