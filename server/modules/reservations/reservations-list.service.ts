import type { AppConfig } from "../../../domain/app-config";
import {
  cancelOption,
  canRate,
  changeDecision,
  type ReservationFilter,
  reservationStatus,
} from "../../../domain/booking";
import type { Db } from "../../db/client";
import type { ReadCache } from "../../plugins/read-cache";
import { type ClassRow, findClassesWithDetails, NO_SEATS, toClassOut } from "../calendar/calendar.service";
import { cancelPolicyOf, RESERVATIONS_PAGE_SIZE } from "./reservations.service";
import { listOwnReservations, type ReservationsCursor } from "./reservations-list.repository";

/**
 * The cursor of the page after a row: its class date (ms) and id, "1767261600000_4211". Opaque to
 * the web; the server reads it back with parseReservationsCursor.
 */
export function reservationsCursor(row: { class_date: Date; class_reservation_id: number }): string {
  return `${row.class_date.getTime()}_${row.class_reservation_id}`;
}

const RESERVATIONS_CURSOR = /^(\d{1,15})_(\d{1,10})$/;

export function parseReservationsCursor(text: string): ReservationsCursor | null {
  const m = RESERVATIONS_CURSOR.exec(text);
  if (!m) return null;
  const id = Number(m[2]);
  return id > 0 && id <= 2_147_483_647 ? { classDate: new Date(Number(m[1])), id } : null;
}

const CARD = "class-card:";

/**
 * The cards of some classes (type, place, coaches): the same for every customer, so read through
 * the shared class-card cache (plugins/read-cache.ts: a second at most, emptied by every write
 * here and, by NOTIFY, elsewhere), one query for the ones not cached.
 */
async function classCards(cache: ReadCache, db: Db, ids: number[]): Promise<Map<number, ClassRow>> {
  const rows = await cache.getMany(
    ids.map((id) => `${CARD}${id}`),
    async (missing) => {
      const wanted = missing.map((key) => Number(key.slice(CARD.length)));
      const found = await findClassesWithDetails(db, wanted);
      return new Map(wanted.map((id) => [`${CARD}${id}`, found.get(id) ?? null]));
    },
  );
  const byId = new Map<number, ClassRow>();
  for (const row of rows) if (row) byId.set(row.single_class_id, row);
  return byId;
}

/**
 * Mis Reservaciones (docs/product-rules.md#reservation-status): a page of the signed-in customer's
 * reservations with their state and actions, always read from the database: the page with its
 * guests, ratings and total in one statement (reservations-list.repository.ts); only the cards of
 * its classes, the same for everyone, come through the shared class-card cache. `next` is the
 * cursor of the following page, null on the last one.
 */
export async function listMyReservationsPage(
  db: Db,
  cardCache: ReadCache,
  config: AppConfig,
  customerId: number,
  filter: ReservationFilter,
  page: { after: ReservationsCursor } | { page: number },
  now = new Date(),
) {
  const size = RESERVATIONS_PAGE_SIZE;
  const { rows, total } = await listOwnReservations(
    db,
    customerId,
    filter,
    now,
    "after" in page ? { after: page.after } : { offset: (page.page - 1) * size },
    // One row past the page says whether another follows.
    size + 1,
  );
  const more = rows.length > size;
  if (more) rows.length = size;
  const classes = await classCards(cardCache, db, [...new Set(rows.map((r) => r.single_class_id))]);
  const policy = cancelPolicyOf(config);
  const reservations = rows.flatMap((r) => {
    const c = classes.get(r.single_class_id);
    if (!c) return [];
    const status = reservationStatus(r, r.class_date, now);
    // The same rule as the calendar card's (domain cancelOption): both screens always agree. The
    // class date is the page's own read (the rules never use a cached one).
    const option = cancelOption(r, r.class_date, now, policy, config.timezone);
    const out = toClassOut(c, NO_SEATS, null);
    return [
      {
        class_reservation_id: r.class_reservation_id,
        single_class_id: r.single_class_id,
        spot: r.spot,
        guest: r.guest,
        guest_reservation_id: r.guest_reservation_id,
        guest_spot: r.guest_spot,
        attend: r.attend,
        is_cash: r.is_cash,
        is_paid: r.is_paid,
        paid_with: r.paid_with,
        class_stars: r.class_stars,
        coach_stars: r.coach_stars,
        deletedAt: r.deletedAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
        status,
        can_cancel: option.offered && option.allowed,
        cancel_refunds: option.offered && option.allowed && option.refund,
        // 'Cancelar' is shown (its modal explains a refusal inside the window).
        cancel_offered: option.offered,
        can_change: !r.deletedAt && changeDecision(r.class_date, now, policy, config.timezone).allowed,
        past: r.class_date.getTime() <= now.getTime(),
        can_rate: canRate(status, r.class_stars, config.reservation_rating_enabled),
        single_class: {
          single_class_id: out.single_class_id,
          // The page's own read of the date, never older than the card's.
          class_date: r.class_date.toISOString(),
          duration_minutes: out.duration_minutes,
          description: out.description,
          class_type: out.class_type,
          location: out.location,
          class_instructors: out.class_instructors,
        },
      },
    ];
  });
  const last = rows[rows.length - 1];
  return { reservations, max: total, next: more && last ? reservationsCursor(last) : null };
}
