import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  cancelClassAnswer,
  cancelledClassesAnswer,
  changeImpactAnswer,
  classBody,
  classRosterAnswer,
  clonedAnswer,
  coachClass,
  coachClassesAnswer,
  copyWeekBody,
  repeatBody,
  rosterRow,
  savedClassAnswer,
  substitutionAnswer,
  substitutionBody,
  updatedClassAnswer,
} from "../../../domain/api/admin-schedule";
import type { scheduleAnswer, weekClassOut } from "../../../domain/api/calendar";
import { addLocalDays, localDay } from "../../../domain/booking";
import type { ChangeScope } from "../../../domain/class-changes";
import { api } from "../../lib/api-client";
import { scheduleAdminKeys } from "./query-keys";

/**
 * A class as the schedule screens use it: the week's class (what the detail answers too, which
 * adds only the caller's reservation and `cancelledAt`), so the grid and the panel share one type.
 */
export type AdminClass = z.input<typeof weekClassOut>;
export type RosterRow = z.input<typeof rosterRow>;

export type ClassBody = z.input<typeof classBody>;

/**
 * The seven days from `start` (a Monday), as staff see them: every scheduled class, and the
 * cancelled ones in their place (marked "Cancelada").
 */
export function useWeek(start: string, timezone: string) {
  return useQuery({
    queryKey: scheduleAdminKeys.week(start),
    queryFn: async () => {
      const query = { start_date: start, end_date: addLocalDays(start, 6) };
      const [week, cancelled] = await Promise.all([
        api.get<z.input<typeof scheduleAnswer>>("/single_class", { query }),
        api.get<z.input<typeof cancelledClassesAnswer>>("/admin/single_class/cancelled", { query }),
      ]);
      return {
        days: week.days.map((day) => ({
          ...day,
          single_classes: [
            ...day.single_classes,
            ...cancelled.single_classes.filter((k) => localDay(k.class_date, timezone) === day.date),
          ].sort((a, b) => a.class_date.localeCompare(b.class_date)),
        })),
      };
    },
    placeholderData: keepPreviousData,
  });
}

export type ChangeImpact = z.input<typeof changeImpactAnswer>;

/** Who a change of the class in this scope would tell (asked before saving). */
export const fetchChangeImpact = (id: number, scope: ChangeScope, capacity?: number | null) =>
  api.get<ChangeImpact>(`/admin/single_class/${id}/change-impact`, {
    query: { scope, ...(capacity === null || capacity === undefined ? {} : { capacity }) },
  });

export function useChangeImpact(id: number | null, scope: ChangeScope, enabled: boolean) {
  return useQuery({
    queryKey: scheduleAdminKeys.impact(id, scope),
    queryFn: () => fetchChangeImpact(id as number, scope),
    enabled: enabled && id !== null,
  });
}

export type CoachClass = z.input<typeof coachClass>;

export function useCoachClasses(instructorId: string | null, from: string, to: string) {
  return useQuery({
    queryKey: scheduleAdminKeys.coachClasses(instructorId, from, to),
    queryFn: () =>
      api.get<z.input<typeof coachClassesAnswer>>(`/admin/instructors/${instructorId}/classes`, {
        query: { start_date: from, end_date: to },
      }),
    enabled: Boolean(instructorId && from && to && from <= to),
  });
}

export function useRoster(classId: number | null) {
  return useQuery({
    queryKey: scheduleAdminKeys.roster(classId),
    queryFn: () => api.get<z.input<typeof classRosterAnswer>>(`/admin/single_class/${classId}/reservations`),
    enabled: classId !== null,
  });
}

/** Choices of the class form, read once per screen. */
export function useOptions(
  url: string,
  key: string,
  id: string,
  label: (row: Record<string, unknown>) => string,
) {
  return useQuery({
    queryKey: scheduleAdminKeys.options(url),
    queryFn: async () => {
      const rows = ((await api.get<Record<string, Record<string, unknown>[]>>(url))[key] ?? []) as Record<
        string,
        unknown
      >[];
      return rows.map((row) => ({ value: String(row[id]), label: label(row) }));
    },
    staleTime: 60_000,
  });
}

function useScheduleMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: scheduleAdminKeys.all }),
  });
}

export const useSaveClass = () =>
  useScheduleMutation((body: ClassBody & { single_class_id?: number; scope?: ChangeScope }) =>
    body.single_class_id
      ? api.put<z.input<typeof updatedClassAnswer>>("/single_class", body)
      : api.post<z.input<typeof savedClassAnswer>>("/single_class", body),
  );

export const useCancelClass = () =>
  useScheduleMutation(({ id, scope }: { id: number; scope: ChangeScope }) =>
    api.delete<z.input<typeof cancelClassAnswer>>(`/single_class/${id}?scope=${scope}`),
  );

export const useSubstitute = () =>
  useScheduleMutation((body: z.input<typeof substitutionBody>) =>
    api.post<z.input<typeof substitutionAnswer>>("/admin/substitutions", body),
  );

export const useRepeatClass = () =>
  useScheduleMutation((body: z.input<typeof repeatBody>) =>
    api.post<z.input<typeof clonedAnswer>>("/single_class/repeat", body),
  );

export const useCopyWeek = () =>
  useScheduleMutation((body: z.input<typeof copyWeekBody>) =>
    api.post<z.input<typeof clonedAnswer>>("/single_class/copy-week", body),
  );
