import { z } from "zod";
import { isLocalDay } from "../booking";
import { t } from "../messages";
import { isValidPeriod } from "../reports/period";
import { isoDate } from "./wire";

/**
 * Coach pay (server/modules/coach-pay, decision 0079). Amounts are pesos with two decimals on the
 * wire (integer centavos inside); a period is two studio days, both included.
 */

const day = z.string().refine(isLocalDay, { message: "Usa una fecha AAAA-MM-DD." });
const pesos = z.coerce
  .number({ message: "Escribe un monto en pesos." })
  .min(0, { message: "El monto no puede ser negativo." })
  .max(1_000_000)
  .refine((n) => Math.round(n * 100) === n * 100 || Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
    message: "Usa a lo más dos decimales.",
  });

export const coachPayPeriodQuery = z
  .object({ from: day, to: day })
  .refine((q) => isValidPeriod(q, 366), { message: t("reportPeriodInvalid"), path: ["to"] });

const tier = z.object({ min_attendees: z.coerce.number().int().min(1).max(1000), amount: pesos });

const rateFields = {
  per_class: pesos,
  per_attendee: pesos,
  count_no_shows: z.boolean(),
  tiers: z
    .array(tier)
    .max(10)
    .refine((list) => new Set(list.map((x) => x.min_attendees)).size === list.length, {
      message: t("coachPayTiersInvalid"),
    }),
  workshop_share_percent: z.coerce.number().min(0).max(100),
};

export const coachPayRateBody = z.object({
  instructor_id: z.coerce.number().int().positive(),
  ...rateFields,
});

const rateOut = {
  instructor_id: z.number(),
  coach: z.string(),
  per_class: z.number(),
  per_attendee: z.number(),
  count_no_shows: z.boolean(),
  tiers: z.array(z.object({ min_attendees: z.number(), amount: z.number() })),
  workshop_share_percent: z.number(),
  /** No rate saved yet: everything is zero. */
  configured: z.boolean(),
};

export const coachPayRatesAnswer = z.object({ rates: z.array(z.object(rateOut)) });
export const coachPayRateAnswer = z.object({ message: z.string(), rate: z.object(rateOut) });

export const coachPayLine = z.object({
  single_class_id: z.number(),
  class_date: isoDate,
  class_type: z.string(),
  location: z.string().nullable(),
  headcount: z.number(),
  rule: z.enum(["per_class", "tier", "revenue_share", "cancelled"]),
  base: z.number(),
  attendees: z.number(),
  share: z.number(),
  total: z.number(),
});

const approvalOut = z.object({
  total: z.number(),
  classes: z.number(),
  approvedAt: isoDate,
  approved_by: z.string().nullable(),
});

export const coachPayOut = z.object({
  instructor_id: z.number(),
  coach: z.string(),
  classes: z.number(),
  total: z.number(),
  approval: approvalOut.nullable(),
  lines: z.array(coachPayLine),
});

export const coachPayAnswer = z.object({
  timezone: z.string(),
  from: z.string(),
  to: z.string(),
  total: z.number(),
  coaches: z.array(coachPayOut),
});

export const coachPayApproveBody = z
  .object({ instructor_id: z.coerce.number().int().positive(), from: day, to: day })
  .refine((q) => isValidPeriod(q, 366), { message: t("reportPeriodInvalid"), path: ["to"] });

export const coachPayApprovedAnswer = z.object({ message: z.string(), approval: approvalOut });

/** GET /staff/me/pay: the signed-in coach's own pay (when the studio shows it). */
export const myPayAnswer = z.object({
  timezone: z.string(),
  from: z.string(),
  to: z.string(),
  pay: coachPayOut.nullable(),
});

// --- Rate history (docs/product-rules.md#coach-rate-history, decisions 0106 and 0119)

/** POST /nomina/tarifas/historial: a coach's rate from a studio day on. */
export const coachRateChangeBody = z.object({
  instructor_id: z.coerce.number().int().positive(),
  from: day,
  ...rateFields,
});

export const coachRateHistoryParams = z.object({ instructor_id: z.coerce.number().int().positive() });

/** A dated rate to delete: the coach and the studio day it applies from. */
export const coachRateChangeParams = coachRateHistoryParams.extend({ from: day });

const datedRate = z.object({
  /** The studio day it applies from; null: since always (the coach's base rate). */
  from: z.string().nullable(),
  per_class: z.number(),
  per_attendee: z.number(),
  count_no_shows: z.boolean(),
  tiers: z.array(z.object({ min_attendees: z.number(), amount: z.number() })),
  workshop_share_percent: z.number(),
});

/** GET /nomina/tarifas/:instructor_id/historial: oldest first, the base rate (from null) first. */
export const coachRateHistoryAnswer = z.object({
  instructor_id: z.number(),
  coach: z.string(),
  history: z.array(datedRate),
});

export const coachRateChangeAnswer = z.object({ message: z.string(), history: coachRateHistoryAnswer });
