import { and, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { StaffRole } from "../../domain/staff";
import { permissionFor, roleAllowed } from "../../domain/staff-permissions";
import type { Db } from "../db/client";
import { instructors, single_class_instructors } from "../db/schema/calendar";
import { class_reservations } from "../db/schema/reservations";

/**
 * The back office's permissions table lives in domain/staff-permissions.ts, its one owner
 * (decision 0069): this plugin enforces it, the web reads it to hide what a role cannot use.
 */
export {
  allowedRoutes,
  PERMISSIONS,
  type Permission,
  permissionFor,
  roleAllowed,
} from "../../domain/staff-permissions";

/**
 * Whether this staff login may call this request's route on this request's object. Runs before
 * the body is read (onRequest), with the path parameters already parsed.
 */
export async function staffMayCall(
  db: Db,
  request: FastifyRequest,
  login: { id: string; staff_role: StaffRole },
): Promise<boolean> {
  const permission = permissionFor(request.method, request.routeOptions.url ?? "");
  if (!roleAllowed(login.staff_role, permission)) return false;
  if (login.staff_role !== "coach" || !permission.coach || permission.coach === "self") return true;
  const id = Number((request.params as { id?: string } | undefined)?.id);
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  return permission.coach === "class"
    ? coachTeachesClass(db, login.id, id)
    : coachTeachesReservation(db, login.id, id);
}

/** Whether the class is taught by the coach profile linked to this login. */
export async function coachTeachesClass(db: Db, userId: string, singleClassId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(single_class_instructors)
    .innerJoin(instructors, eq(instructors.instructor_id, single_class_instructors.instructor_id))
    .where(and(eq(single_class_instructors.single_class_id, singleClassId), eq(instructors.user_id, userId)))
    .limit(1);
  return rows.length > 0;
}

async function coachTeachesReservation(db: Db, userId: string, reservationId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(class_reservations)
    .innerJoin(
      single_class_instructors,
      eq(single_class_instructors.single_class_id, class_reservations.single_class_id),
    )
    .innerJoin(instructors, eq(instructors.instructor_id, single_class_instructors.instructor_id))
    .where(and(eq(class_reservations.class_reservation_id, reservationId), eq(instructors.user_id, userId)))
    .limit(1);
  return rows.length > 0;
}
