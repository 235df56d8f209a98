import { z } from "zod";
import { t } from "../messages";
import { ROSTER_FLAGS } from "../roster-flags";
import { STAFF_ROLES, staffRoleSchema } from "../staff";
import { instructorOut } from "./instructors";
import { isoDate } from "./wire";

/** The studio's team (server/modules/staff): staff, invitations, the first owner, a coach's day. */

const role = z.enum(STAFF_ROLES);
const email = z.string().trim().toLowerCase().email({ message: "Escribe un correo válido." }).max(254);
const text = (max: number) => z.string().trim().max(max).nullable().optional();
const token = z.string().min(3).max(200);

export const staffMember = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role,
  customer_id: z.number().nullable(),
  instructor_id: z.number().nullable(),
});
export const staffInvitation = z.object({
  staff_invitation_id: z.number(),
  email: z.string(),
  role,
  instructor_id: z.number().nullable(),
  expires_at: isoDate,
});
export const staffAnswer = z.object({ staff: z.array(staffMember), invitations: z.array(staffInvitation) });

export const inviteBody = z.object({
  email,
  role: staffRoleSchema,
  instructor_id: z.number().int().positive().nullable().optional(),
});
export const okAnswer = z.object({ ok: z.boolean() });
export const staffUserParams = z.object({ id: z.string().min(1).max(100) });
export const changeRoleBody = z.object({
  role: staffRoleSchema,
  instructor_id: z.number().int().positive().nullable().optional(),
});
export const changeRoleAnswer = z.object({ user_id: z.string(), role });

export const invitationQuery = z.object({ token });
export const invitationAnswer = z.object({
  email: z.string(),
  role,
  studio: z.string(),
  has_account: z.boolean(),
});
export const acceptInvitationBody = z.object({
  token,
  name: z.string().trim().max(120).optional(),
  password: z.string().min(1, { message: "Escribe tu contraseña." }).max(200),
});
export const acceptInvitationAnswer = z.object({ email: z.string(), role });

export const firstOwnerOpenAnswer = z.object({ open: z.boolean() });
export const firstOwnerBody = z.object({
  name: z.string().trim().min(2, { message: "Escribe tu nombre." }).max(120),
  email,
  password: z.string().min(1, { message: "Escribe una contraseña." }).max(200),
  /** Printed by the server at start-up on an empty studio (decision 0054). */
  setup_code: z
    .string({ error: t("setupCodeRequired") })
    .trim()
    .min(1, { message: t("setupCodeRequired") })
    .max(40),
});
export const firstOwnerAnswer = z.object({ email: z.string() });

/** A class a coach teaches, as their day and its roster show it. */
export const coachClass = z.object({
  single_class_id: z.number(),
  class_date: isoDate,
  duration_minutes: z.number(),
  capacity: z.number().nullable(),
  class_type: z.string(),
  location: z.string().nullable(),
});
export const myClass = coachClass.extend({ cancelled: z.boolean(), booked: z.number(), waiting: z.number() });
export const myClassesQuery = z.object({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Usa una fecha AAAA-MM-DD." })
    .optional(),
  days: z.coerce.number().int().min(1).max(31).default(7),
});
export const myClassesAnswer = z.object({
  instructor_id: z.number().nullable(),
  from: z.string(),
  to: z.string(),
  classes: z.array(myClass),
});

export const rosterSeat = z.object({
  class_reservation_id: z.number(),
  name: z.string(),
  is_guest: z.boolean(),
  spot: z.string().nullable(),
  attend: z.boolean(),
  notes: z.array(z.object({ body: z.string(), createdAt: isoDate })),
  /** The same flags the desk sees (docs/product-rules.md#roster-flags). */
  flags: z.array(z.enum(ROSTER_FLAGS)),
});
export const rosterAnswer = z.object({
  single_class: coachClass,
  seats: z.array(rosterSeat),
  waitlist: z.array(z.object({ position: z.number(), name: z.string() })),
});

export const myProfileAnswer = z.object({
  name: z.string(),
  email: z.string(),
  role,
  // The coach's public profile, as /instructors answers it (one owner: domain/api/instructors.ts).
  instructor: instructorOut
    .pick({
      instructor_id: true,
      name: true,
      last_name: true,
      nick_name: true,
      quote: true,
      short_bio: true,
      instagram: true,
      music_type: true,
    })
    .nullable(),
  ratings: z.object({ count: z.number(), average: z.number().nullable() }).nullable(),
});
export const myProfileBody = z.object({
  nick_name: text(60),
  quote: text(300),
  short_bio: text(2000),
  instagram: text(100),
  music_type: text(100),
});

/**
 * What the signed-in staff member may call, from server/plugins/permissions.ts (decision 0031):
 * "METHOD /api/path" keys, and whether routes not in the table (owner and manager only) are theirs.
 */
export const staffPermissionsAnswer = z.object({
  staff_role: staffRoleSchema,
  allowed: z.array(z.string()),
  unlisted: z.boolean(),
});
