import { z } from "zod";
import { RESERVATION_FILTERS, RESERVATION_STATUS_LABEL, type ReservationStatus } from "../booking";
import { t } from "../messages";
import { classOut } from "./calendar";
import { messageAnswer } from "./wire";

/** Mis Reservaciones, booking, changes, cancellation, ratings and the calendar export (server/modules/reservations). */

const id = z.coerce.number().int().positive();
const guestName = z
  .string()
  .trim()
  .min(2, { message: t("guestNameRequired") })
  .max(80);
const spot = z.string().trim().max(8).nullish();
const stars = z.number().int().min(1).max(5);
const reservationStatus = z.enum(Object.keys(RESERVATION_STATUS_LABEL) as [ReservationStatus]);

/**
 * `after`: the `next` of the page before (a keyset cursor); `page` is still taken. The cursor's
 * own check (reservations-list.service parseReservationsCursor) is the server's, added there.
 */
export const reservationsQuery = z.object({
  filter: z.enum(RESERVATION_FILTERS).default("all"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  after: z.string().max(40).optional(),
});

/** A row of Mis Reservaciones (reservations-list.service): the seat, its state and actions, its class. */
export const reservationOut = z
  .object({
    class_reservation_id: z.number(),
    single_class_id: z.number(),
    spot: z.string().nullable(),
    guest: z.string().nullable(),
    guest_reservation_id: z.number().nullable(),
    guest_spot: z.string().nullable(),
    attend: z.boolean(),
    is_cash: z.boolean(),
    is_paid: z.boolean(),
    paid_with: z.string(),
    class_stars: z.number().nullable(),
    coach_stars: z.number().nullable(),
    deletedAt: z.string().nullable(),
    createdAt: z.string(),
    status: reservationStatus,
    can_cancel: z.boolean(),
    cancel_refunds: z.boolean(),
    /** 'Cancelar' is shown (its modal explains a refusal inside the window). */
    cancel_offered: z.boolean(),
    can_change: z.boolean(),
    past: z.boolean(),
    can_rate: z.boolean(),
    /** The class card's public part (the same schema as the calendar's), dated by the page's own read. */
    single_class: classOut.pick({
      single_class_id: true,
      class_date: true,
      duration_minutes: true,
      description: true,
      class_type: true,
      location: true,
      class_instructors: true,
    }),
  })
  .loose();
export type Reservation = z.input<typeof reservationOut>;

export const reservationsAnswer = z.object({
  reservations: z.array(reservationOut),
  /** How many reservations the filter has in all. */
  max: z.number(),
  /** The cancellation policy in Spanish, as the page shows it. */
  policy: z.string(),
  /** The cursor of the next page (null on the last one). */
  next: z.string().nullable(),
});

export const bookBody = z.object({
  single_class_id: id,
  spot,
  guest: guestName.nullish(),
  guest_spot: spot,
});

/** A seat just booked (the host's, or the guest's). */
const bookedSeat = z
  .object({
    class_reservation_id: z.number(),
    single_class_id: z.number(),
    spot: z.string().nullable(),
    guest: z.string().nullable(),
    paid_with: z.string(),
    available_class_id: z.number().nullable(),
  })
  .loose();
export const bookAnswer = messageAnswer.extend({
  class_reservation: bookedSeat,
  guest_reservation: bookedSeat.nullable(),
});

/** PUT /class_reservations: a key left out keeps its value. */
export const changeBody = z.object({
  class_reservation_id: id,
  spot,
  guest: guestName.optional(),
  guest_spot: spot,
});
const changedSeat = z.object({
  class_reservation_id: z.number(),
  single_class_id: z.number(),
  spot: z.string().nullable(),
  guest: z.string().nullable(),
});
export const changeAnswer = messageAnswer.extend({
  class_reservation: changedSeat,
  guest_reservation: changedSeat.nullable(),
});

export const cancelAnswer = messageAnswer.extend({ refunded: z.boolean() });

export const ratingBody = z
  .object({
    class_reservation_id: id,
    // Older clients send customer_id: accepted and ignored (the session decides).
    customer_id: z.unknown().optional(),
    class_stars: stars,
    coach_stars: stars.nullish(),
    comment: z.string().trim().max(1000).nullish(),
  })
  .refine((b) => !b.comment || b.coach_stars, {
    message: "El comentario acompaña a la calificación del coach.",
    path: ["comment"],
  });

export const guestNameBody = z.object({ class_reservation_id: id, name: guestName });

/** The private calendar feed's URL (created on first use; a new one replaces it). */
export const calendarFeedAnswer = z.object({ url: z.string() });

export const icalFeedParams = z.object({ token: z.string().min(10).max(100) });
