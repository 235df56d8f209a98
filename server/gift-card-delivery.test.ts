import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDay, zonedInstant } from "../domain/booking";
import { balance_movements, gift_cards } from "./db/schema/balances";
import { email_outbox } from "./db/schema/mail";
import { messages } from "./db/schema/messaging";
import { deliverDueGiftCards, expireGiftCards } from "./modules/gift-cards/gift-cards.service";
import { deliverQueued, startTwilioTestApp } from "./modules/messaging/test-support/messaging-test-app";
import type { TestApp } from "./test/build-test-app";
import { addPackage, customerLogin, newKey, token } from "./test/commerce";
import { testDriver } from "./test/test-driver";

// Gift cards (server/modules/gift-cards) through the messaging module's provider double; decision 0131: a delivery date and time, WhatsApp to the recipient, expiry. Runs on PostgreSQL too.

let t: TestApp;
let admin: Record<string, string>;
let fake: Awaited<ReturnType<typeof startTwilioTestApp>>["fake"];
let post: Awaited<ReturnType<typeof startTwilioTestApp>>["postSigned"];
let close: () => Promise<void>;
const ZONE = "America/Mexico_City";
const DAY = 86_400_000;

beforeAll(async () => {
  ({ t, fake, postSigned: post, close } = await startTwilioTestApp());
  admin = (await t.signUp({ role: "admin" })).headers;
});
afterAll(() => close?.());

const buy = (headers: Record<string, string>, extra: object) =>
  t.app.inject({
    method: "POST",
    url: "/api/gift-cards",
    headers,
    payload: {
      amount: 600,
      recipient_name: "Sofía",
      idempotency_key: newKey(),
      payment_method: token("4242424242424242"),
      ...extra,
    },
  });

const cardRow = async (id: number) =>
  (await t.app.db.select().from(gift_cards).where(eq(gift_cards.gift_card_id, id)))[0]!;

describe(`gift card delivery and expiry (${testDriver()})`, () => {
  it("a date and time on the studio's clock: never in the past, sent then, shown to the buyer", async () => {
    const buyer = await customerLogin(t, "Agenda");
    const today = localDay(new Date(), ZONE);
    const yesterday = localDay(new Date(Date.now() - DAY), ZONE);
    const past = await buy(buyer.headers, {
      recipient_email: "sofia@example.com",
      deliver_on: yesterday,
      deliver_time: "10:00",
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ code: "GIFT_CARD_DELIVERY_PAST" });
    expect(past.json().message).toMatch(/ya pasaron/);
    // Earlier today (a minute past midnight) is the past too, unless it is that minute now.
    const earlier = await buy(buyer.headers, {
      recipient_email: "sofia@example.com",
      deliver_on: today,
      deliver_time: "00:00",
    });
    if (Date.now() - zonedInstant(today, "00:00", ZONE).getTime() > 60_000)
      expect(earlier.json().code).toBe("GIFT_CARD_DELIVERY_PAST");
    const noChannel = await buy(buyer.headers, { deliver_on: today, deliver_time: "23:59" });
    expect(noChannel.json().code).toBe("GIFT_CARD_DELIVERY_INVALID");
    const badTime = await buy(buyer.headers, {
      recipient_email: "sofia@example.com",
      deliver_on: today,
      deliver_time: "25:00",
    });
    expect(badTime.json().code).toBe("GIFT_CARD_DELIVERY_INVALID");
    // None of the refused requests wrote a card.
    expect(
      (await t.app.inject({ method: "GET", url: "/api/gift-cards/me", headers: buyer.headers })).json(),
    ).toMatchObject({ gift_cards_bought: [] });

    const day = localDay(new Date(Date.now() + 2 * DAY), ZONE);
    const ok = await buy(buyer.headers, {
      recipient_email: "sofia@example.com",
      deliver_on: day,
      deliver_time: "18:30",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const at = zonedInstant(day, "18:30", ZONE);
    expect(new Date(ok.json().gift_card.deliver_at).getTime()).toBe(at.getTime());
    expect(ok.json().gift_card.delivered_at).toBeNull();
    const mails = () => t.app.db.select().from(email_outbox).where(eq(email_outbox.to, "sofia@example.com"));
    expect(await deliverDueGiftCards(t.app, new Date(at.getTime() - 60_000))).toBe(0);
    expect(await mails()).toHaveLength(0);
    expect(await deliverDueGiftCards(t.app, at)).toBe(1);
    expect(await mails()).toHaveLength(1);
    const mine = await t.app.inject({ method: "GET", url: "/api/gift-cards/me", headers: buyer.headers });
    expect(mine.json().gift_cards_bought[0]).toMatchObject({
      deliver_at: at.toISOString(),
      delivered_at: at.toISOString(),
    });
  });

  it("by WhatsApp too, through the provider: one message, its code masked once sent, its status in the back office", async () => {
    const buyer = await customerLogin(t, "Tío");
    const bad = await buy(buyer.headers, { recipient_whatsapp: "+1 415 555 0100" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("celular de México");
    const before = fake.state.sent.length;
    const ok = await buy(buyer.headers, {
      recipient_email: "sobrina@example.com",
      recipient_whatsapp: "55 1234 9876",
      message: "¡Felicidades!",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const { code, gift_card } = ok.json();
    expect(gift_card.recipient_whatsapp).toBe("+525512349876");
    await deliverQueued(t);
    expect(fake.state.sent.length).toBe(before + 1);
    const sent = fake.state.sent.at(-1)!;
    expect(sent.To).toBe("whatsapp:+525512349876");
    expect(sent.Body).toContain(code);
    expect(sent.Body).toContain("$600.00");
    expect(sent.Body).toContain("¡Felicidades!");
    // The email went as well.
    expect(
      await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, "sobrina@example.com")),
    ).toHaveLength(1);
    // A second run of the job sends nothing again.
    expect(await deliverDueGiftCards(t.app)).toBe(0);
    await deliverQueued(t);
    expect(fake.state.sent.length).toBe(before + 1);
    // The outbox keeps no spendable code.
    const rows = await t.app.db.select().from(messages).where(eq(messages.address, "whatsapp:+525512349876"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.customer_id).toBeNull();
    expect(rows[0]!.body).not.toContain(code);
    expect(rows[0]!.body).toContain(`••••-••••-••••-${code.slice(-4)}`);
    const detail = async () =>
      (
        await t.app.inject({
          method: "GET",
          url: `/api/gift-cards/admin/${gift_card.gift_card_id}`,
          headers: admin,
        })
      ).json();
    expect((await detail()).deliveries).toMatchObject([
      { channel: "whatsapp", status: "sent", status_label: "Enviado", address: "whatsapp:+525512349876" },
    ]);
    const callback = await post("/webhooks/twilio/status", {
      MessageSid: rows[0]!.provider_sid!,
      MessageStatus: "delivered",
    });
    expect(callback.statusCode).toBeLessThan(300);
    expect((await detail()).deliveries[0]).toMatchObject({ status: "delivered", status_label: "Entregado" });
  });

  it("an expired card cannot pay (a Spanish 412) and its remainder is written off once", async () => {
    const sold = await t.app.inject({
      method: "POST",
      url: "/api/gift-cards/admin",
      headers: admin,
      payload: {
        amount: 400,
        buyer_name: "Mostrador",
        recipient_name: "Luz",
        payment: "cash",
        idempotency_key: newKey(),
      },
    });
    expect(sold.statusCode, sold.body).toBe(200);
    const { code, gift_card } = sold.json();
    const id = gift_card.gift_card_id as number;
    const spend = await t.app.inject({
      method: "POST",
      url: "/api/gift-cards/admin/redeem",
      headers: admin,
      payload: { code, amount: 150 },
    });
    expect(spend.json()).toMatchObject({ balance: 250 });
    // Before its expiry the job leaves it alone.
    expect(await expireGiftCards(t.app)).toBe(0);
    await t.app.db
      .update(gift_cards)
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where(eq(gift_cards.gift_card_id, id));

    const pkg = await addPackage(t, { title: "Vencida 300", price: "300.00", class_amount: 1 });
    const luz = await customerLogin(t, "Luz");
    const pay = await t.app.inject({
      method: "POST",
      url: "/api/checkout/attempt",
      headers: luz.headers,
      payload: { class_package_id: pkg.class_package_id, idempotency_key: newKey(), gift_card_code: code },
    });
    expect(pay.statusCode).toBe(412);
    expect(pay.json()).toMatchObject({
      code: "GIFT_CARD_EXPIRED",
      message: "Esta tarjeta de regalo ya venció.",
    });
    const desk = await t.app.inject({
      method: "POST",
      url: "/api/gift-cards/admin/redeem",
      headers: admin,
      payload: { code, amount: 10 },
    });
    expect(desk.statusCode).toBe(412);
    const check = await t.app.inject({ method: "GET", url: `/api/gift-cards/balance?code=${code}` });
    expect(check.json()).toMatchObject({ status: "expired", status_label: "Vencida", balance: 250 });

    expect(await expireGiftCards(t.app)).toBe(1);
    expect(await expireGiftCards(t.app)).toBe(0);
    expect((await cardRow(id)).balance).toMatch(/^0(\.00)?$/);
    const moves = await t.app.db
      .select()
      .from(balance_movements)
      .where(eq(balance_movements.gift_card_id, id));
    expect(moves.map((m) => m.kind).sort()).toEqual(["desk_spend", "expire", "issue"]);
    expect(moves.reduce((s, m) => s + Math.round(Number(m.amount) * 100), 0)).toBe(0);
    const after = await t.app.inject({ method: "GET", url: `/api/gift-cards/balance?code=${code}` });
    expect(after.json()).toMatchObject({ status: "expired", balance: 0 });
  });
});
