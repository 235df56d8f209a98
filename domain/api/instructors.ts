import { z } from "zod";
import { instructorInput } from "../content";
import { messageAnswer } from "./wire";

/** Coaches (server/modules/instructors): public reads, admin writes. */

export const instructorOut = z.object({
  instructor_id: z.number(),
  name: z.string(),
  last_name: z.string().nullable(),
  nick_name: z.string().nullable(),
  quote: z.string().nullable(),
  short_bio: z.string().nullable(),
  instagram: z.string().nullable(),
  music_type: z.string().nullable(),
  birthday: z.object({ day: z.number(), month: z.number() }).nullable(),
  /** In an admin's answer only: the full birthdate (with the year), whether it is active, its order. */
  birthdate: z.string().nullable().optional(),
  active: z.boolean().optional(),
  order: z.number().optional(),
  file_id: z.number().nullable(),
  image: z.string().nullable(),
});
export const instructorsAnswer = z.object({ instructors: z.array(instructorOut) });
export const instructorAnswer = z.object({ instructor: instructorOut });
export const savedInstructorAnswer = messageAnswer.extend({ instructor: instructorOut });
export const instructorUpdateBody = instructorInput.extend({ instructor_id: z.number().int().positive() });
