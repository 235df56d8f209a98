import type { AppConfig } from "../../../domain/app-config";
import { AppError } from "../../../domain/errors";
import { instagramHandle } from "../../../domain/instagram";
import { staffRoleOf } from "../../../domain/staff";
import type { AuthUser } from "../../auth/auth";
import type { Db } from "../../db/client";
import { rosterFlagsOfClass } from "../attendance/attendance.service";
import * as coach from "./coach.repository";
import * as repo from "./staff.repository";

/**
 * The coach's day (decision 0031): their classes, the roster with the notes the desk marked for
 * coaches, and their ratings. Everything is scoped by the signed-in login's coach profile; the
 * roster route is also guarded per class by the permissions table (a coach's own classes only).
 */

/** "YYYY-MM-DD" of an instant in a zone. */
export function dayIn(zone: string, at: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export async function myClasses(
  db: Db,
  current: AuthUser,
  zone: string,
  from: string | undefined,
  days: number,
  now = new Date(),
) {
  const profile = await repo.instructorOfLogin(db, current.id);
  const fromDay = from ?? dayIn(zone, now);
  const toDay = addDays(fromDay, days - 1);
  if (!profile) return { instructor_id: null, from: fromDay, to: toDay, classes: [] };
  const rows = await coach.classesOfInstructor(db, profile.instructor_id, zone, fromDay, toDay);
  return {
    instructor_id: profile.instructor_id,
    from: fromDay,
    to: toDay,
    classes: rows.map((r) => ({
      ...r,
      cancelled: Boolean(r.cancelled),
      booked: Number(r.booked),
      waiting: Number(r.waiting),
    })),
  };
}

export async function roster(db: Db, singleClassId: number, config: AppConfig, now = new Date()) {
  const header = await coach.classHeader(db, singleClassId);
  if (!header) throw new AppError(404, "NOT_FOUND", "No encontramos esa clase.");
  const seats = await coach.rosterSeats(db, singleClassId);
  const notes = await coach.coachNotesOf(db, [
    ...new Set(seats.filter((s) => !s.guest).map((s) => s.customer_id)),
  ]);
  const waitlist = await coach.rosterWaitlist(db, singleClassId);
  const flags = await rosterFlagsOfClass(db, singleClassId, config, now);
  return {
    single_class: header,
    seats: seats.map((s) => ({
      class_reservation_id: s.class_reservation_id,
      name: s.guest ?? ([s.name, s.last_name].filter(Boolean).join(" ") || s.name),
      is_guest: s.guest !== null,
      spot: s.spot,
      attend: s.attend,
      notes: s.guest
        ? []
        : notes
            .filter((n) => n.customer_id === s.customer_id)
            .map((n) => ({ body: n.body, createdAt: n.createdAt })),
      flags: flags.get(s.class_reservation_id) ?? [],
    })),
    waitlist: waitlist.map((w, i) => ({
      position: i + 1,
      name: [w.name, w.last_name].filter(Boolean).join(" "),
    })),
  };
}

export async function myProfile(db: Db, current: AuthUser) {
  const profile = await repo.instructorOfLogin(db, current.id);
  return {
    name: current.name,
    email: current.email,
    role: staffRoleOf((await repo.findLogin(db, current.id))?.role) ?? "coach",
    instructor: profile
      ? {
          instructor_id: profile.instructor_id,
          name: profile.name,
          last_name: profile.last_name,
          nick_name: profile.nick_name,
          quote: profile.quote,
          short_bio: profile.short_bio,
          instagram: instagramHandle(profile.instagram),
          music_type: profile.music_type,
        }
      : null,
    ratings: profile ? await coach.ratingsOfInstructor(db, profile.instructor_id) : null,
  };
}

export type ProfilePatch = {
  quote?: string | null;
  short_bio?: string | null;
  instagram?: string | null;
  music_type?: string | null;
  nick_name?: string | null;
};

export async function updateMyProfile(db: Db, current: AuthUser, patch: ProfilePatch) {
  const profile = await repo.instructorOfLogin(db, current.id);
  if (!profile) throw AppError.of("NO_COACH_PROFILE");
  // Stored as the bare handle (product-rules.md#profile).
  const stored =
    patch.instagram === undefined ? patch : { ...patch, instagram: instagramHandle(patch.instagram) };
  await repo.updateInstructorProfile(db, profile.instructor_id, stored);
  return myProfile(db, current);
}
