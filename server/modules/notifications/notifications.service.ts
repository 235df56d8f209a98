import type { FastifyInstance } from "fastify";
import { studioName } from "../../../domain/app-config";
import type { MailTemplate } from "../../../domain/mail-templates";
import { tellCustomer } from "../../plugins/customer-messages";
import type { MailRenderer } from "../../plugins/mailer";
import { type ClassRow, findClassesWithDetails } from "../calendar/calendar.service";
import { type Brand, brandOf } from "../mail/templates/brand";
import {
  type BookingProps,
  bookingConfirmedEmail,
  bookingConfirmedSubject,
  type CancelledProps,
  type ClassFacts,
  classReminderEmail,
  penaltyNoticeEmail,
  reservationCancelledEmail,
  reservationCancelledSubject,
  waitlistOfferEmail,
  waitlistSkippedEmail,
} from "../mail/templates/classes";
import type { RenderedMail } from "../mail/templates/render";
import { buildCalendar } from "./ical";
import {
  classSequence,
  findCustomer,
  findReservation,
  outboxHas,
  reminderTemplate,
  reservationsDueForReminder,
} from "./notifications.repository";
import { reminderUnsubscribeUrl } from "./unsubscribe";

/**
 * Every email the studio sends around a class (Spanish, branded, with plain text). Each function
 * is called after the change it reports has committed and never throws: a mail problem must not
 * undo or fail a booking; it is logged and the outbox shows it.
 */

/**
 * What an email says about a class. The booking and the cancellation read it with their class
 * lock (reservations.repository) and pass it in; other emails read it here.
 */
export type EmailClass = {
  class_date: Date;
  duration_minutes: number;
  description: string | null;
  class_type: { name: string };
  location: { name: string; address: string | null } | null;
  /** Nick name, else name, of each coach. */
  coaches: string[];
};

function emailClassOf(c: ClassRow): EmailClass {
  return {
    class_date: c.class_date,
    duration_minutes: c.duration_minutes,
    description: c.description,
    class_type: c.class_type,
    location: c.location,
    coaches: c.class_instructors.map(({ instructor }) => instructor.nick_name || instructor.name),
  };
}

/** A class with its type, place and coaches (one prepared statement: no SQL built per email). */
async function classDetails(app: FastifyInstance, classId: number): Promise<EmailClass | null> {
  const row = (await findClassesWithDetails(app.db, [classId])).get(classId);
  return row ? emailClassOf(row) : null;
}

/** The class as the templates (server/modules/mail/templates/classes.tsx) take it. */
const factsOf = (c: EmailClass): ClassFacts => ({
  name: c.class_type.name,
  date: c.class_date,
  location: c.location,
  coaches: c.coaches,
});

async function brand(app: FastifyInstance): Promise<Brand> {
  return brandOf(await app.appConfig.get(), app.config.publicUrl);
}

async function send(
  app: FastifyInstance,
  to: string,
  template: MailTemplate,
  email: RenderedMail,
  attachments?: { filename: string; contentType: string; content: string }[],
  headers?: Record<string, string>,
) {
  await app.mailer.send({ to, template, ...email, attachments, headers });
}

async function safely(app: FastifyInstance, what: string, work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    app.log.error({ err: error }, `notifications: ${what} failed`);
  }
}

const link = (app: FastifyInstance, path: string) => `${app.config.publicUrl.replace(/\/$/, "")}${path}`;

async function reservationContext(app: FastifyInstance, reservationId: number) {
  const row = await findReservation(app.db, reservationId);
  if (!row) return null;
  const klass = await classDetails(app, row.reservation.single_class_id);
  if (!klass) return null;
  return { ...row, klass, config: await app.appConfig.get() };
}

/** The class as an .ics attachment (same builder as "Agregar a mi calendario"). */
function icsAttachment(
  app: FastifyInstance,
  studio: string,
  reservationId: number,
  c: EmailClass,
  spot: string | null,
  /** The studio's zone (TZID) and, for a cancellation, METHOD:CANCEL with the event's SEQUENCE (decision 0026). */
  calendar: { timeZone?: string; cancel?: { sequence: number } } = {},
) {
  const ics = buildCalendar(
    studio,
    [
      {
        uid: `reservacion-${reservationId}@${new URL(app.config.publicUrl).host}`,
        start: c.class_date,
        durationMinutes: c.duration_minutes,
        summary: `${c.class_type.name} · ${studio}`,
        location: [c.location?.name, c.location?.address].filter(Boolean).join(", "),
        description: [c.description, spot ? `Lugar: ${spot}` : null].filter(Boolean).join("\n"),
        url: link(app, "/mystudio/reservaciones"),
        ...(calendar.cancel ? { sequence: calendar.cancel.sequence, status: "CANCELLED" as const } : {}),
      },
    ],
    { timeZone: calendar.timeZone, method: calendar.cancel ? "CANCEL" : "PUBLISH" },
  );
  return {
    filename: `clase-${reservationId}.ics`,
    contentType: `text/calendar; charset=utf-8${calendar.cancel ? "; method=CANCEL" : ""}`,
    content: Buffer.from(ics).toString("base64"),
  };
}

/** Who a booking or cancellation email goes to. */
export type Recipient = { email: string; name: string };

type BookedReservation = {
  class_reservation_id: number;
  single_class_id: number;
  spot: string | null;
  guest: string | null;
};

/** Booking confirmation with the class as .ics. `intro` replaces the first line (waitlist promotion). */
export async function notifyBookingConfirmed(app: FastifyInstance, reservationId: number, intro?: string) {
  await safely(app, "booking confirmation", async () => {
    const row = await findReservation(app.db, reservationId);
    if (row) await sendBookingConfirmation(app, row, row.reservation, null, intro);
  });
}

/**
 * The same confirmation when the caller already has the reservation, the customer and the class
 * (a booking reads them under its locks): nothing is read.
 */
export async function notifyBookingConfirmedTo(
  app: FastifyInstance,
  to: Recipient,
  reservation: BookedReservation,
  klass: EmailClass,
  guest: { guest: string | null; spot: string | null } | null = null,
) {
  await safely(app, "booking confirmation", () =>
    sendBookingConfirmation(app, to, reservation, klass, undefined, guest),
  );
}

async function sendBookingConfirmation(
  app: FastifyInstance,
  to: Recipient,
  reservation: BookedReservation,
  known: EmailClass | null,
  intro?: string,
  // The guest is its own seat (architecture.md section 5): its name and spot are on its row.
  guest: { guest: string | null; spot: string | null } | null = null,
) {
  const klass = known ?? (await classDetails(app, reservation.single_class_id));
  if (!klass) return;
  const config = await app.appConfig.get();
  const props: BookingEmail = {
    name: to.name,
    klass: queuedFacts(klass),
    spot: reservation.spot,
    guest: guest?.guest ?? reservation.guest,
    guestSpot: guest?.spot ?? null,
    intro,
  };
  // Queued with its props: the outbox worker renders it after the answer (decision 0084).
  await app.mailer.enqueue({
    to: to.email,
    template: intro ? "waitlist_promoted" : "booking_confirmed",
    subject: bookingConfirmedSubject(brandOf(config, app.config.publicUrl), intro),
    props,
    attachments: [
      icsAttachment(app, studioName(config), reservation.class_reservation_id, klass, reservation.spot, {
        timeZone: config.timezone,
      }),
    ],
  });
  // The same news by WhatsApp, SMS or push where the customer chose it (docs/product-rules.md#messaging).
  await tellCustomer(app.db, { kind: "booking_confirmed", reservationId: reservation.class_reservation_id });
}

/** The props of the queued class emails: plain JSON (the date as ISO text), as stored on the row. */
type BookingEmail = Omit<BookingProps, "brand">;
type CancelledEmail = Omit<CancelledProps, "brand">;
const queuedFacts = (c: EmailClass): ClassFacts => ({ ...factsOf(c), date: c.class_date.toISOString() });

/**
 * The outbox worker's renderers of the emails booking and cancelling queue (decision 0084): the
 * studio's brand as it is when the worker runs, the rest from the props.
 */
export function registerClassMailRenderers(app: FastifyInstance) {
  const booking: MailRenderer = async (props) => {
    const { html, text } = await bookingConfirmedEmail(await brand(app), props as BookingEmail);
    return { html, text };
  };
  app.mailer.renderWith("booking_confirmed", booking);
  app.mailer.renderWith("waitlist_promoted", booking);
  app.mailer.renderWith("reservation_cancelled", async (props) => {
    const { html, text } = await reservationCancelledEmail(await brand(app), props as CancelledEmail);
    return { html, text };
  });
}

/** A cancelled reservation as its METHOD:CANCEL .ics needs it (sequence: the class's counter). */
export type CancelledSeat = {
  class_reservation_id: number;
  spot: string | null;
  sequence: number | null;
  /** How the seat was paid: 'unlimited' (a membership) gives back no credit, so the email says none. */
  paid_with?: string;
};

async function cancelledSeat(app: FastifyInstance, reservationId: number): Promise<CancelledSeat | null> {
  const seat = await findReservation(app.db, reservationId);
  if (!seat) return null;
  const { class_reservation_id, spot, single_class_id, paid_with } = seat.reservation;
  return { class_reservation_id, spot, paid_with, sequence: await classSequence(app.db, single_class_id) };
}

/** The customer cancelled a reservation of `klass` (the caller read who and which, under its locks). */
export async function notifyReservationCancelled(
  app: FastifyInstance,
  to: Recipient,
  klass: EmailClass,
  refunded: boolean,
  /**
   * With it, the email carries a METHOD:CANCEL .ics that removes the event from the calendar. The
   * cancellation passes the reservation's spot and the class's SEQUENCE it read under its lock
   * (nothing is read here); given only the id, both are read.
   */
  reservation?: number | CancelledSeat,
) {
  await safely(app, "cancellation", async () => {
    const seat = typeof reservation === "number" ? await cancelledSeat(app, reservation) : reservation;
    const props: CancelledEmail = {
      name: to.name,
      klass: queuedFacts(klass),
      refunded,
      // A class booked on an unlimited membership spent no credit: none is returned nor kept.
      unlimited: seat?.paid_with === "unlimited",
    };
    const config = await app.appConfig.get();
    const attachments =
      seat && seat.sequence !== null
        ? [
            icsAttachment(app, studioName(config), seat.class_reservation_id, klass, seat.spot, {
              timeZone: config.timezone,
              // The reservation's own cancellation: one above the class's counter (feedState).
              cancel: { sequence: seat.sequence + 1 },
            }),
          ]
        : undefined;
    // Queued with its props: the outbox worker renders it after the answer (decision 0084).
    await app.mailer.enqueue({
      to: to.email,
      template: "reservation_cancelled",
      subject: reservationCancelledSubject(brandOf(config, app.config.publicUrl)),
      props,
      attachments,
    });
    if (seat)
      await tellCustomer(app.db, {
        kind: "reservation_cancelled",
        reservationId: seat.class_reservation_id,
        refunded,
      });
  });
}

export async function notifyWaitlistOffer(
  app: FastifyInstance,
  customerId: number,
  classId: number,
  expiresAt: Date,
) {
  await safely(app, "waitlist offer", async () => {
    const customer = await findCustomer(app.db, customerId);
    const klass = await classDetails(app, classId);
    if (!customer || !klass) return;
    const email = await waitlistOfferEmail(await brand(app), {
      name: customer.name,
      klass: factsOf(klass),
      expiresAt,
    });
    await send(app, customer.email, "waitlist_offer", email);
    await tellCustomer(app.db, { kind: "waitlist_offer", customerId, classId, expiresAt });
  });
}

/** A seat was free but this person could not be booked (no usable credit): said once per entry. */
export async function notifyWaitlistSkipped(
  app: FastifyInstance,
  waitlistId: number,
  customerId: number,
  classId: number,
  reason: string,
) {
  await safely(app, "waitlist skipped", async () => {
    const template: MailTemplate = `waitlist_skipped:${waitlistId}`;
    if (await outboxHas(app.db, template)) return;
    const customer = await findCustomer(app.db, customerId);
    const klass = await classDetails(app, classId);
    if (!customer || !klass) return;
    const email = await waitlistSkippedEmail(await brand(app), {
      name: customer.name,
      klass: factsOf(klass),
      reason,
    });
    await send(app, customer.email, template, email);
  });
}

export async function notifyPenalty(
  app: FastifyInstance,
  customerId: number,
  penalty: { no_shows: number; end_date: Date },
) {
  await safely(app, "penalty notice", async () => {
    const customer = await findCustomer(app.db, customerId);
    if (!customer) return;
    const email = await penaltyNoticeEmail(await brand(app), {
      name: customer.name,
      noShows: penalty.no_shows,
      endDate: penalty.end_date,
    });
    await send(app, customer.email, "penalty_notice", email);
  });
}

/**
 * The reminder job: one email per reservation whose class starts within reminder_hours_before.
 * The outbox row tagged "class_reminder:<id>" marks it sent; pg-boss runs each cron slot once
 * across instances, so two instances do not race on the same reservation.
 */
export async function sendDueReminders(app: FastifyInstance, now = new Date()): Promise<number> {
  const config = await app.appConfig.get();
  const hours = config.reminder_hours_before ?? 12;
  if (hours <= 0) return 0;
  const ids = await reservationsDueForReminder(app.db, now, new Date(now.getTime() + hours * 3_600_000));
  let sent = 0;
  for (const id of ids) {
    const ctx = await reservationContext(app, id);
    if (!ctx?.reminder_emails || (await outboxHas(app.db, reminderTemplate(id)))) continue;
    await safely(app, "reminder", async () => {
      const unsubscribeUrl = reminderUnsubscribeUrl(
        app.config.publicUrl,
        app.config.authSecret,
        ctx.reservation.customer_id,
      );
      const email = await classReminderEmail(brandOf(ctx.config, app.config.publicUrl), {
        name: ctx.name,
        klass: factsOf(ctx.klass),
        spot: ctx.reservation.spot,
        unsubscribeUrl,
      });
      // Mail clients show their own "unsubscribe" for it (RFC 2369) and post it in one click
      // (RFC 8058): a GET of the link only shows a confirmation page (unsubscribe.routes.ts).
      await send(app, ctx.email, reminderTemplate(id), email, undefined, {
        "List-Unsubscribe": `<${unsubscribeUrl}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
    });
    sent++;
  }
  // The texts go through messaging's own queue and workers (decision 0089), not this loop.
  await tellCustomer(app.db, { kind: "reminders_due", reservationIds: ids });
  return sent;
}
