import type { Db } from "../client";
import { coach_pay_rate_changes, coach_pay_rates } from "../schema/coach-pay";
import { type Catalogue, coachOf } from "./demo-catalogue";
import { isoDay, type LocalDay } from "./demo-time";

/**
 * The demo coaches' pay rates (decisions 0079, 0106, 0119), so a new owner opening Pago a coaches
 * sees real pay for the demo's classes, last week's included, instead of $0.00: one rate of each
 * kind. The rates are since always (the coach's base rate, what the Tarifas list shows), and
 * Valeria has a raise from this week's Monday, in the past of every demo class of this week, so
 * her Historial shows a dated change and a period across it is paid at both rates.
 * Coaches without a rate stay "Sin tarifa" on purpose: the screen explains that state too.
 */
export async function seedCoachPay(db: Db, cat: Catalogue, monday: LocalDay) {
  const none = {
    per_class: "0",
    per_attendee: "0",
    count_no_shows: false,
    tiers: [],
    workshop_share_percent: "0",
  };
  const valeria = coachOf(cat, "valeria").instructor_id;
  await db.insert(coach_pay_rates).values([
    // A fixed amount per class taught, and a share of the anniversary masterclass's takings.
    { ...none, instructor_id: valeria, per_class: "400.00", workshop_share_percent: "30.00" },
    // Per person checked in.
    { ...none, instructor_id: coachOf(cat, "mateo").instructor_id, per_attendee: "45.00" },
    // Tiers by headcount on the reformer (10 spots): more people, a higher amount.
    {
      ...none,
      instructor_id: coachOf(cat, "santiago").instructor_id,
      per_class: "300.00",
      tiers: [
        { min_attendees: 5, amount: "400.00" },
        { min_attendees: 8, amount: "500.00" },
      ],
    },
  ]);
  await db.insert(coach_pay_rate_changes).values({
    ...none,
    instructor_id: valeria,
    effective_from: isoDay(monday),
    per_class: "450.00",
    workshop_share_percent: "30.00",
  });
}
