import type { FastifyInstance } from "fastify";
import { AppError } from "../../../domain/errors";
import { formatDateTime } from "../../../domain/format";
import { type MessageKey, t } from "../../../domain/messages";
import type { MessageChannel, MessagePurpose } from "../../../domain/messaging/consent";
import { fromTwilioStatus } from "../../../domain/messaging/delivery";
import { parseReply } from "../../../domain/messaging/keywords";
import { mexicanMobile, nationalDigits } from "../../../domain/messaging/phone";
import { renderTemplate } from "../../../domain/messaging/templates";
import { thresholdParams } from "../../../domain/reservations/cancel.rules";
import { findClassesWithDetails } from "../calendar/calendar.service";
import { notifyBookingConfirmed, notifyReservationCancelled } from "../notifications/notifications.service";
import { cancelReservation } from "../reservations/reservations.service";
import { acceptOffer } from "../waitlists/waitlists.service";
import {
  customerByPhone,
  findBySid,
  insertConsents,
  insertMessage,
  lastKeywordStop,
  lastOutbound,
  markHandled,
  nextReservationOf,
  openOffersOf,
} from "./messaging.repository";
import { applyStatus, queueDelivery, studioVars } from "./messaging.service";

/**
 * Replies by WhatsApp or SMS (docs/product-rules.md#messaging-replies): BAJA/STOP stops the
 * purpose of the last message on that channel, ALTA restores it, SÍ claims the open waitlist
 * offer (booked once: the waitlist's own accept path locks the class), NO VOY cancels the
 * reminded class through the cancel rules; anything else waits in the staff inbox.
 */
export type InboundForm = { From?: string; Body?: string; MessageSid?: string };

export type InboundOutcome =
  | "stopped"
  | "started"
  | "claimed"
  | "claim_refused"
  | "cancelled"
  | "cancel_refused"
  | "inbox";

export async function receiveInbound(
  app: FastifyInstance,
  form: InboundForm,
  now = new Date(),
): Promise<InboundOutcome> {
  if (!form.From || typeof form.Body !== "string" || !form.MessageSid)
    throw AppError.of("MESSAGING_WEBHOOK_MALFORMED");
  const mobile = mexicanMobile(form.From);
  const customer = mobile ? await customerByPhone(app.db, nationalDigits(mobile)) : null;
  if (!customer) throw AppError.of("MESSAGING_SENDER_UNKNOWN");
  const channel: MessageChannel = form.From.toLowerCase().startsWith("whatsapp:") ? "whatsapp" : "sms";
  const inbound = await insertMessage(app.db, {
    customer_id: customer.customer_id,
    direction: "in",
    channel,
    purpose: "transactional",
    body: form.Body.slice(0, 1600),
    address: form.From,
    status: "received",
    provider_sid: form.MessageSid,
    status_at: now,
  });
  // Twilio retries a webhook it thinks failed: the same MessageSid is handled once.
  if (!inbound) return "inbox";
  const reply = (key: MessageKey, vars: Record<string, string | number> = {}) =>
    answer(app, customer.customer_id, channel, form.From as string, key, { name: customer.name, ...vars });
  const handled = async (outcome: InboundOutcome) => {
    await markHandled(app.db, inbound.message_id, now);
    return outcome;
  };
  const intent = parseReply(form.Body);
  if (intent === "stop" || intent === "start") {
    const purpose = await purposeOfLast(app, customer.customer_id, channel, intent);
    await insertConsents(app.db, [
      {
        customer_id: customer.customer_id,
        purpose,
        channel,
        granted: intent === "start",
        text_shown: form.Body.slice(0, 200),
        source: "keyword",
      },
    ]);
    await reply(intent === "stop" ? "msgStopConfirmed" : "msgStartConfirmed", {
      purpose: t(purpose === "marketing" ? "msgPurposeMarketing" : "msgPurposeTransactional"),
      channel: t(channel === "whatsapp" ? "msgChannelWhatsapp" : "msgChannelSms"),
    });
    return handled(intent === "stop" ? "stopped" : "started");
  }
  if (intent === "yes") return handled(await claimOffer(app, customer.customer_id, reply, now));
  if (intent === "not_going") return handled(await cancelReminded(app, customer, channel, reply, now));
  return "inbox";
}

/**
 * BAJA stops what the last message on that channel was for (not counting our answers to
 * replies); ALTA restores what the customer's last BAJA on that channel stopped. Marketing when
 * nothing says otherwise: it is the purpose a customer most wants to stop.
 */
async function purposeOfLast(
  app: FastifyInstance,
  customerId: number,
  channel: MessageChannel,
  intent: "stop" | "start",
): Promise<MessagePurpose> {
  if (intent === "stop") {
    const last = await lastOutbound(app.db, customerId, channel, undefined, "staff_reply");
    return last?.purpose === "transactional" ? "transactional" : "marketing";
  }
  const stopped = await lastKeywordStop(app.db, customerId, channel);
  return stopped?.purpose === "transactional" ? "transactional" : "marketing";
}

type Reply = (key: MessageKey, vars?: Record<string, string | number>) => Promise<void>;

async function classText(app: FastifyInstance, classId: number) {
  const config = await app.appConfig.get();
  const c = (await findClassesWithDetails(app.db, [classId])).get(classId);
  return c ? { className: c.class_type.name, when: formatDateTime(c.class_date, config.timezone) } : null;
}

async function claimOffer(
  app: FastifyInstance,
  customerId: number,
  reply: Reply,
  now: Date,
): Promise<InboundOutcome> {
  const [offer] = await openOffersOf(app.db, customerId, now);
  if (!offer) {
    await reply("msgWaitlistClaimNone");
    return "claim_refused";
  }
  const config = await app.appConfig.get();
  try {
    const booked = await acceptOffer(app.db, config, customerId, offer.waitlist_id, now);
    await notifyBookingConfirmed(app, booked.class_reservation_id);
    await reply("msgWaitlistClaimed", (await classText(app, offer.single_class_id)) ?? {});
    return "claimed";
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await reply("msgWaitlistClaimLate");
    return "claim_refused";
  }
}

async function cancelReminded(
  app: FastifyInstance,
  customer: { customer_id: number },
  channel: MessageChannel,
  reply: Reply,
  now: Date,
): Promise<InboundOutcome> {
  const reminder = await lastOutbound(app.db, customer.customer_id, channel, "class_reminder");
  // Without a reminder (a NO VOY before it went out) it is the customer's next class.
  const next = reminder?.context?.reservation_id
    ? null
    : await nextReservationOf(app.db, customer.customer_id, now);
  const reservationId = reminder?.context?.reservation_id ?? next?.class_reservation_id;
  const classId = reminder?.context?.single_class_id ?? next?.single_class_id;
  if (!reservationId) {
    await reply("msgNotGoingNone");
    return "cancel_refused";
  }
  const config = await app.appConfig.get();
  try {
    const result = await cancelReservation(app.db, config, customer.customer_id, reservationId, now);
    await notifyReservationCancelled(app, result.customer, result.klass, result.refunded, result.seat);
    const refund = result.refunded
      ? t("msgRefundCredit")
      : result.seat.paid_with === "unlimited"
        ? t("msgRefundNone")
        : t("msgRefundLate", thresholdParams(config));
    await reply("msgNotGoingCancelled", {
      ...((await classText(app, result.single_class_id)) ?? {}),
      refund,
    });
    return "cancelled";
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // The refusal names the class it kept, the reminded one or the next one alike.
    const reservationClass = classId ? await classText(app, classId) : null;
    await reply("msgNotGoingRefused", {
      className: reservationClass?.className ?? "",
      reason: error.message,
    });
    return "cancel_refused";
  }
}

/**
 * The answer to a reply, on the channel it came from. It is the customer's own conversation
 * (inside WhatsApp's 24-hour window), so it needs no further consent, even after a BAJA.
 */
async function answer(
  app: FastifyInstance,
  customerId: number,
  channel: MessageChannel,
  address: string,
  key: MessageKey,
  vars: Record<string, string | number>,
) {
  const { studio } = await studioVars(app);
  const row = await insertMessage(app.db, {
    customer_id: customerId,
    channel,
    purpose: "transactional",
    template: "staff_reply",
    body: renderTemplate(t(key), { ...vars, studio }, "transactional"),
    address,
  });
  if (row) await queueDelivery(app, [row.message_id]);
}

/** Twilio's signed status callback: moves the message's status forward (a failure fails over). */
export async function receiveStatus(
  app: FastifyInstance,
  form: { MessageSid?: string; MessageStatus?: string; ErrorCode?: string },
) {
  if (!form.MessageSid || !form.MessageStatus) throw AppError.of("MESSAGING_WEBHOOK_MALFORMED");
  const status = fromTwilioStatus(form.MessageStatus);
  const row = await findBySid(app.db, form.MessageSid);
  if (!row) throw AppError.of("MESSAGING_MESSAGE_NOT_FOUND");
  if (!status) return false;
  return applyStatus(app, row, status, form.ErrorCode ? `Twilio ${form.ErrorCode}` : undefined);
}
