import type { FastifyInstance } from "fastify";
import { studioName } from "../../../domain/app-config";
import { countLabel, formatDateTime } from "../../../domain/format";
import { type ClassRow, findClassesWithDetails } from "../calendar/calendar.repository";
import { buildCalendar } from "../reservations/ical";
import { type EmailContent, renderEmail } from "./email-layout";
import {
  findCustomer,
  findReservation,
  outboxHas,
  reminderTemplate,
  reservationsDueForReminder,
} from "./notifications.repository";

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

function describeClass(c: EmailClass, timeZone: string): string[] {
  return [
    `Clase: ${c.class_type.name}`,
    `Fecha y hora: ${formatDateTime(c.class_date, timeZone)}`,
    ...(c.location
      ? [`Lugar: ${c.location.name}${c.location.address ? `, ${c.location.address}` : ""}`]
      : []),
    ...(c.coaches.length ? [`Coach: ${c.coaches.join(", ")}`] : []),
  ];
}

async function send(
  app: FastifyInstance,
  to: string,
  template: string,
  content: EmailContent,
  attachments?: { filename: string; contentType: string; content: string }[],
) {
  const config = await app.appConfig.get();
  const email = renderEmail(config, app.config.publicUrl, content);
  await app.mailer.send({ to, template, ...email, attachments });
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
) {
  const ics = buildCalendar(studio, [
    {
      uid: `reservacion-${reservationId}@${new URL(app.config.publicUrl).host}`,
      start: c.class_date,
      durationMinutes: c.duration_minutes,
      summary: `${c.class_type.name} · ${studio}`,
      location: [c.location?.name, c.location?.address].filter(Boolean).join(", "),
      description: [c.description, spot ? `Lugar: ${spot}` : null].filter(Boolean).join("\n"),
      url: link(app, "/mystudio/reservaciones"),
    },
  ]);
  return {
    filename: `clase-${reservationId}.ics`,
    contentType: "text/calendar; charset=utf-8",
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
) {
  await safely(app, "booking confirmation", () => sendBookingConfirmation(app, to, reservation, klass));
}

async function sendBookingConfirmation(
  app: FastifyInstance,
  to: Recipient,
  reservation: BookedReservation,
  known: EmailClass | null,
  intro?: string,
) {
  const klass = known ?? (await classDetails(app, reservation.single_class_id));
  if (!klass) return;
  const config = await app.appConfig.get();
  const guests = reservation.guest ? [`Invitado: ${reservation.guest}`] : [];
  await send(
    app,
    to.email,
    intro ? "waitlist_promoted" : "booking_confirmed",
    {
      title: intro ? "¡Tienes lugar en la clase!" : "¡Reservación confirmada!",
      lines: [
        intro ?? `Hola ${to.name}, tu lugar está reservado.`,
        ...describeClass(klass, config.timezone),
        ...(reservation.spot ? [`Tu lugar: ${reservation.spot}`] : []),
        ...guests,
        "Adjuntamos la clase para que la agregues a tu calendario.",
      ],
      action: { label: "Ver mis reservaciones", url: link(app, "/mystudio/reservaciones") },
    },
    [icsAttachment(app, studioName(config), reservation.class_reservation_id, klass, reservation.spot)],
  );
}

/** The customer cancelled a reservation of `klass` (the caller read who and which, under its locks). */
export async function notifyReservationCancelled(
  app: FastifyInstance,
  to: Recipient,
  klass: EmailClass,
  refunded: boolean,
) {
  await safely(app, "cancellation", async () => {
    const config = await app.appConfig.get();
    await send(app, to.email, "reservation_cancelled", {
      title: "Reservación cancelada",
      lines: [
        `Hola ${to.name}, cancelamos tu reservación.`,
        ...describeClass(klass, config.timezone),
        refunded
          ? "Tu crédito fue devuelto a tu cuenta."
          : "Como cancelaste dentro del tiempo límite, el crédito de esta clase no se devuelve.",
      ],
      action: { label: "Reservar otra clase", url: link(app, "/mystudio") },
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
    const config = await app.appConfig.get();
    await send(app, customer.email, "waitlist_offer", {
      title: "Se liberó un lugar en tu lista de espera",
      lines: [
        `Hola ${customer.name}, se liberó un lugar en una clase en la que estás en lista de espera.`,
        ...describeClass(klass, config.timezone),
        `El lugar es de quien lo acepte primero, antes de ${formatDateTime(expiresAt, config.timezone)}. Al aceptarlo se usa uno de tus créditos.`,
      ],
      action: { label: "Aceptar el lugar", url: link(app, "/mystudio/waitlists") },
    });
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
    const template = `waitlist_skipped:${waitlistId}`;
    if (await outboxHas(app.db, template)) return;
    const customer = await findCustomer(app.db, customerId);
    const klass = await classDetails(app, classId);
    if (!customer || !klass) return;
    const config = await app.appConfig.get();
    const why =
      reason === "NO_CREDITS"
        ? "no tenías créditos disponibles para esta clase"
        : reason === "PENALTY_ACTIVE"
          ? "tienes una penalización activa"
          : "tu cuenta no cumple los requisitos para reservar (revisa tu perfil)";
    await send(app, customer.email, template, {
      title: "No pudimos darte el lugar",
      lines: [
        `Hola ${customer.name}, se liberó un lugar en tu lista de espera, pero no pudimos reservarlo porque ${why}.`,
        ...describeClass(klass, config.timezone),
        "Sigues en la lista: si se libera otro lugar y ya puedes reservar, te lo asignaremos.",
      ],
      action: { label: "Ver mis listas de espera", url: link(app, "/mystudio/waitlists") },
    });
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
    const config = await app.appConfig.get();
    await send(app, customer.email, "penalty_notice", {
      title: "Penalización por inasistencias",
      lines: [
        `Hola ${customer.name}, no asististe a ${countLabel(penalty.no_shows, "clase", "clases seguidas")} que tenías reservada${penalty.no_shows === 1 ? "" : "s"}.`,
        `Por eso no podrás reservar clases hasta el ${formatDateTime(penalty.end_date, config.timezone)}.`,
        "Si crees que es un error, escríbenos y lo revisamos.",
      ],
    });
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
    if (!ctx || (await outboxHas(app.db, reminderTemplate(id)))) continue;
    await safely(app, "reminder", () =>
      send(app, ctx.email, reminderTemplate(id), {
        title: "Recordatorio de tu clase",
        lines: [
          `Hola ${ctx.name}, te esperamos en tu clase.`,
          ...describeClass(ctx.klass, ctx.config.timezone),
          ...(ctx.reservation.spot ? [`Tu lugar: ${ctx.reservation.spot}`] : []),
        ],
        action: { label: "Ver mis reservaciones", url: link(app, "/mystudio/reservaciones") },
      }),
    );
    sent++;
  }
  return sent;
}
