import { createHash, randomBytes } from "node:crypto";
import type { AppConfig } from "../../../domain/app-config";
import { addLocalDays, localDay, zonedInstant } from "../../../domain/booking";
import {
  checkInWindow,
  KIOSK_LOOKUP_WINDOW_MS,
  KIOSK_PIN_FAILURES_MAX,
  KIOSK_PIN_LOCK_MS,
  lookupAllowed,
  pickKioskClass,
  reservationIdInQr,
} from "../../../domain/check-in-window";
import { AppError } from "../../../domain/errors";
import { formatTime } from "../../../domain/format";
import { t } from "../../../domain/messages";
import { passwordHashing } from "../../auth/password-hashing";
import type { Db } from "../../db/client";
import { checkInAtDoor } from "../attendance/attendance.service";
import { type Actor, auditedChange } from "../audit/audit.service";
import { customersWithoutCurrentWaiver } from "../waivers/waivers.service";
import * as repo from "./kiosk.repository";

/**
 * The check-in kiosk (decision 0097; docs/product-rules.md#kiosk): a tablet at the door that a
 * staff member opens and leaves locked. It holds a device session that can only check people in
 * (never read a list of customers) and closes only with the PIN chosen when it was opened.
 */

const pins = passwordHashing();

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Opens a kiosk: answers the device token (the tablet keeps it as an httpOnly cookie). */
export async function openKiosk(db: Db, actor: Actor, input: { pin: string; location_id?: number | null }) {
  const token = randomBytes(32).toString("base64url");
  const pinHash = await pins.hash(input.pin);
  return auditedChange(db, actor, async (tx) => {
    const row = await repo.insertSession(tx, {
      token_hash: hashToken(token),
      pin_hash: pinHash,
      location_id: input.location_id ?? null,
      opened_by: actor.user_id,
    });
    return {
      result: { token, kiosk_session_id: row.kiosk_session_id },
      audit: {
        action: "kiosk.open",
        entity: "kiosk_session",
        entity_id: row.kiosk_session_id,
        customer_id: null,
        details: { location_id: row.location_id },
      },
    };
  });
}

/**
 * The open kiosk of a device token. A kiosk whose opener lost their access (their user row gone)
 * is closed with them: it acts in their name.
 */
export async function kioskOf(db: Db, token: string | undefined) {
  const session = token ? await repo.openSessionByTokenHash(db, hashToken(token)) : null;
  if (!session?.opened_by) throw AppError.of("KIOSK_NOT_OPEN");
  return { ...session, opened_by: session.opened_by };
}

export type OpenKiosk = Awaited<ReturnType<typeof kioskOf>>;

/** Leaving the kiosk: the PIN, with KIOSK_PIN_FAILURES_MAX wrong ones before a pause. */
export async function closeKiosk(db: Db, kiosk: OpenKiosk, pin: string, now = new Date()) {
  if (kiosk.pin_locked_until && kiosk.pin_locked_until.getTime() > now.getTime()) {
    throw AppError.of("KIOSK_PIN_LOCKED");
  }
  if (!(await pins.verify({ hash: kiosk.pin_hash, password: pin }))) {
    const failures = kiosk.pin_failures + 1;
    const locked = failures >= KIOSK_PIN_FAILURES_MAX;
    await repo.updateSession(db, kiosk.kiosk_session_id, {
      pin_failures: locked ? 0 : failures,
      pin_locked_until: locked ? new Date(now.getTime() + KIOSK_PIN_LOCK_MS) : null,
    });
    throw AppError.of(locked ? "KIOSK_PIN_LOCKED" : "KIOSK_PIN_WRONG");
  }
  await auditedChange(db, { user_id: kiosk.opened_by }, async (tx) => {
    await repo.updateSession(tx, kiosk.kiosk_session_id, { closedAt: now });
    return {
      result: null,
      audit: {
        action: "kiosk.close",
        entity: "kiosk_session",
        entity_id: kiosk.kiosk_session_id,
        customer_id: null,
        details: {},
      },
    };
  });
}

type WindowSettings = Pick<
  AppConfig,
  "timezone" | "checkin_opens_minutes_before" | "checkin_closes_minutes_after" | "waiver_enforcement"
>;

/** What the kiosk shows about itself: where it is and the window it applies. */
export function kioskState(kiosk: OpenKiosk, config: WindowSettings & Pick<AppConfig, "name">) {
  return {
    studio: config.name,
    location: kiosk.location,
    checkin_opens_minutes_before: config.checkin_opens_minutes_before,
    checkin_closes_minutes_after: config.checkin_closes_minutes_after,
  };
}

async function noBooking(db: Db, kiosk: OpenKiosk, now: Date, qr: boolean): Promise<never> {
  const restart =
    !kiosk.lookup_window_start ||
    now.getTime() - kiosk.lookup_window_start.getTime() > KIOSK_LOOKUP_WINDOW_MS;
  await repo.countLookupFailure(db, kiosk.kiosk_session_id, now, restart);
  throw AppError.of("KIOSK_NO_BOOKING", qr ? { message: "kioskQrInvalid" } : {});
}

/**
 * A customer at the kiosk: their QR or their phone finds their own seat in a class of today (at
 * the kiosk's location), and within the check-in window they are checked in through the one
 * check-in path (attendance checkInAtDoor). Too early or too late says when; no booking (a
 * walk-in, an unknown phone, a QR of another day) sends them to the desk without telling whether
 * the phone has an account. Wrong phones and QRs are counted per kiosk (lookupAllowed).
 */
export async function checkInAtKiosk(
  db: Db,
  config: WindowSettings,
  kiosk: OpenKiosk,
  input: { qr?: string | null; phone?: string | null },
  now = new Date(),
) {
  if (!lookupAllowed(kiosk.lookup_failures, kiosk.lookup_window_start, now)) {
    throw AppError.of("KIOSK_SLOW_DOWN");
  }
  const zone = config.timezone;
  const today = localDay(now, zone);
  const from = zonedInstant(today, "00:00", zone);
  const to = zonedInstant(addLocalDays(today, 1), "00:00", zone);
  const byQr = Boolean(input.qr);
  let seats: repo.DoorSeat[];
  if (input.qr) {
    const id = reservationIdInQr(input.qr);
    const seat = id === null ? null : await repo.seatById(db, id);
    const here =
      seat &&
      seat.class_date >= from &&
      seat.class_date < to &&
      (kiosk.location_id === null || seat.location_id === kiosk.location_id);
    seats = here ? [seat] : [];
  } else {
    seats = await repo.seatsByPhone(db, input.phone ?? "", from, to, kiosk.location_id);
  }
  const picked = pickKioskClass(seats, config, now);
  if (!picked) return noBooking(db, kiosk, now, byQr);
  const { klass: seat, timing } = picked;
  const time = formatTime(seat.class_date, zone);
  const window = checkInWindow(seat.class_date, config);
  if (timing === "too_early") {
    throw AppError.of("KIOSK_TOO_EARLY", { params: { time, opens: formatTime(window.opensAt, zone) } });
  }
  if (timing === "too_late") {
    throw AppError.of("KIOSK_TOO_LATE", { params: { time, closes: formatTime(window.closesAt, zone) } });
  }
  // A studio that blocks without the current carta responsiva (decision 0099) blocks at the door
  // too: the desk collects the signature on its tablet, then checks the person in.
  if (config.waiver_enforcement === "block") {
    const missing = await customersWithoutCurrentWaiver(db, config, [seat.customer_id]);
    if (missing.has(seat.customer_id)) throw AppError.of("KIOSK_WAIVER_REQUIRED");
  }
  const { already } = await checkInAtDoor(
    db,
    { user_id: kiosk.opened_by },
    seat.class_reservation_id,
    "kiosk",
  );
  // Only the first name: the tablet faces the queue at the door.
  const name = seat.name.trim().split(/\s+/)[0] ?? "";
  return {
    message: t(already ? "kioskAlreadyIn" : "kioskCheckedIn", { name }),
    already,
    name,
    class_type: seat.class_type,
    class_date: seat.class_date,
    location: seat.location,
    spot: seat.spot,
  };
}
