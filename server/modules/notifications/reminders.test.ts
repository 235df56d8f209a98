import { createServer, type Server } from "node:net";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers } from "../../db/schema/customers";
import { email_outbox } from "../../db/schema/mail";
import { book, HOUR, makeClass, makeCustomer, makeStudio, type Studio, setConfig } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { testDriver } from "../../test/test-driver";
import { sendDueReminders } from "./notifications.service";
import { reminderUnsubscribeToken } from "./unsubscribe";

/**
 * Class reminders (decision 0028): branded, with an unsubscribe link that turns them off (and on
 * again) for that customer only; transactional emails never carry it. Times are relative to now.
 */
describe(`class reminders and their unsubscribe link (${testDriver()})`, () => {
  let t: TestApp;
  let studio: Studio;
  beforeAll(async () => {
    t = await buildTestApp();
    studio = await makeStudio(t.app);
    await setConfig(t.app, { reminder_hours_before: 12 });
  });
  afterAll(() => t.close());

  async function bookedIn(hours: number, customer: Awaited<ReturnType<typeof makeCustomer>>) {
    const c = await makeClass(t.app, studio, { at: new Date(Date.now() + hours * HOUR) });
    const res = await book(t, customer.headers, { single_class_id: c.single_class_id });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().class_reservation.class_reservation_id as number;
  }
  const remindersTo = (email: string) =>
    t.app.db
      .select()
      .from(email_outbox)
      .where(and(eq(email_outbox.to, email), like(email_outbox.template, "class_reminder:%")));
  const open = (url: string) => t.app.inject({ method: "GET", url });
  /** The page's button or the mail client's one-click post (RFC 8058): the body it sends. */
  const post = (url: string) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
  const reminderFlag = async (id: number) =>
    (await t.app.db.select().from(customers).where(eq(customers.customer_id, id)))[0]!.reminder_emails;

  it("sends one reminder with the unsubscribe link; the link turns reminders off, and on again", async () => {
    const ana = await makeCustomer(t, { credits: 3 });
    const other = await makeCustomer(t, { credits: 3 });
    const first = await bookedIn(6, ana);
    await bookedIn(6, other);

    await sendDueReminders(t.app);
    await sendDueReminders(t.app); // once per reservation
    const [reminder, ...more] = await remindersTo(ana.email);
    expect(more).toHaveLength(0);
    expect(reminder!.template).toBe(`class_reminder:${first}`);
    expect(reminder!.subject).toContain("Recordatorio de tu clase");
    expect(reminder!.text).toContain("Darte de baja");
    expect(reminder!.html).toContain("/api/notifications/unsubscribe?token=");
    // Transactional emails have no unsubscribe link.
    const [confirmation] = await t.app.db
      .select()
      .from(email_outbox)
      .where(and(eq(email_outbox.to, ana.email), eq(email_outbox.template, "booking_confirmed")));
    expect(confirmation!.text).not.toContain("Darte de baja");

    const token = reminderUnsubscribeToken(t.app.config.authSecret, ana.customerId);
    // Opening the link (a person, or a mail scanner following it) only asks (RFC 8058).
    const asked = await open(`/api/notifications/unsubscribe?token=${token}`);
    expect(asked.statusCode).toBe(200);
    expect(asked.headers["content-type"]).toContain("text/html");
    expect(asked.body).toContain("¿Darte de baja de los recordatorios?");
    expect(asked.body).toContain(
      `<form method="post" action="/api/notifications/unsubscribe?token=${token}"`,
    );
    expect(await reminderFlag(ana.customerId)).toBe(true);
    const off = await post(`/api/notifications/unsubscribe?token=${token}`);
    expect(off.statusCode).toBe(200);
    expect(off.headers["content-type"]).toContain("text/html");
    expect(off.body).toContain("Listo, te diste de baja");
    expect(off.body).toContain(`token=${token}&amp;again=1`);
    expect(await reminderFlag(ana.customerId)).toBe(false);
    expect(await reminderFlag(other.customerId)).toBe(true);

    await bookedIn(8, ana);
    await bookedIn(8, other);
    await sendDueReminders(t.app);
    expect(await remindersTo(ana.email)).toHaveLength(1);
    expect(await remindersTo(other.email)).toHaveLength(2);

    const askedAgain = await open(`/api/notifications/unsubscribe?token=${token}&again=1`);
    expect(askedAgain.body).toContain("¿Volver a recibir recordatorios?");
    expect(await reminderFlag(ana.customerId)).toBe(false);
    const on = await post(`/api/notifications/unsubscribe?token=${token}&again=1`);
    expect(on.statusCode).toBe(200);
    expect(on.body).toContain("Recordatorios activados");
    expect(await reminderFlag(ana.customerId)).toBe(true);
    await sendDueReminders(t.app);
    expect(await remindersTo(ana.email)).toHaveLength(2);
  });

  it("refuses a forged, altered or missing token with a Spanish 400 page and changes nothing", async () => {
    const bea = await makeCustomer(t, { credits: 1 });
    const good = reminderUnsubscribeToken(t.app.config.authSecret, bea.customerId);
    const forged = reminderUnsubscribeToken("otro-secreto-que-no-es-el-del-estudio", bea.customerId);
    const otherId = good.replace(/^\d+/, String(bea.customerId + 1));
    for (const token of [forged, otherId, `${good}x`, "", "abc"]) {
      for (const send of [open, post]) {
        const res = await send(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
        expect(res.statusCode, token).toBe(400);
        expect(res.body).toContain("Enlace no válido");
      }
    }
    expect(await reminderFlag(bea.customerId)).toBe(true);
  });
});

/**
 * A minimal SMTP server in the process (no TLS, no auth): what nodemailer delivers, as received.
 */
function fakeSmtp(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let data: string | null = null;
    let buffer = "";
    socket.write("220 fake ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      if (data !== null) {
        const end = buffer.indexOf("\r\n.\r\n");
        if (end === -1) return;
        messages.push(buffer.slice(0, end));
        buffer = buffer.slice(end + 5);
        data = null;
        socket.write("250 queued\r\n");
      }
      let nl = buffer.indexOf("\r\n");
      while (data === null && nl !== -1) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-fake\r\n250 8BITMIME\r\n");
        else if (verb === "DATA") {
          data = "";
          socket.write("354 go on\r\n");
          const end = buffer.indexOf("\r\n.\r\n");
          if (end !== -1) {
            messages.push(buffer.slice(0, end));
            buffer = buffer.slice(end + 5);
            data = null;
            socket.write("250 queued\r\n");
          }
        } else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
        nl = buffer.indexOf("\r\n");
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve({ server, port: typeof address === "object" && address ? address.port : 0, messages });
    }),
  );
}

describe(`reminders delivered by SMTP carry List-Unsubscribe (${testDriver()})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  beforeAll(async () => {
    smtp = await fakeSmtp();
    t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    await setConfig(t.app, { reminder_hours_before: 12 });
  });
  afterAll(async () => {
    await t.close();
    smtp.server.close();
  });

  it("the reminder has the header with its link, the booking confirmation has none; the outbox keeps no header", async () => {
    const studio = await makeStudio(t.app);
    const cata = await makeCustomer(t, { credits: 1 });
    const c = await makeClass(t.app, studio, { at: new Date(Date.now() + 5 * HOUR) });
    const res = await book(t, cata.headers, { single_class_id: c.single_class_id });
    expect(res.statusCode, res.body).toBe(200);
    await sendDueReminders(t.app);
    const to = (m: string) => m.includes(`To: ${cata.email}`);
    await expect.poll(() => smtp.messages.filter(to).length, { timeout: 10_000 }).toBe(2);
    // Delivery does not wait for SMTP: the two may arrive in either order.
    const mine = smtp.messages.filter(to).map((m) => m.replace(/\r\n[ \t]+/g, " ")); // unfold headers
    const token = reminderUnsubscribeToken(t.app.config.authSecret, cata.customerId);
    const header = `List-Unsubscribe: <${t.app.config.publicUrl}/api/notifications/unsubscribe?token=${token}>`;
    expect(mine.filter((m) => m.includes(header))).toHaveLength(1);
    expect(mine.filter((m) => m.includes("List-Unsubscribe:"))).toHaveLength(1);
    // One-click (RFC 8058): the mail client may post it without opening a page.
    expect(mine.filter((m) => m.includes("List-Unsubscribe-Post: List-Unsubscribe=One-Click"))).toHaveLength(
      1,
    );
    const [row] = await remindersOf(t, cata.email);
    expect(row).toBeDefined();
    expect(Object.keys(row!)).not.toContain("headers");
  });
});

const remindersOf = (t: TestApp, email: string) =>
  t.app.db
    .select()
    .from(email_outbox)
    .where(and(eq(email_outbox.to, email), like(email_outbox.template, "class_reminder:%")));
