import { z } from "zod";
import { isLocalDay } from "../booking";
import { CHANGE_SCOPES, classChangeTexts } from "../class-changes";
import { t } from "../messages";
import { classDetailOut } from "./calendar";
import { messageAnswer } from "./wire";

/** The staff schedule (server/modules/admin-schedule): classes, their changes, rosters, substitutions. */

const id = z.coerce.number().int().positive();
const optionalRef = id.nullable().optional();
const day = z.string().refine(isLocalDay, { message: "Usa una fecha AAAA-MM-DD." });

const classFields = {
  class_type_id: id,
  class_date: z.string().min(1, { message: t("classDateInvalid") }),
  duration_minutes: z.coerce.number().int().min(5).max(600).optional(),
  capacity: z.coerce.number().int().min(0).max(1000).nullable().optional(),
  location_id: optionalRef,
  class_category_id: optionalRef,
  class_package_id: optionalRef,
  description: z.string().max(2000).nullable().optional(),
  icon: z.string().max(500).nullable().optional(),
  instructor_ids: z.array(id).max(20).optional(),
  tag_ids: z.array(id).max(50).optional(),
};
export const classBody = z.object(classFields);
export const changeScope = z.enum(CHANGE_SCOPES).default("one");
export const scopeQuery = z.object({ scope: changeScope });
/** The preview of a change (decision 0100): with `capacity`, the classes already fuller than it. */
export const changeImpactQuery = scopeQuery.extend({
  capacity: z.coerce.number().int().min(0).max(1000).optional(),
});
export const classUpdateBody = z
  .object(classFields)
  .partial()
  .extend({ single_class_id: id, scope: changeScope });
export const dayRangeQuery = z.object({ start_date: day, end_date: day });

/**
 * A class as the back office's schedule answers it: the calendar's own detail of one class
 * (calendar.service getSingleClass; one schema, domain/api/calendar.ts classDetailOut).
 */
export const adminClass = classDetailOut;

export const savedClassAnswer = messageAnswer.extend({ single_class: adminClass });
export const updatedClassAnswer = savedClassAnswer.extend({ updated: z.number(), notified: z.number() });
export const clonedAnswer = messageAnswer.extend({ created: z.array(z.number()), skipped: z.number() });

export const changeImpactAnswer = z.object({
  classes: z.number(),
  people: z.number(),
  booked: z.number(),
  waiting: z.number(),
  series: z.boolean(),
  /** Who would be told, by name (at most 50, sorted; `people` counts them all). */
  names: z.array(z.string()),
  capacity_conflicts: z.array(
    z.object({
      single_class_id: z.number(),
      class_date: z.string(),
      label: z.string(),
      reserved: z.number(),
    }),
  ),
});

export const cancelledClassesAnswer = z.object({ single_classes: z.array(adminClass) });

export const coachClass = z.object({
  single_class_id: z.number(),
  class_date: z.string(),
  duration_minutes: z.number(),
  class_type: z.object({ name: z.string() }),
  location: z.object({ name: z.string() }).nullable(),
  coaches: z.array(z.object({ instructor_id: z.number(), name: z.string() })),
  reserved: z.number(),
});
export const coachClassesAnswer = z.object({ single_classes: z.array(coachClass) });

export const substitutionBody = z.object({
  instructor_id: id,
  changes: z
    .array(z.object({ single_class_id: id, instructor_id: id }))
    .min(1, { message: classChangeTexts.substitutionEmpty })
    .max(200),
});
export const substitutionAnswer = messageAnswer.extend({ updated: z.number(), notified: z.number() });

export const cancelClassAnswer = messageAnswer.extend({
  cancelled_classes: z.number(),
  cancelled_reservations: z.number(),
  refunded_credits: z.number(),
  notified: z.number(),
});

export const repeatBody = z.object({ single_class_id: id, until: day });
export const copyWeekBody = z.object({ from_start_date: day, to_start_date: day });

export const rosterRow = z.object({
  class_reservation_id: z.number(),
  customer_id: z.number(),
  name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  guest: z.string().nullable(),
  guest_of_id: z.number().nullable(),
  spot: z.string().nullable(),
  attend: z.boolean(),
  is_cash: z.boolean(),
  is_paid: z.boolean(),
  paid_with: z.string(),
  deletedAt: z.string().nullable(),
  createdAt: z.string(),
});
export const classRosterAnswer = z.object({ single_class: adminClass, reservations: z.array(rosterRow) });

// --- The customers' notices of classes the studio changed or cancelled (Mis Reservaciones,
// decision 0026)

export const classChangeNoticeOut = z.object({
  class_change_notice_id: z.number(),
  kind: z.enum(["changed", "cancelled"]),
  changes: z.array(z.object({ label: z.string(), before: z.string(), after: z.string() })),
  refunded_credits: z.number(),
  createdAt: z.string(),
  class_reservation_id: z.number().nullable(),
  /** A change of ours lets the customer cancel without cost, even inside the time limit. */
  can_cancel_free: z.boolean(),
  single_class: z.object({
    single_class_id: z.number(),
    class_date: z.string(),
    class_type: z.object({ name: z.string() }),
    location: z.object({ name: z.string() }).nullable(),
    coaches: z.array(z.string()),
    cancelled: z.boolean(),
  }),
});
export type ClassChangeNotice = z.input<typeof classChangeNoticeOut>;
export const classChangeNoticesAnswer = z.object({ notices: z.array(classChangeNoticeOut) });
export const freeCancelAnswer = messageAnswer.extend({ refunded: z.boolean() });
