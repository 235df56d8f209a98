import { z } from "zod";
import { isLocalDay } from "../booking";
import { t } from "../messages";
import { RETENTION_GROUPS } from "../reports/customers";
import { isValidPeriod } from "../reports/period";
import { REVENUE_DIMENSIONS, REVENUE_METHODS } from "../reports/revenue";
import { UTILISATION_DIMENSIONS } from "../reports/utilisation";
import { isoDate } from "./wire";

/**
 * The owner's reports (server/modules/reports, decision 0078). A period is two studio days, both
 * included; amounts are pesos with two decimals; rates are percentages with one decimal (null:
 * nothing to divide by). Every figure has a drill-down (`.../detalle`) listing the rows behind it,
 * and every report and drill-down a CSV twin (`.../csv`).
 */

const day = z.string().refine(isLocalDay, { message: "Usa una fecha AAAA-MM-DD." });

export const reportQuery = z
  .object({
    from: day,
    to: day,
    location_id: z.coerce.number().int().positive().optional(),
  })
  .refine((q) => isValidPeriod(q), { message: t("reportPeriodInvalid"), path: ["to"] });

const detailKey = z
  .string()
  .trim()
  .min(1, { message: t("reportKeyRequired") })
  .max(200);

/**
 * A drill-down answers one page of its list (decision 0138): `limit` rows (at most 200, as the
 * other `limit` lists) from `offset` on, in the list's stable order, and `total`, the whole list's
 * length. Its CSV (`.../detalle/csv`) ignores both and holds the whole list.
 */
export const DETAIL_PAGE_SIZE = 50;
export const DETAIL_MAX_PAGE_SIZE = 200;
const detailPaging = {
  limit: z.coerce.number().int().min(1).max(DETAIL_MAX_PAGE_SIZE).default(DETAIL_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
};
const pageFields = { total: z.number(), limit: z.number(), offset: z.number() };

export const utilisationDetailQuery = z
  .object({
    from: day,
    to: day,
    location_id: z.coerce.number().int().positive().optional(),
    dimension: z.enum(UTILISATION_DIMENSIONS),
    key: detailKey,
    ...detailPaging,
  })
  .refine((q) => isValidPeriod(q), { message: t("reportPeriodInvalid"), path: ["to"] });

export const revenueDetailQuery = z
  .object({
    from: day,
    to: day,
    location_id: z.coerce.number().int().positive().optional(),
    dimension: z.enum([...REVENUE_DIMENSIONS, "recurring"]),
    key: detailKey,
    ...detailPaging,
  })
  .refine((q) => isValidPeriod(q), { message: t("reportPeriodInvalid"), path: ["to"] });

export const liabilityDetailQuery = z.object({ key: detailKey, ...detailPaging });

const reportHead = {
  timezone: z.string(),
  from: z.string(),
  to: z.string(),
  location_id: z.number().nullable(),
};

// ---------------------------------------------------------------------------------------------
// Utilisation

const utilisationFigures = {
  classes: z.number(),
  cancelled_classes: z.number(),
  capacity: z.number(),
  seats: z.number(),
  guests: z.number(),
  fill_rate: z.number().nullable(),
  ended_seats: z.number(),
  no_shows: z.number(),
  no_show_rate: z.number().nullable(),
  late_cancels: z.number(),
  late_cancel_rate: z.number().nullable(),
};
const utilisationGroup = z.object({ key: z.string(), ...utilisationFigures });

export const utilisationAnswer = z.object({
  ...reportHead,
  totals: z.object(utilisationFigures),
  by_class_type: z.array(utilisationGroup),
  by_coach: z.array(utilisationGroup),
  by_location: z.array(utilisationGroup),
  heatmap: z.array(
    z.object({
      weekday: z.number(),
      hour: z.number(),
      classes: z.number(),
      seats: z.number(),
      capacity: z.number(),
      fill_rate: z.number().nullable(),
    }),
  ),
});

export const utilisationDetailAnswer = z.object({
  classes: z.array(
    z.object({
      single_class_id: z.number(),
      class_date: isoDate,
      class_type: z.string(),
      location: z.string().nullable(),
      coaches: z.array(z.string()),
      capacity: z.number().nullable(),
      cancelled: z.boolean(),
      seats: z.number(),
      guests: z.number(),
      attended: z.number(),
      late_cancels: z.number(),
      fill_rate: z.number().nullable(),
    }),
  ),
  ...pageFields,
});

// ---------------------------------------------------------------------------------------------
// Revenue

const revenueFigures = {
  charged: z.number(),
  refunded: z.number(),
  net: z.number(),
  subtotal: z.number(),
  iva: z.number(),
  charges: z.number(),
  refunds: z.number(),
};
const revenueGroup = z.object({ key: z.string(), label: z.string(), ...revenueFigures });

export const revenueAnswer = z.object({
  ...reportHead,
  totals: z.object(revenueFigures),
  by_package: z.array(revenueGroup),
  by_method: z.array(revenueGroup),
  by_location: z.array(revenueGroup),
  by_month: z.array(revenueGroup),
  iva_by_month: z.array(
    z.object({ month: z.string(), rate: z.string(), base: z.number(), iva: z.number(), total: z.number() }),
  ),
  recurring: z.object({
    active_subscriptions: z.number(),
    mrr: z.number(),
    arr: z.number(),
    in_period: z.object(revenueFigures),
  }),
});

export const revenueDetailAnswer = z.object({
  movements: z.array(
    z.object({
      kind: z.enum(["charge", "refund"]),
      id: z.number(),
      purchase_id: z.number(),
      customer_id: z.number(),
      customer: z.string(),
      at: isoDate,
      title: z.string(),
      /** Signed: a refund is negative. */
      amount: z.number(),
      subtotal: z.number(),
      iva: z.number(),
      iva_rate: z.string(),
      method: z.enum(REVENUE_METHODS),
      method_label: z.string(),
      location: z.string().nullable(),
    }),
  ),
  ...pageFields,
});

// ---------------------------------------------------------------------------------------------
// Liability

export const liabilityAnswer = z.object({
  timezone: z.string(),
  as_of: isoDate,
  totals: z.object({
    credits: z.number(),
    value: z.number(),
    customers: z.number(),
    unlimited_buckets: z.number(),
  }),
  by_expiry_month: z.array(
    z.object({
      key: z.string(),
      credits: z.number(),
      value: z.number(),
      buckets: z.number(),
      customers: z.number(),
    }),
  ),
});

export const liabilityDetailAnswer = z.object({
  buckets: z.array(
    z.object({
      available_class_id: z.number(),
      customer_id: z.number(),
      customer: z.string(),
      purchase_id: z.number().nullable(),
      title: z.string().nullable(),
      credits: z.number(),
      expiration_date: isoDate.nullable(),
      value: z.number(),
    }),
  ),
  ...pageFields,
});

// ---------------------------------------------------------------------------------------------
// Intro offers to members, retention, customer value (domain/reports/customers.ts)

const periodFields = {
  from: day,
  to: day,
  location_id: z.coerce.number().int().positive().optional(),
};
const validPeriod = (q: { from: string; to: string }) => isValidPeriod(q);
const periodMessage = { message: t("reportPeriodInvalid"), path: ["to"] };

const introFigures = {
  customers: z.number(),
  converted_30: z.number(),
  converted_60: z.number(),
  converted_90: z.number(),
  rate_30: z.number().nullable(),
  rate_60: z.number().nullable(),
  rate_90: z.number().nullable(),
  still_open: z.number(),
};

export const introAnswer = z.object({
  ...reportHead,
  totals: z.object(introFigures),
  by_offer: z.array(z.object({ key: z.string(), ...introFigures })),
});

export const introDetailQuery = z
  .object({
    ...periodFields,
    key: detailKey,
    within: z.coerce
      .number()
      .pipe(z.union([z.literal(30), z.literal(60), z.literal(90)]))
      .optional(),
    ...detailPaging,
  })
  .refine(validPeriod, periodMessage);

const customerLink = { customer_id: z.number(), customer: z.string() };

export const introDetailAnswer = z.object({
  customers: z.array(
    z.object({
      ...customerLink,
      offer: z.string(),
      first_at: isoDate,
      converted_after_days: z.number().nullable(),
    }),
  ),
  ...pageFields,
});

export const retentionAnswer = z.object({
  ...reportHead,
  cohorts: z.array(
    z.object({
      key: z.string(),
      customers: z.number(),
      retention: z.array(
        z.object({ offset: z.number(), month: z.string(), active: z.number(), rate: z.number().nullable() }),
      ),
    }),
  ),
  by_month: z.array(
    z.object({
      key: z.string(),
      active: z.number(),
      new: z.number(),
      churned: z.number(),
      reactivated: z.number(),
    }),
  ),
});

export const retentionDetailQuery = z
  .object({ ...periodFields, group: z.enum(RETENTION_GROUPS), key: detailKey, ...detailPaging })
  .refine(validPeriod, periodMessage);

export const retentionDetailAnswer = z.object({
  customers: z.array(z.object({ ...customerLink, first_month: z.string(), months_active: z.number() })),
  ...pageFields,
});

const valueFigures = {
  customers: z.number(),
  paying: z.number(),
  revenue: z.number(),
  per_customer: z.number(),
  avg_months_active: z.number(),
};

export const customerValueAnswer = z.object({
  ...reportHead,
  totals: z.object(valueFigures),
  by_reason: z.array(z.object({ key: z.string(), ...valueFigures })),
});

export const customerValueDetailQuery = z
  .object({ ...periodFields, key: detailKey, ...detailPaging })
  .refine(validPeriod, periodMessage);

export const customerValueDetailAnswer = z.object({
  customers: z.array(
    z.object({
      ...customerLink,
      signup_reason: z.string().nullable(),
      net: z.number(),
      months_active: z.number(),
    }),
  ),
  ...pageFields,
});
