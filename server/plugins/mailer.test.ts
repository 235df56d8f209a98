import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { email_outbox } from "../db/schema/mail";
import { createTestDatabase } from "../test/test-database";
import { createMailer } from "./mailer";

// The outbox worker (decision 0084): queued emails are stored with their subject and props at
// once, and rendered after the caller's turn.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const rowOf = async (id: number) =>
  (await database.db.select().from(email_outbox).where(eq(email_outbox.email_outbox_id, id)))[0];

describe("mailer.enqueue and the outbox worker", () => {
  it("stores the subject and props at once, and the rendered body instead of the props once the worker ran", async () => {
    const mailer = createMailer(database.db, { from: "estudio@example.com" });
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const rendered: string[] = [];
    mailer.renderWith("booking_confirmed", async (props) => {
      await gate; // holds the worker so the test reads the row as the admin sees it before
      rendered.push(String(props.name));
      return { html: `<p>Hola ${props.name}</p>`, text: `Hola ${props.name}` };
    });
    const id = await mailer.enqueue({
      to: "ana@example.com",
      template: "booking_confirmed",
      subject: "¡Reservación confirmada! · Estudio",
      props: { name: "Ana" },
    });
    // Nothing rendered in the caller's turn.
    expect(rendered).toEqual([]);
    // What the admin sees before the worker ran: the subject, queued, no body yet.
    expect(await rowOf(id)).toMatchObject({
      subject: "¡Reservación confirmada! · Estudio",
      html: null,
      status: "queued",
    });
    open();
    await mailer.drain();
    expect(rendered).toEqual(["Ana"]);
    expect(await rowOf(id)).toMatchObject({
      html: "<p>Hola Ana</p>",
      text: "Hola Ana",
      // Rendered: the body is the email now, the props (the person's data again) are dropped.
      props: null,
    });
  });

  it("marks an email it cannot render as failed, with why", async () => {
    const mailer = createMailer(database.db, { from: "estudio@example.com" });
    const id = await mailer.enqueue({
      to: "b@example.com",
      template: "reservation_cancelled",
      subject: "x",
      props: {},
    });
    await mailer.drain();
    expect(await rowOf(id)).toMatchObject({
      status: "failed",
      error: expect.stringContaining("reservation_cancelled"),
    });
  });

  it("renders on start what a stopped process left queued a minute ago, not a younger row", async () => {
    const stopped = createMailer(database.db, { from: "estudio@example.com" });
    const old = await stopped.enqueue({
      to: "c@example.com",
      template: "waitlist_promoted",
      subject: "s",
      props: { name: "Caro" },
    });
    const young = await stopped.enqueue({
      to: "d@example.com",
      template: "waitlist_promoted",
      subject: "s",
      props: { name: "Dan" },
    });
    await stopped.drain(); // no renderer there: both failed; put them back as a crash would leave them
    await database.db
      .update(email_outbox)
      .set({ status: "queued", error: null })
      .where(eq(email_outbox.to, "c@example.com"));
    await database.db
      .update(email_outbox)
      .set({ status: "queued", error: null })
      .where(eq(email_outbox.to, "d@example.com"));
    await database.db
      .update(email_outbox)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(email_outbox.email_outbox_id, old));
    const next = createMailer(database.db, { from: "estudio@example.com" });
    next.renderWith("waitlist_promoted", async (props) => ({
      html: `h ${props.name}`,
      text: `t ${props.name}`,
    }));
    expect(await next.recover()).toBe(1);
    await next.drain();
    expect(await rowOf(old)).toMatchObject({ html: "h Caro", status: "queued" });
    expect(await rowOf(young)).toMatchObject({ html: null });
  });
});
