import webPushImport from "web-push";
import { startWellhubFake } from "../test/doubles/aggregators/aggregator-fakes";
import { startPushServiceFake } from "../test/doubles/messaging/push-service-fake";
import { startTwilioFake } from "../test/doubles/messaging/twilio-fake";
import { startFacturapiFake } from "../test/doubles/payments/facturapi-fake";
import { MERCADOPAGO_TEST_KEYS, startMercadoPagoFake } from "../test/doubles/payments/mercadopago-fake";
import { PAYPAL_TEST_KEYS, startPaypalFake } from "../test/doubles/payments/paypal-fake";
import { STRIPE_TEST_KEYS, startStripeFake } from "../test/doubles/payments/stripe-fake";
import { S3_TEST_CREDENTIALS, startS3TestServer } from "../test/doubles/s3-test-server";
import { startCompiledServer } from "./compiled-server";
import { startSmtpServer } from "./smtp-server";

/**
 * One compiled server for the whole build suite, with every provider's loopback double beside it
 * (decision 0132). Booting the production build (the demo studio migrated and seeded on a fresh
 * on-disk PGlite) was about 730 of the suite's 955 s in CI when each of its three files booted
 * its own; the paths it walks never needed a studio of their own: each creates its customers and
 * classes and finds them by id.
 */
export const TWILIO = {
  sid: `AC${"b".repeat(32)}`,
  token: "build-auth-token-0123456789",
  whatsappFrom: "+525500000000",
};
export const WELLHUB = { token: "wh-build-token", gym: "777" };
export const BUCKET = "estudio-build";

const webPush = (webPushImport as unknown as { default?: typeof webPushImport }).default ?? webPushImport;

export type BuildSuite = Awaited<ReturnType<typeof startBuildSuite>>;

export async function startBuildSuite() {
  const [facturapi, stripe, paypal, mp, smtp, s3, twilio, push, wellhub] = await Promise.all([
    startFacturapiFake(),
    startStripeFake(),
    startPaypalFake(),
    startMercadoPagoFake(),
    startSmtpServer(),
    startS3TestServer([BUCKET]),
    startTwilioFake(TWILIO.sid),
    startPushServiceFake(),
    startWellhubFake({ token: WELLHUB.token, gymId: WELLHUB.gym }),
  ]);
  const vapid = webPush.generateVAPIDKeys();
  const server = await startCompiledServer({
    FACTURAPI_KEY: facturapi.key,
    FACTURAPI_API_URL: facturapi.url,
    PAYMENT_GATEWAY: "stripe",
    STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secret,
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhook,
    STRIPE_API_URL: stripe.url,
    PAYPAL_CLIENT_ID: PAYPAL_TEST_KEYS.clientId,
    PAYPAL_CLIENT_SECRET: PAYPAL_TEST_KEYS.secret,
    PAYPAL_WEBHOOK_ID: PAYPAL_TEST_KEYS.webhookId,
    PAYPAL_API_URL: paypal.url,
    MERCADOPAGO_ACCESS_TOKEN: MERCADOPAGO_TEST_KEYS.accessToken,
    MERCADOPAGO_WEBHOOK_SECRET: MERCADOPAGO_TEST_KEYS.webhookSecret,
    MERCADOPAGO_API_URL: mp.url,
    SMTP_URL: smtp.url,
    MAIL_FROM: "Estudio <facturas@estudio.test>",
    ...S3_TEST_CREDENTIALS,
    TWILIO_ACCOUNT_SID: TWILIO.sid,
    TWILIO_AUTH_TOKEN: TWILIO.token,
    TWILIO_WHATSAPP_FROM: TWILIO.whatsappFrom,
    TWILIO_SMS_FROM: "+525500000001",
    TWILIO_API_URL: twilio.url,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    WEB_PUSH_CA_FILE: push.caFile,
    WELLHUB_API_URL: wellhub.url,
  });
  return {
    server,
    facturapi,
    stripe,
    paypal,
    mp,
    smtp,
    s3,
    twilio,
    push,
    wellhub,
    async close() {
      await server.stop();
      await Promise.all([
        facturapi.close(),
        stripe.close(),
        paypal.close(),
        mp.close(),
        smtp.close(),
        s3.dispose(),
        twilio.close(),
        push.close(),
        wellhub.close(),
      ]);
    },
  };
}
