import type { FastifyInstance } from "fastify";
import {
  AGGREGATOR_NAMES,
  AGGREGATOR_POLICIES,
  AGGREGATORS,
  type Aggregator,
  type AggregatorBookingStatus,
  monthBounds,
  REFUSAL_MESSAGES,
  type RefusalReason,
  reconcile,
  type ValidationStatus,
  validationDeadline,
} from "../../../domain/aggregators";
import type { aggregatorSettingsBody } from "../../../domain/api/aggregators";
import { zonedInstant } from "../../../domain/booking";
import { AppError } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import { centsToNumber, toCents } from "../../../domain/money";
import { reportCsv } from "../../../domain/reports/csv";
import type { RevenueMovement } from "../../../domain/reports/revenue";
import type { Db } from "../../db/client";
import * as repo from "./aggregators.repository";
import { aggregatorOf, PUBLISH_JOB } from "./aggregators.service";
import { waiverFactsOf } from "./waiver-facts";

type SettingsInput = import("zod").infer<typeof aggregatorSettingsBody>;

/** Each aggregator's settings as the back office sees them: secrets only as "stored or not". */
export async function settingsList(app: FastifyInstance) {
  const rows = new Map((await repo.allSettings(app.db)).map((r) => [r.aggregator, r]));
  const outbox = new Map((await repo.outboxState(app.db)).map((r) => [r.aggregator, r]));
  return { aggregators: AGGREGATORS.map((a) => settingsOut(app, a, rows.get(a) ?? null, outbox.get(a))) };
}

function settingsOut(
  app: FastifyInstance,
  aggregator: Aggregator,
  row: repo.SettingsRow | null,
  outbox?: { queued: number; last_error: string | null },
) {
  return {
    aggregator,
    name: AGGREGATOR_NAMES[aggregator],
    enabled: row?.enabled ?? false,
    partner_id: row?.partner_id ?? "",
    product_id: row?.product_id ?? "",
    has_api_key: Boolean(row?.api_key),
    has_webhook_secret: Boolean(row?.webhook_secret),
    class_type_ids: row?.class_type_ids ?? [],
    seats_per_class: row?.seats_per_class ?? 0,
    rate: centsToNumber(row?.rate_cents ?? 0),
    webhook_url: `${app.config.publicUrl}/api/webhooks/aggregators/${aggregator}`,
    acceptance_minutes: AGGREGATOR_POLICIES[aggregator].acceptanceMinutes,
    validation_minutes: AGGREGATOR_POLICIES[aggregator].validationMinutes,
    queued: outbox?.queued ?? 0,
    last_error: outbox?.last_error ?? null,
  };
}

/**
 * Saves one aggregator's settings; an empty secret keeps the stored one. Switching it on needs
 * its id, key and webhook secret. Every class still to come is queued, so the aggregator's
 * schedule follows the new terms (in the same transaction).
 */
export async function saveSettings(
  app: FastifyInstance,
  name: string,
  input: SettingsInput,
  now = new Date(),
) {
  const aggregator = aggregatorOf(name);
  const current = await repo.settingsOf(app.db, aggregator);
  const api_key = input.api_key || current?.api_key || "";
  const webhook_secret = input.webhook_secret || current?.webhook_secret || "";
  if (input.enabled && (!input.partner_id || !api_key || !webhook_secret)) {
    throw AppError.of("AGGREGATOR_CREDENTIALS_MISSING");
  }
  await app.db.transaction(async (tx) => {
    await repo.saveSettings(tx, aggregator, {
      enabled: input.enabled,
      partner_id: input.partner_id,
      product_id: input.product_id,
      api_key,
      webhook_secret,
      class_type_ids: [...new Set(input.class_type_ids)],
      seats_per_class: input.seats_per_class,
      rate_cents: toCents(input.rate),
    });
    if (input.enabled || current?.enabled) await repo.queueClasses(tx, await repo.upcomingClassIds(tx, now));
  });
  // Published now rather than at the next minute's run: the studio is watching the screen.
  await app.jobs.send(PUBLISH_JOB, {}, { singletonKey: "aggregators.publish" });
  const outbox = new Map((await repo.outboxState(app.db)).map((r) => [r.aggregator, r]));
  return {
    message: t("aggregatorSettingsSaved"),
    settings: settingsOut(app, aggregator, await repo.settingsOf(app.db, aggregator), outbox.get(aggregator)),
  };
}

function visitOut(booking: repo.BookingRow, customerId: number | null, waivers: Map<number, boolean> | null) {
  const aggregator = aggregatorOf(booking.aggregator);
  const reason = booking.refusal_reason as RefusalReason | null;
  return {
    aggregator_booking_id: booking.aggregator_booking_id,
    aggregator,
    class_reservation_id: booking.class_reservation_id,
    single_class_id: booking.single_class_id,
    member_name: booking.member_name,
    member_external_id: booking.member_external_id,
    status: booking.status as AggregatorBookingStatus,
    refusal_reason: reason,
    refusal_text: reason ? t(REFUSAL_MESSAGES[reason]) : null,
    answer_state: booking.answer_state,
    validation: booking.validation as ValidationStatus,
    checked_in_at: booking.checkedInAt?.toISOString() ?? null,
    validation_deadline: booking.checkedInAt
      ? validationDeadline(aggregator, booking.checkedInAt).toISOString()
      : null,
    last_error: booking.last_error,
    waiver_signed: customerId !== null && waivers ? (waivers.get(customerId) ?? false) : null,
  };
}

async function waiversOf(db: Db, rows: { customer_id: number | null }[]) {
  return waiverFactsOf(
    db,
    rows.map((r) => r.customer_id).filter((id): id is number => id !== null),
  );
}

/** A class's aggregator bookings, for the roster's source marks and the desk. */
export async function classSeats(db: Db, classId: number) {
  const rows = await repo.bookingsOfClass(db, classId);
  const waivers = await waiversOf(db, rows);
  return { bookings: rows.map((r) => visitOut(r.booking, r.customer_id, waivers)) };
}

/** Visits checked in and not validated yet (pending or failed): the desk's list. */
export async function unvalidated(db: Db) {
  const rows = await repo.unvalidatedVisits(db);
  const waivers = await waiversOf(db, rows);
  return {
    visits: rows.map((r) => ({
      ...visitOut(r.booking, r.customer_id, waivers),
      class_date: r.class_date.toISOString(),
      class_type_name: r.class_type_name,
    })),
  };
}

/**
 * The month's reconciliation per aggregator (bookings requested in the studio's month): validated,
 * not validated, refused, no-show and cancelled, with the expected payout at the studio's rate.
 */
export async function reconciliation(app: FastifyInstance, month: string) {
  const bounds = monthBounds(month);
  if (!bounds) throw AppError.of("AGGREGATOR_MONTH_INVALID");
  const zone = (await app.appConfig.get()).timezone;
  const rows = await repo.bookingsBetween(
    app.db,
    zonedInstant(bounds.from, "00:00", zone),
    zonedInstant(bounds.to, "00:00", zone),
  );
  const settings = new Map((await repo.allSettings(app.db)).map((s) => [s.aggregator, s]));
  const lines = AGGREGATORS.map((aggregator) => {
    const line = reconcile(
      aggregator,
      rows
        .filter((r) => r.aggregator === aggregator)
        .map((r) => ({
          status: r.status as AggregatorBookingStatus,
          validation: r.validation as ValidationStatus,
        })),
      settings.get(aggregator)?.rate_cents ?? 0,
    );
    const { rate_cents, expected_payout_cents, ...counts } = line;
    return {
      ...counts,
      name: AGGREGATOR_NAMES[aggregator],
      rate: centsToNumber(rate_cents),
      expected_payout: centsToNumber(expected_payout_cents),
      cents: expected_payout_cents,
    };
  });
  const total = lines.reduce((sum, l) => sum + l.cents, 0);
  return {
    month,
    lines: lines.map(({ cents: _cents, ...line }) => line),
    total_expected_payout: centsToNumber(total),
  };
}

export function reconciliationCsv(report: Awaited<ReturnType<typeof reconciliation>>): string {
  return reportCsv(
    [
      "Plataforma",
      "Mes",
      "Reservaciones",
      "Validadas",
      "Sin validar",
      "Rechazadas",
      "No asistió",
      "Canceladas",
      "Tarifa por visita",
      "Pago esperado",
    ],
    report.lines.map((l) => [
      l.name,
      report.month,
      l.bookings,
      l.validated,
      l.unvalidated,
      l.refused,
      l.no_show,
      l.cancelled,
      l.rate.toFixed(2),
      l.expected_payout.toFixed(2),
    ]),
  );
}

/**
 * The aggregators as a revenue source (docs/product-rules.md#aggregator-reconciliation): each validated
 * visit, on the day it was checked in, at the studio's rate per visit. It is what the aggregator
 * owes (paid to the studio monthly, outside any processor), so it counts with the studio's other
 * income; the month's reconciliation above is the statement to check their payment against.
 */
export async function aggregatorRevenueMovements(
  db: Db,
  range: { start: Date; end: Date; locationId?: number | undefined },
): Promise<RevenueMovement[]> {
  const visits = await repo.validatedVisitsBetween(db, range);
  return visits.map((v) => ({
    kind: "charge" as const,
    id: v.id,
    purchase_id: 0,
    customer_id: 0,
    customer: v.member_name || AGGREGATOR_NAMES[aggregatorOf(v.aggregator)],
    at: v.at!,
    title: `Visita ${AGGREGATOR_NAMES[aggregatorOf(v.aggregator)]}`,
    cents: v.rate_cents ?? 0,
    iva_rate: null,
    method: aggregatorOf(v.aggregator),
    location: v.location,
    subscription: false,
  }));
}
