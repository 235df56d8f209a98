import type { FastifyInstance } from "fastify";
import { studioName } from "../../../domain/app-config";
import { maskGiftCodes } from "../../../domain/gift-cards";
import { t } from "../../../domain/messages";
import { channelsFor, failOver } from "../../../domain/messaging/channel-choice";
import {
  type ConsentState,
  currentConsents,
  type DeliveryChannel,
  type MessagePurpose,
} from "../../../domain/messaging/consent";
import { advances, type MessageStatus } from "../../../domain/messaging/delivery";
import { channelAddress, mexicanMobile } from "../../../domain/messaging/phone";
import { quietHoursOf, sendTime } from "../../../domain/messaging/quiet-hours";
import { backoffMs, MAX_ATTEMPTS } from "../../../domain/messaging/rate-limit";
import {
  type MessageTemplate,
  renderTemplate,
  templatePurpose,
  templateText,
} from "../../../domain/messaging/templates";
import type { MessageContext } from "../../db/schema/messaging";
import {
  claimMessage,
  consentRecords,
  deletePushSubscription,
  eraseMessagingData,
  insertMessage,
  type MessageRow,
  messagingCustomer,
  messagingDataOf,
  pushTargets,
  updateMessage,
} from "./messaging.repository";
import { providersOf } from "./providers";
import { SubscriptionGone } from "./push-sender";
import { ProviderRateLimited, ProviderRefused } from "./twilio-sender";

/**
 * Sending a message to a customer by WhatsApp, SMS or push (docs/product-rules.md#messaging):
 * consent per purpose x channel, quiet hours, the channel order with fail-over to email, the
 * outbox row first and the provider call after (a row is claimed before it is sent, so it is sent
 * once across instances), then the provider's signed callbacks move its status.
 */
export const DELIVER_JOB = "messaging.deliver";

export type SendToCustomer = {
  customerId: number;
  template: MessageTemplate;
  vars?: Record<string, string | number | null | undefined>;
  /** One message per key across instances and retries ("class_reminder:<reservation>"). */
  dedupeKey?: string;
  context?: MessageContext;
  /** The same news already went by email: a failed text does not send it again. */
  emailSent?: boolean;
  /** A message that is useless after this instant is not held by quiet hours past it. */
  mustArriveBy?: Date | null;
  /** The owner's edited text (messages that bring customers back). */
  text?: string;
  automation?: string;
  /** false: only queued (the fan-out hands ids to its workers in batches). */
  deliver?: boolean;
  now?: Date;
};

export type SendOutcome = {
  message_id: number | null;
  status: MessageStatus | "duplicate" | "no_channel";
};

export async function consentStateOf(app: FastifyInstance, customerId: number): Promise<ConsentState> {
  const records = await consentRecords(app.db, customerId);
  return currentConsents(records.map((r) => ({ ...r, at: r.createdAt }) as never));
}

/** The studio's name for {studio} in every template. */
export async function studioVars(app: FastifyInstance) {
  const config = await app.appConfig.get();
  return { studio: studioName(config), timeZone: config.timezone, quietHours: quietHoursOf(config) };
}

/**
 * The entry other modules call (gift cards, notifications...): renders the template, picks the
 * channel the customer allows, records the message and queues its sending. Never sends marketing
 * without consent: such a message is recorded as refused, and nothing goes out.
 */
export async function sendToCustomer(app: FastifyInstance, input: SendToCustomer): Promise<SendOutcome> {
  const now = input.now ?? new Date();
  const customer = await messagingCustomer(app.db, input.customerId);
  if (!customer) return { message_id: null, status: "no_channel" };
  const purpose: MessagePurpose = templatePurpose(input.template);
  const consents = await consentStateOf(app, input.customerId);
  const mobile = mexicanMobile(customer.phone);
  const subscriptions = (await pushTargets(app.db, input.customerId)).length;
  let order = channelsFor(purpose, consents, { mobile, pushSubscriptions: subscriptions });
  if (input.emailSent) order = order.filter((c) => c !== "email");
  const { studio, timeZone, quietHours } = await studioVars(app);
  const body = renderTemplate(
    input.text ?? templateText(input.template),
    { name: customer.name, ...input.vars, studio },
    purpose,
  );
  const base = {
    customer_id: input.customerId,
    purpose,
    template: input.template,
    automation: input.automation ?? null,
    body,
    dedupe_key: input.dedupeKey ?? null,
    context: input.context ?? null,
  };
  const [first, ...rest] = order;
  if (!first) {
    if (purpose !== "marketing") return { message_id: null, status: "no_channel" };
    // Kept as proof that it was not sent (docs/product-rules.md#messaging-consent).
    const row = await insertMessage(app.db, {
      ...base,
      channel: "none",
      status: "refused",
      error: t("messagingNoConsentForMarketing"),
      status_at: now,
    });
    return { message_id: row?.message_id ?? null, status: row ? "refused" : "duplicate" };
  }
  const sendAfter = first === "email" ? now : sendTime(now, timeZone, input.mustArriveBy, quietHours);
  const row = await insertMessage(app.db, {
    ...base,
    channel: first,
    address: addressOf(first, mobile, customer.email),
    fallbacks: rest,
    send_after: sendAfter,
  });
  if (!row) return { message_id: null, status: "duplicate" };
  if (input.deliver !== false)
    await queueDelivery(app, [row.message_id], sendAfter > now ? sendAfter : undefined);
  return { message_id: row.message_id, status: "queued" };
}

/**
 * A transactional WhatsApp to someone who is not a customer: a gift card's recipient, whose number
 * the buyer gave for this one message (decision 0131). No consent record exists to read: the buyer
 * vouches for it, the text is only the gift, and nothing else is ever sent to that number by this
 * path. Held by quiet hours like any text; no fail-over (the email goes anyway).
 */
export async function sendToNumber(
  app: FastifyInstance,
  input: {
    phone: string;
    template: MessageTemplate;
    name: string;
    vars?: Record<string, string | number | null | undefined>;
    dedupeKey: string;
    context?: MessageContext;
    now?: Date;
  },
): Promise<SendOutcome> {
  const now = input.now ?? new Date();
  const mobile = mexicanMobile(input.phone);
  if (!mobile) return { message_id: null, status: "no_channel" };
  const purpose = templatePurpose(input.template);
  if (purpose !== "transactional") return { message_id: null, status: "no_channel" };
  const { studio, timeZone, quietHours } = await studioVars(app);
  const body = renderTemplate(
    templateText(input.template),
    { name: input.name, ...input.vars, studio },
    purpose,
  );
  const sendAfter = sendTime(now, timeZone, null, quietHours);
  const row = await insertMessage(app.db, {
    customer_id: null,
    purpose,
    template: input.template,
    body,
    dedupe_key: input.dedupeKey,
    context: input.context ?? null,
    channel: "whatsapp",
    address: channelAddress("whatsapp", mobile),
    fallbacks: [],
    send_after: sendAfter,
  });
  if (!row) return { message_id: null, status: "duplicate" };
  await queueDelivery(app, [row.message_id], sendAfter > now ? sendAfter : undefined);
  return { message_id: row.message_id, status: "queued" };
}

function addressOf(channel: DeliveryChannel, mobile: string | null, email: string): string | null {
  if (channel === "email") return email;
  if (channel === "push") return null;
  return mobile ? channelAddress(channel, mobile) : null;
}

/** Hands messages to the workers (pg-boss; one job per batch, sent once per batch key). */
export async function queueDelivery(app: FastifyInstance, ids: number[], startAfter?: Date) {
  if (ids.length === 0) return;
  await app.jobs.send(DELIVER_JOB, { ids }, { startAfter, singletonKey: `deliver:${ids[0]}:${ids.length}` });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The worker: sends each message it can claim. A provider's 429 waits (Retry-After or
 * exponential back-off, domain/messaging/rate-limit.ts) and tries again; after MAX_ATTEMPTS the
 * message returns to the queue and the job fails, so pg-boss retries it later.
 */
export async function deliverMessages(
  app: FastifyInstance,
  ids: number[],
  options: { now?: Date; wait?: (ms: number) => Promise<unknown> } = {},
): Promise<{ sent: number; held: number }> {
  const wait = options.wait ?? sleep;
  let sent = 0;
  let held = 0;
  for (const id of ids) {
    const row = await claimMessage(app.db, id);
    if (!row) continue;
    const now = options.now ?? new Date();
    if (row.send_after && row.send_after > now) {
      // Quiet hours: its own delayed job sends it.
      await updateMessage(app.db, id, { status: "queued" });
      held++;
      continue;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await deliverOne(app, row);
        await forgetSecrets(app, row);
        sent++;
        break;
      } catch (error) {
        if (!(error instanceof ProviderRateLimited)) {
          await updateMessage(app.db, id, { status: "queued", error: String((error as Error).message) });
          throw error;
        }
        if (attempt >= MAX_ATTEMPTS) {
          await updateMessage(app.db, id, { status: "queued", error: "429" });
          throw error;
        }
        await wait(backoffMs(attempt, error.retryAfterSeconds));
      }
    }
  }
  return { sent, held };
}

/** One claimed message to its channel's provider; a refusal fails it over to the next channel. */
async function deliverOne(app: FastifyInstance, row: MessageRow): Promise<void> {
  const providers = providersOf(app.config);
  const now = new Date();
  if (row.channel === "email") {
    const customer = row.customer_id ? await messagingCustomer(app.db, row.customer_id) : null;
    const to = row.address ?? customer?.email;
    if (!to) return markFailed(app, row, "sin correo");
    const { studio } = await studioVars(app);
    await app.mailer.send({
      to,
      template: "message-fallback",
      subject: studio,
      text: row.body,
      html: `<p>${escapeHtml(row.body).replace(/\n/g, "<br>")}</p>`,
    });
    await updateMessage(app.db, row.message_id, { status: "sent", sent_at: now, status_at: now });
    return;
  }
  if (row.channel === "push") {
    if (!providers.push) return markNotSent(app, row);
    const targets = row.customer_id ? await pushTargets(app.db, row.customer_id) : [];
    let delivered = 0;
    for (const target of targets) {
      try {
        await providers.push.send(target, {
          title: (await studioVars(app)).studio,
          body: row.body,
          url: "/mystudio",
        });
        delivered++;
      } catch (error) {
        if (error instanceof SubscriptionGone) await deletePushSubscription(app.db, target.endpoint);
        else throw error;
      }
    }
    if (delivered === 0) return markFailed(app, row, "sin suscripciones activas");
    await updateMessage(app.db, row.message_id, { status: "sent", sent_at: now, status_at: now });
    return;
  }
  if (!providers.text) return markNotSent(app, row);
  if (!row.address) return markFailed(app, row, t("messagingPhoneRequired"));
  try {
    const result = await providers.text.send({
      channel: row.channel as "whatsapp" | "sms",
      to: row.address,
      body: row.body,
      statusCallback: `${app.config.publicUrl}/api/webhooks/twilio/status`,
    });
    await updateMessage(app.db, row.message_id, {
      status: "sent",
      provider_sid: result.sid,
      sent_at: now,
      status_at: now,
      error: null,
    });
  } catch (error) {
    if (error instanceof ProviderRefused) return markFailed(app, row, `${error.code}: ${error.message}`);
    throw error;
  }
}

/**
 * A gift card's code is in its message only until the provider has it (decision 0090 keeps codes
 * as hashes): once the attempt is over, the outbox row shows it masked, as the back office lists it.
 */
async function forgetSecrets(app: FastifyInstance, row: MessageRow) {
  if (row.template !== "gift_card") return;
  const masked = maskGiftCodes(row.body);
  if (masked !== row.body) await updateMessage(app.db, row.message_id, { body: masked });
}

/** Without the provider's keys the message stays in the outbox as "no enviado" (the demo shows it). */
async function markNotSent(app: FastifyInstance, row: MessageRow) {
  await updateMessage(app.db, row.message_id, { status: "not_sent", status_at: new Date() });
}

async function markFailed(app: FastifyInstance, row: MessageRow, error: string) {
  await updateMessage(app.db, row.message_id, { status: "failed", error, status_at: new Date() });
  await failOverFrom(app, row);
}

/** A failed message tries the next channel of its order (email last for transactional ones). */
export async function failOverFrom(app: FastifyInstance, row: MessageRow) {
  const order = [row.channel, ...(row.fallbacks ?? [])] as DeliveryChannel[];
  const next = failOver(order, row.channel as DeliveryChannel);
  if (!next || !row.customer_id) return;
  const customer = await messagingCustomer(app.db, row.customer_id);
  if (!customer) return;
  const mobile = mexicanMobile(customer.phone);
  const created = await insertMessage(app.db, {
    customer_id: row.customer_id,
    purpose: row.purpose,
    template: row.template,
    automation: row.automation,
    body: row.body,
    context: row.context,
    channel: next,
    address: addressOf(next, mobile, customer.email),
    fallbacks: order.slice(order.indexOf(next) + 1),
  });
  if (created) await queueDelivery(app, [created.message_id]);
}

/** A status the provider reported (signed callback); forward only, a failure fails over. */
export async function applyStatus(
  app: FastifyInstance,
  row: MessageRow,
  status: MessageStatus,
  error?: string,
) {
  if (!advances(row.status as MessageStatus, status)) return false;
  await updateMessage(app.db, row.message_id, { status, status_at: new Date(), ...(error ? { error } : {}) });
  if (status === "failed") await failOverFrom(app, { ...row, status });
  return true;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type { MessagePurpose };

/** ARCO (server/modules/privacy): the customer's consents, messages and push devices. */
export async function exportMessagingData(db: FastifyInstance["db"], customerId: number) {
  return messagingDataOf(db, customerId);
}

/** ARCO closure: consents, messages and push devices are erased with the account. */
export async function eraseCustomerMessaging(db: FastifyInstance["db"], customerId: number) {
  await eraseMessagingData(db, customerId);
}
