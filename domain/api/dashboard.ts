import { z } from "zod";
import { isoDate } from "./wire";

/** GET /api/admin/dashboard (server/modules/dashboard). */

/** A class with its seats booked (classSummaryColumns); the admin's class list answers it too. */
export const classSummaryRow = {
  single_class_id: z.number(),
  class_date: isoDate,
  duration_minutes: z.number(),
  capacity: z.number().nullable(),
  cancelledAt: isoDate.nullable(),
  class_type: z.string(),
  color: z.string().nullable(),
  location: z.string().nullable(),
  booked: z.number(),
};

const dayCount = <K extends string>(key: K) =>
  z.array(z.object({ day: z.string() }).extend({ [key]: z.number() } as Record<K, z.ZodNumber>));

/** Revenue of the last 30 days less refunds: with IVA (`revenue`) or before it (`revenue_sin_iva`). */
export const dashboardRevenue = z.object({
  days: z.number(),
  total: z.number(),
  refunds: z.number(),
  by_day: dayCount("total"),
  by_package: z.array(z.object({ title: z.string(), total: z.number(), count: z.number() })),
});

export const dashboardAnswer = z.object({
  timezone: z.string(),
  today: z.string(),
  today_classes: z.array(
    z.object({
      ...classSummaryRow,
      coaches: z.array(z.string()),
      occupancy: z.number().nullable(),
    }),
  ),
  week: z.object({ start: z.string(), bookings: z.number(), by_day: dayCount("bookings") }),
  /** With IVA (what customers paid), less refunds. */
  revenue: dashboardRevenue,
  /** The same before IVA, at each purchase's own rate. */
  revenue_sin_iva: dashboardRevenue,
  subscriptions: z.object({
    active: z.number(),
    unlimited_members: z.number(),
    /** Renewal periods paid after at least one failed charge, over the revenue's days (decision 0128). */
    recovered: z.object({ total: z.number(), count: z.number() }),
  }),
  customers: z.object({
    total: z.number(),
    new_last_30_days: z.number(),
    new_by_day: dayCount("count"),
  }),
  no_shows: z.object({ seats: z.number(), no_shows: z.number(), rate: z.number() }),
});
