import { z } from "zod";
import { ROSTER_FLAGS } from "../roster-flags";
import { messageAnswer } from "./wire";

/** Check-in at the door (server/modules/attendance): seats, their states, walk-ins. */

/** A seat's states at the door, in the order the class's counts list them (attendance.service statusOf). */
export const CHECK_IN_STATUSES = ["pending", "attended", "no_show", "late_cancel"] as const;
export type CheckInStatus = (typeof CHECK_IN_STATUSES)[number];
export const checkInStatus = z.enum(CHECK_IN_STATUSES);

export const checkInSeat = z.object({
  class_reservation_id: z.number(),
  single_class_id: z.number(),
  customer_id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  guest: z.string().nullable(),
  guest_of_id: z.number().nullable(),
  spot: z.string().nullable(),
  attend: z.boolean(),
  status: checkInStatus,
  is_cash: z.boolean(),
  is_paid: z.boolean(),
  paid_with: z.string(),
  cancelled: z.boolean(),
});

/**
 * The class as the calendar's detail answers it (calendar.service getSingleClass): the fields the
 * desk reads; loose because the rest of that detail is the calendar's contract, answered as is.
 */
export const checkInClass = z
  .object({
    single_class_id: z.number(),
    class_date: z.string(),
    duration_minutes: z.number(),
    capacity: z.number().nullable(),
    reserved: z.number(),
    class_type: z.object({ name: z.string(), color: z.string().nullable() }).loose(),
    location: z.object({ name: z.string() }).loose().nullable(),
    class_instructors: z.array(
      z.object({
        instructor: z
          .object({ instructor_id: z.number(), name: z.string(), nick_name: z.string().nullable() })
          .loose(),
      }),
    ),
  })
  .loose();

export const checkInCounts = z.object({
  pending: z.number(),
  attended: z.number(),
  no_show: z.number(),
  late_cancel: z.number(),
});

export const checkInAnswer = z.object({
  class_reservation: checkInSeat,
  guests: z.array(checkInSeat),
  single_class: checkInClass,
});

export const attendBody = z.object({ attend: z.boolean() });
export const checkInBody = z.object({
  status: z.enum(checkInStatus.options, { message: "Elige Asistió, No asistió o Cancelación tardía." }),
});
export const seatAnswer = messageAnswer.extend({ class_reservation: checkInSeat });

/** What the roster points out about a person (domain/roster-flags.ts), to settle first. */
export const rosterFlag = z.enum(ROSTER_FLAGS);

export const classAttendanceAnswer = z.object({
  single_class: checkInClass,
  reservations: z.array(checkInSeat.extend({ flags: z.array(rosterFlag) })),
  attended: z.number(),
  counts: checkInCounts,
});

export const checkInAllAnswer = messageAnswer.extend({ marked: z.number() });

const positiveId = z.coerce.number().int().positive();

export const walkInBody = z.object({
  customer_id: positiveId.nullish(),
  customer: z
    .object({
      name: z.string().trim().min(2, { message: "Escribe el nombre." }).max(80),
      last_name: z.string().trim().max(80).nullish(),
      phone: z
        .string()
        .trim()
        .regex(/^\d{10}$/, { message: "El teléfono debe tener 10 dígitos." }),
      email: z.email({ message: "Correo inválido." }).nullish().or(z.literal("")),
    })
    .nullish(),
  payment: z.enum(["credit", "cash"], { message: "Elige cómo paga: crédito o efectivo." }),
  class_package_id: positiveId.nullish(),
  amount: z.number().min(0).max(1_000_000).nullish(),
});
export const walkInAnswer = messageAnswer.extend({
  customer_id: z.number(),
  class_reservation_id: z.number(),
});
