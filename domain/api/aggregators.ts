import { z } from "zod";
import { AGGREGATORS, BOOKING_STATUSES, REFUSAL_REASONS, VALIDATION_STATUSES } from "../aggregators";

/**
 * Wellhub and TotalPass (server/modules/aggregators, docs/product-rules.md#aggregators). Money is
 * pesos with two decimals on the wire (integer centavos inside). Secrets are write-only: the
 * answers say whether one is stored, never what it is.
 */

export const aggregatorParams = z.object({ aggregator: z.enum(AGGREGATORS) });
export const aggregatorWebhookParams = z.object({ aggregator: z.string().max(40) });

const pesos = z.coerce
  .number({ message: "Escribe un monto en pesos." })
  .min(0, { message: "El monto no puede ser negativo." })
  .max(100_000, { message: "El monto es demasiado alto." });

export const aggregatorSettingsBody = z.object({
  enabled: z.boolean(),
  partner_id: z.string().trim().max(200),
  product_id: z.string().trim().max(200),
  /** Left out or empty: the stored key stays. */
  api_key: z.string().trim().max(500).optional(),
  webhook_secret: z
    .string()
    .trim()
    .max(100, { message: "El secreto admite hasta 100 caracteres." })
    .optional(),
  class_type_ids: z.array(z.coerce.number().int().positive()).max(200),
  seats_per_class: z.coerce
    .number({ message: "Escribe cuántos lugares por clase." })
    .int({ message: "Escribe un número entero." })
    .min(0, { message: "No puede ser negativo." })
    .max(500),
  rate: pesos,
});

export const aggregatorSettingsAnswer = z.object({
  aggregator: z.enum(AGGREGATORS),
  name: z.string(),
  enabled: z.boolean(),
  partner_id: z.string(),
  product_id: z.string(),
  has_api_key: z.boolean(),
  has_webhook_secret: z.boolean(),
  class_type_ids: z.array(z.number()),
  seats_per_class: z.number(),
  rate: z.number(),
  /** Where the studio tells the aggregator to send its webhooks. */
  webhook_url: z.string(),
  acceptance_minutes: z.number(),
  validation_minutes: z.number(),
  /** Publications waiting or failing, and the last error if any. */
  queued: z.number(),
  last_error: z.string().nullable(),
});

export const aggregatorSettingsList = z.object({ aggregators: z.array(aggregatorSettingsAnswer) });

export const aggregatorSavedAnswer = z.object({ message: z.string(), settings: aggregatorSettingsAnswer });

export const webhookResultAnswer = z.object({
  applied: z.boolean(),
  duplicate: z.boolean().optional(),
  outcome: z.enum(["accepted", "refused", "cancelled", "late_cancelled", "ignored", "stale"]).optional(),
  reason: z.enum(REFUSAL_REASONS).optional(),
});

export const aggregatorVisit = z.object({
  aggregator_booking_id: z.number(),
  aggregator: z.enum(AGGREGATORS),
  class_reservation_id: z.number().nullable(),
  single_class_id: z.number().nullable(),
  member_name: z.string(),
  member_external_id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  refusal_reason: z.enum(REFUSAL_REASONS).nullable(),
  refusal_text: z.string().nullable(),
  answer_state: z.string(),
  validation: z.enum(VALIDATION_STATUSES),
  checked_in_at: z.string().nullable(),
  validation_deadline: z.string().nullable(),
  last_error: z.string().nullable(),
  /** Whether the member signed the studio's waiver; null while the studio keeps no waivers. */
  waiver_signed: z.boolean().nullable(),
});

export const classAggregatorSeatsAnswer = z.object({ bookings: z.array(aggregatorVisit) });

export const unvalidatedVisitsAnswer = z.object({
  visits: z.array(aggregatorVisit.extend({ class_date: z.string(), class_type_name: z.string() })),
});

export const visitParams = z.object({ id: z.coerce.number().int().positive() });
export const classParams = z.object({ id: z.coerce.number().int().positive() });

export const reconciliationQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: "Elige un mes con el formato AAAA-MM." }),
});

export const reconciliationLine = z.object({
  aggregator: z.enum(AGGREGATORS),
  name: z.string(),
  bookings: z.number(),
  validated: z.number(),
  unvalidated: z.number(),
  refused: z.number(),
  no_show: z.number(),
  cancelled: z.number(),
  rate: z.number(),
  expected_payout: z.number(),
});

export const reconciliationAnswer = z.object({
  month: z.string(),
  lines: z.array(reconciliationLine),
  total_expected_payout: z.number(),
});

export const messageAnswer = z.object({ message: z.string() });
