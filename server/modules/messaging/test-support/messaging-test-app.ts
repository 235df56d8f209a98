import twilioImport from "twilio";
import { startTwilioFake } from "../../../../test/doubles/messaging/twilio-fake";
import { cjsDefault } from "../../../lib/cjs-default";
import { customerMessagesSettled } from "../../../plugins/customer-messages";
import { buildTestApp, type TestApp } from "../../../test/build-test-app";
import { deliverMessages } from "../messaging.service";

const twilio = cjsDefault(twilioImport);
const DAY = 24 * 60 * 60 * 1000;
export const TWILIO_TEST = {
  sid: `AC${"a".repeat(32)}`,
  token: "test-auth-token-0123456789",
  publicUrl: "http://localhost:3000",
};

/**
 * A test app whose texts go through Twilio's SDK to its double (messaging.test.ts,
 * reply-concurrency.test.ts), with the two things each such test does: post a webhook signed as
 * Twilio signs it, and send what the app queued.
 */
export async function startTwilioTestApp() {
  const fake = await startTwilioFake(TWILIO_TEST.sid);
  const t = await buildTestApp({
    TWILIO_ACCOUNT_SID: TWILIO_TEST.sid,
    TWILIO_AUTH_TOKEN: TWILIO_TEST.token,
    TWILIO_WHATSAPP_FROM: "+525500000000",
    TWILIO_SMS_FROM: "+525500000001",
    TWILIO_API_URL: fake.url,
    PUBLIC_URL: TWILIO_TEST.publicUrl,
  });
  return {
    t,
    fake,
    /** POST /api<path> as Twilio posts it; `signature` replaces the right one (a forgery). */
    postSigned(path: string, form: Record<string, string>, signature?: string) {
      const url = `${TWILIO_TEST.publicUrl}/api${path}`;
      return t.app.inject({
        method: "POST",
        url: `/api${path}`,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-twilio-signature": signature ?? twilio.getExpectedTwilioSignature(TWILIO_TEST.token, url, form),
        },
        payload: new URLSearchParams(form).toString(),
      });
    },
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

/**
 * Sends every message the app queued so far, as the delivery job would (a day later, so quiet
 * hours never hold one back). Customer events are worked out after the request's answer
 * (server/plugins/customer-messages.ts), so those are waited for first.
 */
export async function deliverQueued(t: TestApp): Promise<void> {
  await customerMessagesSettled(t.app.db);
  const ids = t.app.jobs.sent
    .filter((j) => j.name === "messaging.deliver")
    .flatMap((j) => (j.data as { ids: number[] }).ids);
  t.app.jobs.sent.length = 0;
  await deliverMessages(t.app, ids, { now: new Date(Date.now() + DAY) });
}
