import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webPushImport from "web-push";
import { startPushServiceFake } from "../../../test/doubles/messaging/push-service-fake";
import { email_outbox } from "../../db/schema/mail";
import { cjsDefault } from "../../lib/cjs-default";
import { DAY, makeClass, makeCustomer, makeStudio, type Studio } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { messagesOfCustomer } from "./messaging.repository";
import { deliverQueued } from "./test-support/messaging-test-app";

/**
 * Web push to the installed app (decision 0087) through the `web-push` library against a push
 * service on loopback that checks the VAPID token and decrypts the message as a browser does.
 */
const webPush = cjsDefault(webPushImport);

let t: TestApp;
let studio: Studio;
let push: Awaited<ReturnType<typeof startPushServiceFake>>;

beforeAll(async () => {
  push = await startPushServiceFake();
  const vapid = webPush.generateVAPIDKeys();
  t = await buildTestApp({
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: "mailto:soporte@estudio.mx",
    WEB_PUSH_CA_FILE: push.caFile,
  });
  studio = await makeStudio(t.app);
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

const deliverAll = () => deliverQueued(t);

/** A customer whose installed app subscribed, with push allowed for transactional messages. */
async function customerWithTheApp() {
  const c = await makeCustomer(t, { credits: 5 });
  const device = push.subscribe();
  const subscribed = await t.app.inject({
    method: "POST",
    url: "/api/customer/push-subscriptions",
    headers: c.headers,
    payload: device,
  });
  expect(subscribed.statusCode, subscribed.body).toBe(200);
  const consent = await t.app.inject({
    method: "PUT",
    url: "/api/customer/messaging",
    headers: c.headers,
    payload: { consents: { "transactional:push": true } },
  });
  expect(consent.statusCode, consent.body).toBe(200);
  return { ...c, device };
}

const book = (headers: Record<string, string>, classId: number) =>
  t.app.inject({
    method: "POST",
    url: "/api/class_reservations",
    headers,
    payload: { single_class_id: classId },
  });

describe("web push to the installed app", () => {
  it("the app's public key is offered to the browser, and a device counts once subscribed", async () => {
    const c = await customerWithTheApp();
    const me = (
      await t.app.inject({ method: "GET", url: "/api/customer/messaging", headers: c.headers })
    ).json();
    expect(me.push_public_key).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(me.push_devices).toBe(1);
  });

  it("a booking confirmation reaches the installed app, signed and encrypted as a browser expects", async () => {
    const c = await customerWithTheApp();
    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 3 * DAY) });
    expect((await book(c.headers, klass.single_class_id)).statusCode).toBe(200);
    await deliverAll();
    expect(push.refused).toEqual([]);
    const got = push.received.filter((r) => c.device.endpoint.endsWith(r.subscription));
    expect(got).toHaveLength(1);
    expect(got[0]!.payload).toMatchObject({ url: "/mystudio" });
    expect((got[0]!.payload as { body: string }).body).toContain("Cycling");
    expect(got[0]!.ttl).toBe("3600");
    const [row] = await messagesOfCustomer(t.app.db, c.customerId);
    expect(row).toMatchObject({ channel: "push", status: "sent" });
  });

  it("an uninstalled app's subscription is dropped; the push is marked failed and the booking email still goes", async () => {
    const c = await customerWithTheApp();
    push.unsubscribe(c.device.endpoint);
    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 4 * DAY) });
    expect((await book(c.headers, klass.single_class_id)).statusCode).toBe(200);
    await deliverAll();
    const me = (
      await t.app.inject({ method: "GET", url: "/api/customer/messaging", headers: c.headers })
    ).json();
    expect(me.push_devices).toBe(0);
    const rows = await messagesOfCustomer(t.app.db, c.customerId);
    expect(rows.map((r) => [r.channel, r.status, r.error])).toEqual([
      ["push", "failed", "sin suscripciones activas"],
    ]);
    // The booking's own email still tells her (notifications send it whatever the channels).
    const mail = await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, c.email));
    expect(mail.length).toBeGreaterThan(0);
  });

  it("refuses a subscription that is not a push service's address (400, nothing saved)", async () => {
    const c = await makeCustomer(t);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/customer/push-subscriptions",
      headers: c.headers,
      payload: { endpoint: "no es una dirección", keys: { p256dh: "x".repeat(20), auth: "y".repeat(10) } },
    });
    expect(bad.statusCode).toBe(400);
    const me = (
      await t.app.inject({ method: "GET", url: "/api/customer/messaging", headers: c.headers })
    ).json();
    expect(me.push_devices).toBe(0);
  });
});
