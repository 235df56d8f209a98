import twilioImport from "twilio";
import { beforeAll, describe, expect, it } from "vitest";
import type { startPushServiceFake } from "../test/doubles/messaging/push-service-fake";
import type { startTwilioFake } from "../test/doubles/messaging/twilio-fake";
import { type BuildSuite, TWILIO } from "./build-suite";
import type { CompiledServer, Json } from "./compiled-server";

/**
 * WhatsApp through Twilio's SDK and web push through `web-push`, on the production build
 * (docs/decisions/0058): both SDKs are CommonJS, the kind of import that works through tsx and
 * broke only in the compiled server before (decision 0057). The server's own pg-boss workers send
 * (nothing here calls a job): a booking's confirmation reaches the installed app, and a customer's
 * WhatsApp, signed as Twilio signs it, reaches the inbox, where the desk answers through Twilio.
 */
const twilio = (twilioImport as unknown as { default?: typeof twilioImport }).default ?? twilioImport;

let server: CompiledServer;
let fake: Awaited<ReturnType<typeof startTwilioFake>>;
let push: Awaited<ReturnType<typeof startPushServiceFake>>;

async function until<T>(what: string, read: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`no llegó: ${what}\n--- servidor:\n${server.log()}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** The messaging paths, registered in integration/compiled-server.test.ts beside the others. */
export function messagingCases(suite: () => BuildSuite) {
  beforeAll(() => {
    ({ server, twilio: fake, push } = suite());
  });

  describe("messaging on the compiled server", () => {
    // The server's own jobs send it (pg-boss on PGlite, polling): `until` waits 90 s for it, so the
    // test may too.
    it("a booking's confirmation reaches the installed app by web push", {
      timeout: 150_000,
    }, async () => {
      const admin = await server.signIn("admin@demo.mx");
      // The studio's quiet hours (21:00-08:00 by default) would hold a confirmation for a class
      // days ahead: the studio keeps none here, so the path runs at any hour (the hold is
      // server/modules/messaging/messaging.test.ts's).
      const quiet = (start: number, end: number) =>
        server.call("PUT", "/api/appconfig", {
          token: admin,
          body: [
            { key: "quiet_hours_start", value: start },
            { key: "quiet_hours_end", value: end },
          ],
        });
      expect((await quiet(0, 0)).status).toBe(200);
      try {
        await pushConfirmation(admin);
      } finally {
        await quiet(21, 8);
      }
    });

    async function pushConfirmation(admin: string) {
      const customer = await server.signIn("cliente@demo.mx");
      const device = push.subscribe();
      expect(
        (await server.call("POST", "/api/customer/push-subscriptions", { token: customer, body: device }))
          .status,
      ).toBe(200);
      const consent = await server.call("PUT", "/api/customer/messaging", {
        token: customer,
        body: {
          consents: {
            "transactional:push": true,
            "transactional:whatsapp": false,
            "transactional:sms": false,
          },
        },
      });
      expect(consent.status, consent.bytes.toString()).toBe(200);

      const types = (await server.call("GET", "/api/class_types")).json.class_types as Json[];
      const day = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
      const created = await server.call("POST", "/api/single_class", {
        token: admin,
        body: {
          class_type_id: types[0]!.class_type_id,
          class_date: `${day}T07:15`,
          duration_minutes: 50,
          capacity: 12,
        },
      });
      expect(created.status, created.bytes.toString()).toBe(201);
      const booked = await server.call("POST", "/api/class_reservations", {
        token: customer,
        body: { single_class_id: created.json.single_class.single_class_id },
      });
      expect(booked.status, booked.bytes.toString()).toBe(200);

      const got = await until("el push de la reservación", () =>
        push.received.find((r) => device.endpoint.endsWith(r.subscription)),
      );
      expect(push.refused).toEqual([]);
      expect(got.payload).toMatchObject({ url: "/mystudio" });
    }

    it("a WhatsApp from a customer reaches the inbox, and the desk's answer goes out through Twilio", {
      timeout: 150_000,
    }, async () => {
      const admin = await server.signIn("admin@demo.mx");
      const customer = await server.signIn("cliente@demo.mx");
      const phone = "5512345678";
      const saved = await server.call("PUT", "/api/customer/messaging", {
        token: customer,
        body: { phone, consents: { "transactional:whatsapp": true } },
      });
      expect(saved.status, saved.bytes.toString()).toBe(200);

      const form = {
        From: `whatsapp:+52${phone}`,
        To: "whatsapp:+525500000000",
        Body: "¿Tienen toallas?",
        MessageSid: `SM${"9".repeat(32)}`,
      };
      const url = `${server.baseUrl}/api/webhooks/twilio/inbound`;
      const forged = await server.call("POST", "/api/webhooks/twilio/inbound", {
        raw: new URLSearchParams(form).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": "forjada" },
      });
      expect(forged.status).toBe(403);
      const inbound = await server.call("POST", "/api/webhooks/twilio/inbound", {
        raw: new URLSearchParams(form).toString(),
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-twilio-signature": twilio.getExpectedTwilioSignature(TWILIO.token, url, form),
        },
      });
      expect(inbound.status, inbound.bytes.toString()).toBe(200);

      const inbox = (await server.call("GET", "/api/admin/messaging/inbox", { token: admin })).json
        .items as Json[];
      const item = inbox.find((m) => m.body === "¿Tienen toallas?");
      expect(item, JSON.stringify(inbox)).toBeDefined();
      const reply = await server.call("POST", `/api/admin/messaging/inbox/${item!.message_id}/reply`, {
        token: admin,
        body: { text: "Sí, en recepción." },
      });
      expect(reply.status, reply.bytes.toString()).toBe(200);
      const sent = await until("la respuesta por Twilio", () =>
        fake.state.sent.find((m) => m.Body?.includes("Sí, en recepción.")),
      );
      expect(sent).toMatchObject({ To: `whatsapp:+52${phone}`, From: "whatsapp:+525500000000" });
    });
  });
}
