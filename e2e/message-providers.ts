import webPushImport from "web-push";
import { startPushServiceFake } from "../test/doubles/messaging/push-service-fake";
import { startTwilioFake } from "../test/doubles/messaging/twilio-fake";

/**
 * The journey server's WhatsApp, SMS and push providers: Twilio's API and a browser's
 * push service as loopback doubles, as integration/messaging.test.ts gives the compiled server.
 * Texts go through Twilio's SDK to its double and come back "Enviado"; replies are posted to the
 * server signed with the auth token below, as Twilio signs them; push goes through `web-push` with
 * VAPID to the push double, which decrypts each message as the installed app would.
 */
const webPush = (webPushImport as unknown as { default?: typeof webPushImport }).default ?? webPushImport;

export const TWILIO_E2E = {
  sid: `AC${"e".repeat(32)}`,
  token: "e2e-auth-token-0123456789",
  whatsappFrom: "+525500000000",
};

export async function startMessageProviders() {
  const [twilio, push] = await Promise.all([startTwilioFake(TWILIO_E2E.sid), startPushServiceFake()]);
  const vapid = webPush.generateVAPIDKeys();
  return {
    env: {
      TWILIO_ACCOUNT_SID: TWILIO_E2E.sid,
      TWILIO_AUTH_TOKEN: TWILIO_E2E.token,
      TWILIO_WHATSAPP_FROM: TWILIO_E2E.whatsappFrom,
      TWILIO_SMS_FROM: "+525500000001",
      TWILIO_API_URL: twilio.url,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      WEB_PUSH_CA_FILE: push.caFile,
    },
    /** What a journey needs to reach the push double from its own process. */
    pushService: { origin: push.origin, caFile: push.caFile },
    close: () => Promise.all([twilio.close(), push.close()]),
  };
}
