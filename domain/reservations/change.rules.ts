import type { AppConfig } from "../app-config";
import { changeDecision } from "../booking";
import { type Decision, refuse } from "../refusal";
import { decideSpots, type SpotMapSource, selectableOf } from "./booking.rules";
import { cancelPolicyOf, thresholdParams } from "./cancel.rules";

/**
 * A customer's change of an upcoming reservation (their spot, their guest's name and spot),
 * decided apart from executed (docs/decisions/0083): the service locks the class then the rows,
 * reads the spots taken and the map, `decideChange` answers the moves, and the service writes
 * them. Nothing changes once the cancellation threshold has passed (domain `changeDecision`).
 */

/**
 * PUT /class_reservations: what the customer wants changed. A key left out keeps its value;
 * `spot: null` gives the spot up (the seat stays booked).
 */
export type ReservationChange = {
  class_reservation_id: number;
  spot?: string | null;
  guest?: string;
  guest_spot?: string | null;
};

export type ChangeConfig = Pick<
  AppConfig,
  | "allow_cancel_reservations"
  | "cancel_timeframe_value"
  | "cancel_timeframe_unit"
  | "allow_cancel_after_treshold"
  | "spotmap_enabled"
  | "timezone"
>;

export type ChangedRow = {
  class_reservation_id: number;
  spot: string | null;
  guest: string | null;
  deletedAt: Date | null;
};

export type ChangeSnapshot<R extends ChangedRow = ChangedRow> = {
  /** The class, locked; null when the reservation is not this customer's. */
  klass: { class_date: Date; cancelledAt: Date | null } | null;
  /** The host's row (a guest's id stands for its host's) and its guests, locked. */
  locked: { reservation: R; guests: R[] } | null;
  /** Spots of the class taken by other people's rows. */
  others: string[];
  /** The class type's spot map; null when not read (no spot changes) or none. */
  spotMap: SpotMapSource | null;
};

export type ChangeAccepted<R extends ChangedRow> = {
  host: R;
  guest: R | null;
  /** Spots to move, in the order to write: every old spot freed first, then the new ones taken. */
  moves: { row: R; spot: string | null }[];
  /** The guest's new name, when it changes. */
  rename: string | null;
};

/** The active guest of the locked rows and the spots wanted, with which of them change. */
export function wantedSpots<R extends ChangedRow>(
  change: ReservationChange,
  locked: { reservation: R; guests: R[] },
) {
  const host = locked.reservation;
  const guest = locked.guests.find((g) => !g.deletedAt) ?? null;
  const wanted = {
    spot: change.spot === undefined ? host.spot : change.spot,
    guest_spot: change.guest_spot === undefined ? (guest?.spot ?? null) : change.guest_spot,
  };
  const check = {
    host: (wanted.spot?.trim() || null) !== host.spot,
    guest: guest !== null && (wanted.guest_spot?.trim() || null) !== guest.spot,
  };
  return { host, guest, wanted, check };
}

export function decideChange<R extends ChangedRow>(
  snapshot: ChangeSnapshot<R>,
  change: ReservationChange,
  config: ChangeConfig,
  now: Date,
): Decision<ChangeAccepted<R>> {
  const { klass, locked } = snapshot;
  if (!klass || !locked) return refuse("RESERVATION_NOT_FOUND");
  const { host, guest, wanted, check } = wantedSpots(change, locked);
  if (host.deletedAt) return refuse("ALREADY_CANCELLED");
  if (klass.cancelledAt) return refuse("CLASS_CANCELLED");
  const decision = changeDecision(klass.class_date, now, cancelPolicyOf(config), config.timezone);
  if (!decision.allowed) {
    if (decision.reason === "started") return refuse("CLASS_STARTED");
    return refuse("CHANGE_TOO_LATE", { params: thresholdParams(config) });
  }
  if (!guest && (change.guest !== undefined || change.guest_spot !== undefined))
    return refuse("GUEST_NOT_FOUND");
  const spots = decideSpots(
    wanted,
    guest !== null,
    snapshot.others,
    selectableOf(config, snapshot.spotMap),
    check,
  );
  if (!spots.ok) return spots;
  const moves = [
    { row: host, spot: spots.host },
    ...(guest ? [{ row: guest, spot: spots.guest }] : []),
  ].filter((m) => m.spot !== m.row.spot);
  const name = change.guest?.trim();
  return {
    ok: true,
    host: { ...host, spot: spots.host },
    guest: guest ? { ...guest, spot: spots.guest, guest: name || guest.guest } : null,
    moves,
    rename: guest && name && name !== guest.guest ? name : null,
  };
}
