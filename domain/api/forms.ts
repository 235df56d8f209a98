import { z } from "zod";
import { FIELD_TYPES } from "../forms";
import { isoDate } from "./wire";

/** Dynamic forms and their fields (server/modules/forms). */

export const customFieldOut = z.object({
  custom_field_id: z.number(),
  /** The same as custom_field_id, under the name older clients' forms read. */
  id: z.number(),
  form_id: z.number().nullable(),
  key: z.string(),
  name: z.string(),
  label: z.string(),
  type: z.enum(FIELD_TYPES),
  order: z.number(),
  step: z.number(),
  required: z.boolean(),
  options: z.string().nullable(),
  className: z.string().nullable(),
  precondition: z.string().nullable(),
  object: z.string(),
});
export const studioForm = z.object({
  form_id: z.number(),
  name: z.string(),
  object: z.string(),
  form_fields: z.array(customFieldOut),
});
/** A write answers the saved row as stored, with its timestamps (and without the form's fields). */
const stamps = { createdAt: isoDate, updatedAt: isoDate };
export const savedFormAnswer = z.object({
  form: z.object({ form_id: z.number(), name: z.string(), object: z.string(), ...stamps }),
});
export const savedFieldAnswer = z.object({ custom_field: customFieldOut.extend(stamps) });
export const deletedAnswer = z.object({ deleted: z.literal(true) });

export const formsAnswer = z.object({ forms: z.array(studioForm) });
export const formAnswer = z.object({ form: studioForm });
export const customFieldsAnswer = z.object({ custom_fields: z.array(customFieldOut) });
export const customFieldAnswer = z.object({ custom_field: customFieldOut });

export const fieldIn = z.object({
  form_id: z.number().int().positive().nullish(),
  key: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,60}$/i),
  name: z.string().trim().min(1).max(100).optional(),
  label: z.string().trim().min(1).max(300),
  type: z.enum(FIELD_TYPES),
  order: z.number().int().default(0),
  step: z.number().int().min(1).default(1),
  required: z.boolean().default(false),
  options: z.string().max(2000).nullish(),
  className: z.string().max(200).nullish(),
  precondition: z.string().max(200).nullish(),
  object: z.string().trim().min(1).max(60).default("customer"),
});
export const fieldUpdateIn = fieldIn.partial().extend({ custom_field_id: z.number().int().positive() });
export const formIn = z.object({
  name: z.string().trim().min(1).max(200),
  object: z.string().trim().min(1).max(60),
});
export const formUpdateIn = formIn.extend({ form_id: z.number().int().positive() });
export const customFieldsQuery = z.object({
  object: z.string().max(60).optional(),
  form_id: z.coerce.number().int().positive().optional(),
});

const missing = z.array(z.object({ key: z.string(), label: z.string() }));
/** A customer's answers and the required fields still missing. */
export const fieldValuesAnswer = z.object({ values: z.record(z.string(), z.unknown()), missing });
export const fieldValuesBody = z.object({ values: z.record(z.string().max(100), z.unknown()) });
