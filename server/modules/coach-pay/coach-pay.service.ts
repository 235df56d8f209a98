import type { z } from "zod";
import type {
  coachPayApproveBody,
  coachPayRateBody,
  coachRateChangeBody,
} from "../../../domain/api/coach-pay";
import type { AppConfig } from "../../../domain/app-config";
import { localDay, localTime } from "../../../domain/booking";
import {
  type DatedPayRate,
  NO_RATE,
  type PayRate,
  type periodPay,
  periodPayByDate,
  type TaughtClassFact,
} from "../../../domain/coach-pay";
import { AppError } from "../../../domain/errors";
import { formatDate } from "../../../domain/format";
import { t } from "../../../domain/messages";
import { centsToNumber, centsToString, toCents } from "../../../domain/money";
import { reportCsv } from "../../../domain/reports/csv";
import { periodInstants } from "../../../domain/reports/period";
import type { Db } from "../../db/client";
import type { coach_pay_rates } from "../../db/schema/coach-pay";
import { type Actor, auditedChange } from "../audit/audit.service";
import {
  approvalsFrom,
  approvalsOf,
  deleteRateChange,
  findCoach,
  findCoachOfLogin,
  insertApproval,
  listCoachesWithRates,
  listRateChanges,
  taughtClasses,
  upsertRate,
  upsertRateChange,
} from "./coach-pay.repository";

/**
 * Coach pay (decision 0079): rates per coach, the pay of a period with its per-class detail, the
 * owner's approval (kept as it was), CSV for the accountant, and a coach's own pay when the studio
 * shows it (`coach_pay_visible`). The arithmetic is domain/coach-pay.ts's.
 */
/** The rate columns, which the base rate and its dated changes share. */
type RateRow = Pick<
  typeof coach_pay_rates.$inferSelect,
  "per_class" | "per_attendee" | "count_no_shows" | "tiers" | "workshop_share_percent"
>;

function payRateOf(row: RateRow | null): PayRate {
  if (!row) return NO_RATE;
  return {
    per_class_cents: toCents(row.per_class),
    per_attendee_cents: toCents(row.per_attendee),
    count_no_shows: row.count_no_shows,
    tiers: row.tiers.map((x) => ({ min_attendees: x.min_attendees, cents: toCents(x.amount) })),
    workshop_share_percent: Number(row.workshop_share_percent),
  };
}

function rateOut(instructor_id: number, coach: string, row: RateRow | null) {
  const rate = payRateOf(row);
  return {
    instructor_id,
    coach,
    per_class: centsToNumber(rate.per_class_cents),
    per_attendee: centsToNumber(rate.per_attendee_cents),
    count_no_shows: rate.count_no_shows,
    tiers: rate.tiers.map((x) => ({ min_attendees: x.min_attendees, amount: centsToNumber(x.cents) })),
    workshop_share_percent: rate.workshop_share_percent,
    configured: row !== null,
  };
}

export async function listRates(db: Db) {
  return { rates: (await listCoachesWithRates(db)).map((r) => rateOut(r.instructor_id, r.coach, r.rate)) };
}

/** A rate body's columns as stored (money as strings, tiers by headcount). */
function rateColumns(body: z.infer<typeof coachPayRateBody>) {
  return {
    per_class: centsToString(toCents(body.per_class)),
    per_attendee: centsToString(toCents(body.per_attendee)),
    count_no_shows: body.count_no_shows,
    tiers: [...body.tiers]
      .sort((a, b) => a.min_attendees - b.min_attendees)
      .map((x) => ({ min_attendees: x.min_attendees, amount: centsToString(toCents(x.amount)) })),
    workshop_share_percent: body.workshop_share_percent.toFixed(2),
  };
}

export async function saveRate(db: Db, actor: Actor, body: z.infer<typeof coachPayRateBody>) {
  const coach = await findCoach(db, body.instructor_id);
  if (!coach) throw AppError.of("COACH_NOT_FOUND");
  const row = await auditedChange(db, actor, async (tx) => {
    const saved = await upsertRate(tx, {
      instructor_id: body.instructor_id,
      ...rateColumns(body),
      updated_by: actor.user_id,
    });
    return {
      result: saved,
      audit: {
        action: "coach_pay.rate",
        entity: "instructor",
        entity_id: body.instructor_id,
        details: { ...body },
      },
    };
  });
  return { message: t("coachPayRateSaved"), rate: rateOut(coach.instructor_id, coach.coach, row) };
}

type RateChangeRow = Awaited<ReturnType<typeof listRateChanges>>[number];

/**
 * A coach's rate history (docs/product-rules.md#coach-rate-history): the base rate since always,
 * then each dated change (decision 0119).
 */
function historyOf(base: RateRow | null, changes: readonly RateChangeRow[]): DatedPayRate[] {
  return [
    { from: null, rate: payRateOf(base) },
    ...changes.map((c) => ({ from: c.effective_from, rate: payRateOf(c) })),
  ];
}

function datedRateOut(r: DatedPayRate) {
  return {
    from: r.from,
    per_class: centsToNumber(r.rate.per_class_cents),
    per_attendee: centsToNumber(r.rate.per_attendee_cents),
    count_no_shows: r.rate.count_no_shows,
    tiers: r.rate.tiers.map((x) => ({ min_attendees: x.min_attendees, amount: centsToNumber(x.cents) })),
    workshop_share_percent: r.rate.workshop_share_percent,
  };
}

export async function rateHistory(db: Db, instructorId: number) {
  const coach = (await listCoachesWithRates(db)).find((c) => c.instructor_id === instructorId);
  if (!coach) throw AppError.of("COACH_NOT_FOUND");
  const changes = await listRateChanges(db, [instructorId]);
  return {
    instructor_id: instructorId,
    coach: coach.coach,
    history: historyOf(coach.rate, changes).map(datedRateOut),
  };
}

/** The owner sets a coach's rate from a day on; the classes before that day keep theirs. */
export async function addRateChange(db: Db, actor: Actor, body: z.infer<typeof coachRateChangeBody>) {
  const coach = await findCoach(db, body.instructor_id);
  if (!coach) throw AppError.of("COACH_NOT_FOUND");
  const { from, ...rate } = body;
  await auditedChange(db, actor, async (tx) => ({
    result: await upsertRateChange(tx, {
      instructor_id: body.instructor_id,
      effective_from: from,
      ...rateColumns(rate),
      created_by: actor.user_id,
    }),
    audit: {
      action: "coach_pay.rate_from",
      entity: "instructor",
      entity_id: body.instructor_id,
      details: { ...body },
    },
  }));
  return { message: t("coachPayRateFromSaved"), history: await rateHistory(db, body.instructor_id) };
}

/**
 * The owner deletes a dated rate entered by mistake (decision 0130): from its day on, the classes
 * are paid at the rate before it. Refused when an approved period of the coach would be paid
 * otherwise than it is now: approving keeps a period's pay as it was, and the rates behind it
 * stay as they are too. Checked and deleted in one transaction, with the change's row locked.
 */
export async function removeRateChange(
  db: Db,
  config: AppConfig,
  actor: Actor,
  instructorId: number,
  from: string,
) {
  const coach = (await listCoachesWithRates(db)).find((c) => c.instructor_id === instructorId);
  if (!coach) throw AppError.of("COACH_NOT_FOUND");
  const tz = config.timezone;
  await auditedChange(db, actor, async (tx) => {
    const changes = await listRateChanges(tx, [instructorId], { lock: true });
    const change = changes.find((c) => c.effective_from === from);
    if (!change) throw AppError.of("COACH_RATE_CHANGE_NOT_FOUND");
    const until = changes.find((c) => c.effective_from > from)?.effective_from ?? null;
    const before = historyOf(coach.rate, changes);
    const after = historyOf(
      coach.rate,
      changes.filter((c) => c !== change),
    );
    for (const period of await approvalsFrom(tx, instructorId, from, until)) {
      const range = { from: period.period_from, to: period.period_to };
      const classes = await taughtClasses(tx, {
        ...periodInstants(range, tz),
        instructorIds: [instructorId],
      });
      const dayOf = (f: TaughtClassFact) => localDay(f.class_date, tz);
      const lines = (history: DatedPayRate[]) =>
        periodPayByDate(history, classes, dayOf).lines.map((l) => l.pay.total_cents);
      if (lines(before).join() !== lines(after).join())
        throw AppError.of("COACH_RATE_CHANGE_APPROVED", {
          params: { from: formatDate(range.from, "UTC"), to: formatDate(range.to, "UTC") },
        });
    }
    await deleteRateChange(tx, change.coach_pay_rate_change_id);
    return {
      result: change,
      audit: {
        action: "coach_pay.rate_from_removed",
        entity: "instructor",
        entity_id: instructorId,
        details: { from, per_class: change.per_class, per_attendee: change.per_attendee },
      },
    };
  });
  return { message: t("coachPayRateFromRemoved"), history: await rateHistory(db, instructorId) };
}

type Period = { from: string; to: string };

function lineOut(fact: TaughtClassFact, pay: ReturnType<typeof periodPay>["lines"][number]["pay"]) {
  return {
    single_class_id: fact.single_class_id,
    class_date: fact.class_date,
    class_type: fact.class_type,
    location: fact.location,
    headcount: pay.headcount,
    rule: pay.rule,
    base: centsToNumber(pay.base_cents),
    attendees: centsToNumber(pay.attendee_cents),
    share: centsToNumber(pay.share_cents),
    total: centsToNumber(pay.total_cents),
  };
}

/** Every coach who taught in the period (or the ones asked for), with their pay and approval. */
export async function coachPay(db: Db, config: AppConfig, period: Period, instructorIds?: number[]) {
  const tz = config.timezone;
  const classes = await taughtClasses(db, { ...periodInstants(period, tz), instructorIds });
  const coaches = (await listCoachesWithRates(db)).filter(
    (c) =>
      classes.some((x) => x.instructor_id === c.instructor_id) &&
      (!instructorIds || instructorIds.includes(c.instructor_id)),
  );
  const approvals = new Map((await approvalsOf(db, period.from, period.to)).map((a) => [a.instructor_id, a]));
  const changes = await listRateChanges(
    db,
    coaches.map((c) => c.instructor_id),
  );
  const out = coaches.map((c) => {
    // Each class at the rate in force on its studio day (docs/product-rules.md#coach-rate-history).
    const pay = periodPayByDate(
      historyOf(
        c.rate,
        changes.filter((x) => x.instructor_id === c.instructor_id),
      ),
      classes.filter((x) => x.instructor_id === c.instructor_id),
      (f) => localDay(f.class_date, tz),
    );
    const approval = approvals.get(c.instructor_id);
    return {
      instructor_id: c.instructor_id,
      coach: c.coach,
      classes: pay.classes,
      total: centsToNumber(pay.total_cents),
      total_cents: pay.total_cents,
      approval: approval
        ? {
            total: Number(approval.total),
            classes: approval.classes,
            approvedAt: approval.approvedAt,
            approved_by: approval.approved_by,
          }
        : null,
      lines: pay.lines.map((l) => lineOut(l.fact, l.pay)),
    };
  });
  return {
    timezone: tz,
    from: period.from,
    to: period.to,
    total: centsToNumber(out.reduce((s, c) => s + c.total_cents, 0)),
    coaches: out.map(({ total_cents: _c, ...c }) => c),
  };
}

/** The owner approves a coach's pay for a period: its total and lines are kept as they are now. */
export async function approvePay(
  db: Db,
  config: AppConfig,
  actor: Actor,
  body: z.infer<typeof coachPayApproveBody>,
) {
  const coach = await findCoach(db, body.instructor_id);
  if (!coach) throw AppError.of("COACH_NOT_FOUND");
  const period = { from: body.from, to: body.to };
  const pay = (await coachPay(db, config, period, [body.instructor_id])).coaches[0];
  const approval = await auditedChange(db, actor, async (tx) => {
    const row = await insertApproval(tx, {
      instructor_id: body.instructor_id,
      period_from: body.from,
      period_to: body.to,
      total: centsToString(toCents(pay?.total ?? 0)),
      classes: pay?.classes ?? 0,
      lines: pay?.lines ?? [],
      approved_by: actor.user_id,
    });
    if (!row) throw AppError.of("COACH_PAY_ALREADY_APPROVED");
    return {
      result: row,
      audit: {
        action: "coach_pay.approve",
        entity: "instructor",
        entity_id: body.instructor_id,
        details: { from: body.from, to: body.to, total: row.total, classes: row.classes },
      },
    };
  });
  return {
    message: t("coachPayApproved"),
    approval: {
      total: Number(approval.total),
      classes: approval.classes,
      approvedAt: approval.approvedAt,
      approved_by: null,
    },
  };
}

/** The signed-in coach's own pay, when the studio shows it. */
export async function myPay(db: Db, config: AppConfig, userId: string, period: Period) {
  if (!config.coach_pay_visible) throw AppError.of("COACH_PAY_HIDDEN");
  const coach = await findCoachOfLogin(db, userId);
  const pay = coach ? ((await coachPay(db, config, period, [coach.instructor_id])).coaches[0] ?? null) : null;
  return { timezone: config.timezone, from: period.from, to: period.to, pay };
}

const RULES = {
  per_class: "Por clase",
  tier: "Escalón",
  revenue_share: "Porcentaje del taller",
  cancelled: "Cancelada",
};

/** One line per class and coach, for the accountant. */
export function coachPayCsv(report: Awaited<ReturnType<typeof coachPay>>): string {
  const tz = report.timezone;
  return reportCsv(
    [
      "Coach",
      "Clase",
      "Fecha",
      "Tipo de clase",
      "Ubicación",
      "Personas",
      "Regla",
      "Base",
      "Por persona",
      "Porcentaje",
      "Total",
      "Aprobado",
    ],
    report.coaches.flatMap((c) =>
      c.lines.map((l) => [
        c.coach,
        l.single_class_id,
        `${localDay(l.class_date, tz)} ${localTime(l.class_date, tz)}`,
        l.class_type,
        l.location,
        l.headcount,
        RULES[l.rule],
        l.base,
        l.attendees,
        l.share,
        l.total,
        c.approval ? "sí" : "no",
      ]),
    ),
  );
}
