import { z } from "zod";
import { t } from "../messages";

/** Credit buckets (server/modules/credits): the customer's own and the back office's edits. */

const id = z.coerce.number().int().positive();

/**
 * A credit bucket. The customer's own lists answer it without customer_id; the back office's
 * (the list with ?customer_id, one bucket, adding and changing one) with it.
 */
export const creditBucketOut = z.object({
  available_class_id: z.number(),
  customer_id: z.number().optional(),
  /** -1: unlimited (then `unlimited` is true). */
  available_classes: z.number(),
  unlimited: z.boolean(),
  expiration_date: z.string().nullable(),
  class_type_id: z.number().nullable(),
  /** The class types besides class_type_id, as stored ("3,5"); the back office's form edits them. */
  class_types: z.string().nullable(),
  class_type_names: z.array(z.string()),
  allowed_times: z.string().nullable(),
  cancels_used: z.number(),
  purchase_id: z.number().nullable(),
});
export type CreditBucket = z.input<typeof creditBucketOut>;

export const creditsAnswer = z.object({
  available_classes: z.array(creditBucketOut),
  total: z.number(),
  unlimited: z.boolean(),
  unlimited_expiration: z.string().nullable(),
});
export const creditsQuery = z.object({ customer_id: id.optional() });
export const creditBucketAnswer = z.object({ available_class: creditBucketOut });
export const creditBucketSavedAnswer = z.object({ message: z.string(), available_class: creditBucketOut });

/** A bucket's editable fields: -1 is unlimited; an expiry as "YYYY-MM-DD" or ISO, null never. */
const bucketFields = {
  available_classes: z
    .number()
    .int()
    .min(-1, { message: t("creditAmountInvalid") }),
  expiration_date: z.string().max(40).nullable(),
  class_type_id: id.nullable(),
  class_types: z.union([z.array(id).max(100), z.string().max(500)]).nullable(),
  allowed_times: z.string().max(500).nullable(),
};
export const createCreditBucketBody = z.object({
  customer_id: id,
  available_classes: bucketFields.available_classes,
  expiration_date: bucketFields.expiration_date.optional(),
  class_type_id: bucketFields.class_type_id.optional(),
  class_types: bucketFields.class_types.optional(),
  allowed_times: bucketFields.allowed_times.optional(),
});
export const changeCreditBucketBody = z.object({
  available_class_id: id,
  available_classes: bucketFields.available_classes.optional(),
  expiration_date: bucketFields.expiration_date.optional(),
  class_type_id: bucketFields.class_type_id.optional(),
  class_types: bucketFields.class_types.optional(),
  allowed_times: bucketFields.allowed_times.optional(),
});

/**
 * A no-show penalty. The customer's own list answers it without customer_id and lifted_at; the
 * back office's answers (the list with ?customer_id, one penalty, adding and changing one) with
 * them, lifted_at null while not lifted.
 */
export const penaltyOut = z.object({
  class_reservation_penalty_id: z.number(),
  customer_id: z.number().optional(),
  no_shows: z.number(),
  start_date: z.string(),
  end_date: z.string(),
  lifted_at: z.string().nullable().optional(),
  active: z.boolean(),
});
export type Penalty = z.input<typeof penaltyOut>;
export const penaltiesAnswer = z.object({ class_reservation_penaltys: z.array(penaltyOut) });
export const penaltyAnswer = z.object({ class_reservation_penalty: penaltyOut });
export const penaltySavedAnswer = z.object({ message: z.string(), class_reservation_penalty: penaltyOut });

// --- No-show penalties by hand (server/modules/penalties): the desk adds, changes and lifts them.

const penaltyDate = z.string().max(40);
const penaltyNoShows = z.number().int().min(0).max(1000);
export const createPenaltyBody = z.object({
  customer_id: id,
  end_date: penaltyDate,
  start_date: penaltyDate.optional(),
  no_shows: penaltyNoShows.optional(),
});
export const changePenaltyBody = z.object({
  class_reservation_penalty_id: id,
  end_date: penaltyDate.optional(),
  start_date: penaltyDate.optional(),
  no_shows: penaltyNoShows.optional(),
});
