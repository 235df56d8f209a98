import { z } from "zod";
import { SUBSTITUTE_STATUSES } from "../substitutes";

/** Substitute requests (server/modules/substitutes, decision 0101). */

export const askSubstituteBody = z.object({
  single_class_id: z.coerce.number().int().positive(),
  note: z.string().max(500).nullable().optional(),
});

const coachRef = z.object({ instructor_id: z.number(), name: z.string() });

export const substituteRequestOut = z.object({
  substitute_request_id: z.number(),
  status: z.enum(SUBSTITUTE_STATUSES),
  note: z.string().nullable(),
  requested_by: coachRef,
  taken_by: coachRef.nullable(),
  single_class: z.object({
    single_class_id: z.number(),
    class_date: z.string(),
    duration_minutes: z.number(),
    class_type: z.object({ name: z.string() }),
    location: z.object({ name: z.string() }).nullable(),
  }),
  /** What the signed-in person may do with it (the server checks again). */
  can_take: z.boolean(),
  can_cancel: z.boolean(),
  can_decide: z.boolean(),
});
export type SubstituteRequest = z.input<typeof substituteRequestOut>;

export const substituteRequestsAnswer = z.object({
  approval_required: z.boolean(),
  my_instructor_id: z.number().nullable(),
  requests: z.array(substituteRequestOut),
});

export const askedSubstituteAnswer = z.object({ message: z.string(), substitute_request_id: z.number() });
export const substituteStepAnswer = z.object({ message: z.string(), status: z.enum(SUBSTITUTE_STATUSES) });
