import type { FastifyInstance } from "fastify";
import { AppError } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import {
  allows,
  type ConsentKey,
  type ConsentState,
  consentChanges,
} from "../../../domain/messaging/consent";
import { consentText, consentTexts } from "../../../domain/messaging/consent-text";
import { mexicanMobile, nationalDigits } from "../../../domain/messaging/phone";
import {
  consentRecords,
  customerByPhone,
  insertConsents,
  messagingCustomer,
  pushTargets,
  savePushSubscription,
  setPhone,
} from "./messaging.repository";
import { consentStateOf } from "./messaging.service";
import { providersOf } from "./providers";

/**
 * The customer's choices (docs/product-rules.md#messaging-consent): per purpose and channel,
 * each change recorded with its time, the exact text shown (domain/messaging/consent-text.ts)
 * and where it was made.
 */

/** When each current choice was made (the latest record per purpose x channel). */
async function consentSince(app: FastifyInstance, customerId: number): Promise<Record<string, Date>> {
  const since: Record<string, Date> = {};
  for (const r of await consentRecords(app.db, customerId)) since[`${r.purpose}:${r.channel}`] = r.createdAt;
  return since;
}

export async function myMessaging(app: FastifyInstance, customerId: number) {
  const customer = await messagingCustomer(app.db, customerId);
  const consents = await consentStateOf(app, customerId);
  return {
    consents,
    texts: consentTexts(),
    since: await consentSince(app, customerId),
    phone: customer?.phone ?? null,
    mobile_valid: mexicanMobile(customer?.phone) !== null,
    push_public_key: providersOf(app.config).push?.publicKey ?? null,
    push_devices: (await pushTargets(app.db, customerId)).length,
  };
}

export async function saveMyMessaging(
  app: FastifyInstance,
  customerId: number,
  input: { consents: Partial<ConsentState>; phone?: string; source: "signup" | "profile" },
) {
  const customer = await messagingCustomer(app.db, customerId);
  if (!customer) throw AppError.of("CUSTOMER_NOT_FOUND");
  let phone = customer.phone;
  if (input.phone !== undefined && input.phone.trim() !== "") {
    const mobile = mexicanMobile(input.phone);
    if (!mobile)
      throw AppError.of("MESSAGING_PHONE_INVALID", {
        fields: { phone: t("messagingPhoneNotMexicanMobile") },
      });
    phone = nationalDigits(mobile);
    const owner = await customerByPhone(app.db, phone);
    if (owner && owner.customer_id !== customerId) throw AppError.of("MESSAGING_PHONE_TAKEN");
  }
  const state = await consentStateOf(app, customerId);
  const changes = consentChanges(state, input.consents);
  const wantsText = changes.some((c) => c.granted && c.channel !== "push");
  if (wantsText && !mexicanMobile(phone)) throw AppError.of("MESSAGING_PHONE_REQUIRED");
  await app.db.transaction(async (tx) => {
    if (phone && phone !== customer.phone) await setPhone(tx, customerId, phone);
    await insertConsents(
      tx,
      changes.map((c) => ({
        customer_id: customerId,
        ...c,
        text_shown: consentText(c.purpose, c.channel),
        source: input.source,
      })),
    );
  });
  return { ...(await myMessaging(app, customerId)), message: t("messagingConsentSaved") };
}

export async function subscribePush(
  app: FastifyInstance,
  customerId: number,
  sub: { endpoint: string; keys: { p256dh: string; auth: string } },
) {
  if (!sub.endpoint.startsWith("https://")) throw AppError.of("MESSAGING_PUSH_INVALID");
  await savePushSubscription(app.db, customerId, { endpoint: sub.endpoint, ...sub.keys });
  return { message: t("messagingPushSubscribed") };
}

export { allows, type ConsentKey };
