import type { FastifyInstance } from "fastify";
import { formatDate, formatDateTime, formatMoney, formatTime } from "../../../domain/format";
import { t } from "../../../domain/messages";
import type { CustomerMessageEvent } from "../../../domain/messaging/events";
import { batches } from "../../../domain/messaging/rate-limit";
import { findClassesWithDetails } from "../calendar/calendar.service";
import { cancelPolicyText } from "../reservations/reservations.service";
import { reservationsForMessages } from "./messaging.repository";
import { queueDelivery, sendToCustomer, sendToNumber } from "./messaging.service";

/**
 * The transactional texts (docs/product-rules.md#messaging-transactional): each event another
 * module reports becomes one message on the customer's channel, once (its dedupe key).
 */
export async function onCustomerEvent(app: FastifyInstance, event: CustomerMessageEvent): Promise<void> {
  const config = await app.appConfig.get();
  const tz = config.timezone;
  const classVars = async (classId: number) => {
    const c = (await findClassesWithDetails(app.db, [classId])).get(classId);
    return c
      ? { vars: { className: c.class_type.name, when: formatDateTime(c.class_date, tz) }, date: c.class_date }
      : null;
  };
  switch (event.kind) {
    case "gift_card_whatsapp": {
      await sendToNumber(app, {
        phone: event.phone,
        template: "gift_card",
        name: event.name,
        vars: { text: event.text },
        dedupeKey: `gift_card:${event.giftCardId}`,
        context: { gift_card_id: event.giftCardId },
        now: event.at,
      });
      return;
    }
    case "booking_confirmed": {
      const [r] = await reservationsForMessages(app.db, [event.reservationId]);
      if (!r) return;
      const klass = await classVars(r.single_class_id);
      if (!klass) return;
      await sendToCustomer(app, {
        customerId: r.customer_id,
        template: "booking_confirmed",
        vars: { ...klass.vars, spot: r.spot ? ` Lugar: ${r.spot}.` : "" },
        dedupeKey: `booking_confirmed:${r.class_reservation_id}`,
        context: { reservation_id: r.class_reservation_id, single_class_id: r.single_class_id },
        emailSent: true,
        mustArriveBy: klass.date,
      });
      return;
    }
    case "reservation_cancelled": {
      const [r] = await reservationsForMessages(app.db, [event.reservationId]);
      if (!r) return;
      const klass = await classVars(r.single_class_id);
      if (!klass) return;
      await sendToCustomer(app, {
        customerId: r.customer_id,
        template: "reservation_cancelled",
        vars: { ...klass.vars, refund: event.refunded ? t("msgRefundCredit") : "" },
        dedupeKey: `reservation_cancelled:${r.class_reservation_id}`,
        context: { reservation_id: r.class_reservation_id, single_class_id: r.single_class_id },
        emailSent: true,
      });
      return;
    }
    case "waitlist_offer": {
      const klass = await classVars(event.classId);
      if (!klass) return;
      await sendToCustomer(app, {
        customerId: event.customerId,
        template: "waitlist_offer",
        vars: { ...klass.vars, expires: formatTime(event.expiresAt, tz) },
        dedupeKey: `waitlist_offer:${event.customerId}:${event.classId}:${event.expiresAt.getTime()}`,
        context: { single_class_id: event.classId },
        emailSent: true,
        // An offer held past its end is worthless: quiet hours give way.
        mustArriveBy: event.expiresAt,
      });
      return;
    }
    case "class_changed":
    case "class_cancelled": {
      const klass = await classVars(event.classId);
      if (!klass) return;
      const changed = event.kind === "class_changed";
      await sendToCustomer(app, {
        customerId: event.customerId,
        template: changed ? "class_changed" : "class_cancelled",
        vars: {
          ...klass.vars,
          change: changed ? event.change : "",
          refund: !changed && event.refundedCredits > 0 ? t("msgRefundCredit") : "",
        },
        context: { single_class_id: event.classId },
        emailSent: true,
        mustArriveBy: klass.date,
      });
      return;
    }
    case "reminders_due":
      await queueReminders(app, event.reservationIds, cancelPolicyText(config));
      return;
    case "offline_payment":
      await sendToCustomer(app, {
        customerId: event.customerId,
        template: "offline_payment_reference",
        vars: {
          method: event.method === "spei" ? "SPEI" : "OXXO",
          reference: event.reference ?? "",
          amount: formatMoney(event.amount),
          deadline: event.deadline ? formatDateTime(event.deadline, tz) : "",
        },
        dedupeKey: `offline_payment:${event.purchaseId}`,
        emailSent: true,
      });
      return;
    // Dunning (decision 0128): no email of this news went, so email is the last channel.
    case "renewal_failed":
      await sendToCustomer(app, {
        customerId: event.customerId,
        template: "renewal_failed",
        vars: {
          packageName: event.title,
          nextAttempt: formatDate(event.nextAttemptAt, tz),
          link: event.link,
        },
        dedupeKey: `renewal_failed:${event.attemptRef}`,
        context: { purchase_id: event.purchaseId },
      });
      return;
    case "renewal_ended":
      await sendToCustomer(app, {
        customerId: event.customerId,
        template: "renewal_ended",
        vars: { packageName: event.title, link: event.link },
        dedupeKey: `renewal_ended:${event.periodRef}`,
        context: { purchase_id: event.purchaseId },
      });
      return;
  }
}

/**
 * The reminder fan-out (docs/product-rules.md#messaging-scale, decision 0089): every due
 * reservation becomes a queued message (its dedupe key makes a second run add nothing), then the
 * ids go to the pg-boss workers in batches; no provider is called in the scheduler's run.
 */
export async function queueReminders(app: FastifyInstance, reservationIds: number[], policy: string) {
  const config = await app.appConfig.get();
  const queued: number[] = [];
  for (const chunk of batches(reservationIds)) {
    const rows = await reservationsForMessages(app.db, chunk);
    const classes = await findClassesWithDetails(app.db, [...new Set(rows.map((r) => r.single_class_id))]);
    for (const r of rows) {
      const c = classes.get(r.single_class_id);
      if (!c) continue;
      const outcome = await sendToCustomer(app, {
        customerId: r.customer_id,
        template: "class_reminder",
        vars: { className: c.class_type.name, when: formatDateTime(c.class_date, config.timezone), policy },
        dedupeKey: `class_reminder:${r.class_reservation_id}`,
        context: { reservation_id: r.class_reservation_id, single_class_id: r.single_class_id },
        emailSent: true,
        mustArriveBy: c.class_date,
        deliver: false,
      });
      if (outcome.message_id && outcome.status === "queued") queued.push(outcome.message_id);
    }
  }
  for (const ids of batches(queued)) await queueDelivery(app, ids);
  return queued.length;
}
