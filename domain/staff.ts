import { z } from "zod";

/**
 * Staff roles (docs/decisions/0031-staff-roles-and-permissions.md). The login's stored
 * role is one of these or "customer"; the old "admin" reads as owner.
 */
export const STAFF_ROLES = ["owner", "manager", "front_desk", "coach"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** How the back office names each role (es-MX). */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: "Propietario",
  manager: "Gerente",
  front_desk: "Recepción",
  coach: "Coach",
};

/** What each role may do, in one line, for the staff screen. */
export const STAFF_ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  owner: "Todo, incluidos el equipo y el borrado de datos personales.",
  manager: "Todo menos el equipo y el borrado de datos personales.",
  front_desk: "Clientes, check-in, ventas en mostrador, reservaciones y consulta del horario.",
  coach: "Sus clases, listas de asistencia y su perfil de coach.",
};

export function staffRoleOf(stored: string | null | undefined): StaffRole | null {
  if (stored === "admin") return "owner";
  return (STAFF_ROLES as readonly string[]).includes(stored ?? "") ? (stored as StaffRole) : null;
}

/**
 * Whether a role may export lists as CSV: everyone but the front desk (no exports, decision 0031). The
 * CSV is made in the browser from list routes the desk may read, so this is a rule of the web
 * alone, not of the permissions table.
 */
export function staffMayExport(role: StaffRole | null): boolean {
  return role !== "front_desk";
}

export const staffRoleSchema = z.enum(STAFF_ROLES, { message: "Elige un rol." });
