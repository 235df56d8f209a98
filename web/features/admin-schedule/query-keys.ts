import type { ChangeScope } from "../../../domain/class-changes";

const all = ["admin-schedule"] as const;

/**
 * Query keys of the staff's schedule, from one factory (docs/decisions/0133); values unchanged.
 * Every save invalidates `all`, which reaches each key below.
 */
export const scheduleAdminKeys = {
  all,
  week: (start: string) => [...all, "week", start] as const,
  impact: (id: number | null, scope: ChangeScope) => [...all, "impact", id, scope] as const,
  coachClasses: (instructorId: string | null, from: string, to: string) =>
    [...all, "coach-classes", instructorId, from, to] as const,
  roster: (classId: number | null) => [...all, "roster", classId] as const,
  options: (url: string) => [...all, "options", url] as const,
};
