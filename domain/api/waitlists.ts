import { z } from "zod";
import { messageAnswer } from "./wire";

/** Mis Listas de Espera and the class card's waitlist button (server/modules/waitlists). */

const id = z.coerce.number().int().positive();

/** The states of an entry: the one list (the table's column and check take it from here). */
export const WAITLIST_STATUSES = ["waiting", "offered", "promoted", "expired", "left"] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
/** The states of an entry still in line for a seat (waiting, or holding an offer). */
export const WAITLIST_IN_LINE: WaitlistStatus[] = ["waiting", "offered"];

/** One of my entries: place in line and, for an offer, until when. */
export const waitlistEntryOut = z
  .object({
    waitlist_id: z.number(),
    single_class_id: z.number(),
    customer_id: z.number(),
    status: z.enum(WAITLIST_STATUSES),
    /** Place in line (null once out of it). */
    position: z.number().nullable(),
    offer_expires_at: z.string().nullable(),
    class_reservation_id: z.number().nullable(),
    createdAt: z.string(),
  })
  .loose();
export type WaitlistEntry = z.input<typeof waitlistEntryOut>;

/** A row of Mis Listas de Espera: the entry with its class. */
export const myWaitlistOut = waitlistEntryOut.extend({
  /** In line but too close to class (or the class was cancelled): no more seats come from the list. */
  closed: z.boolean(),
  single_class: z.object({
    single_class_id: z.number(),
    class_date: z.string(),
    duration_minutes: z.number(),
    cancelled: z.boolean(),
    class_type: z.object({ class_type_id: z.number(), name: z.string(), color: z.string().nullable() }),
    location: z.object({ location_id: z.number(), name: z.string() }).nullable(),
    class_instructors: z.array(
      z.object({
        instructor: z.object({
          instructor_id: z.number(),
          name: z.string(),
          nick_name: z.string().nullable(),
        }),
      }),
    ),
  }),
});
export type MyWaitlist = z.input<typeof myWaitlistOut>;
export const myWaitlistsAnswer = z.object({ waitlists: z.array(myWaitlistOut) });

export const classWaitlistParams = z.object({ single_class_id: id });
export const classWaitlistAnswer = z.object({ waitlist: waitlistEntryOut.nullable() });
export const waitlistAnswer = z.object({ waitlist: waitlistEntryOut });

export const joinWaitlistBody = z.object({
  single_class_id: id,
  // Older clients send customer_id: accepted and ignored (the session decides).
  customer_id: z.unknown().optional(),
});
export const joinWaitlistAnswer = messageAnswer.extend({ waitlist: waitlistEntryOut });

export const acceptOfferBody = z.object({ waitlist_id: id, accept: z.literal(true) });
export const acceptOfferAnswer = messageAnswer.extend({
  class_reservation_id: z.number(),
  single_class_id: z.number(),
});
