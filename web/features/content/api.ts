import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { classTypeOut, classTypesAnswer, scheduleAnswer } from "../../../domain/api/calendar";
import type {
  announcementOut,
  announcementsAnswer,
  pageAnswer,
  pageOut,
  pagesAnswer,
} from "../../../domain/api/content";
import type { instructorAnswer, instructorOut, instructorsAnswer } from "../../../domain/api/instructors";
import type { packageOut, paquetesAnswer } from "../../../domain/api/packages";
import { api, isApiError } from "../../lib/api-client";
import { contentKeys } from "./query-keys";

/**
 * Reads of the public site. Content endpoints are ours; class types, the schedule and the home
 * packages belong to the booking and commerce domains (their contracts are typed here). A home
 * section whose read fails is simply not shown, so those reads never retry or throw.
 */

export type ContentPage = z.input<typeof pageOut>;
export type Announcement = z.input<typeof announcementOut>;
export type Instructor = z.input<typeof instructorOut>;
export type HomePackage = z.input<typeof packageOut>;

export type ClassType = z.input<typeof classTypeOut>;
/** A day of the public schedule (GET /api/single_class) and one class of it. */
export type ScheduleDay = z.input<typeof scheduleAnswer>["days"][number];
export type ScheduleClass = ScheduleDay["single_classes"][number];

const FIVE_MINUTES = 5 * 60_000;

/** A list read for an optional section: [] on any failure (the section hides itself). */
function optionalList<Answer, T>(path: string, pick: (data: Answer) => T[] | undefined) {
  return async ({ signal }: { signal: AbortSignal }): Promise<T[]> => {
    try {
      const list = pick(await api.get<Answer>(path, { signal }));
      return Array.isArray(list) ? list : [];
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      return [];
    }
  };
}

/** Content pages for the footer; a failing endpoint yields an empty list (the footer still renders). */
export function usePages() {
  return useQuery({
    queryKey: contentKeys.pages,
    queryFn: optionalList("/pages", (d: z.input<typeof pagesAnswer>) => d?.pages),
    staleTime: FIVE_MINUTES,
  });
}

/** One content page by slug; `null` when the server answers 404. */
export function usePage(slug: string) {
  return useQuery({
    queryKey: contentKeys.page(slug),
    queryFn: async ({ signal }): Promise<ContentPage | null> => {
      try {
        const data = await api.get<z.input<typeof pageAnswer>>(`/pages/${encodeURIComponent(slug)}`, {
          signal,
        });
        return data?.page ?? null;
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
    retry: (count, error) => !isApiError(error) || (error.status >= 500 && count < 1),
  });
}

export function useAnnouncements() {
  return useQuery({
    queryKey: contentKeys.announcements,
    queryFn: async ({ signal }) =>
      (await api.get<z.input<typeof announcementsAnswer>>("/announcements", { signal })).announcements,
    staleTime: FIVE_MINUTES,
  });
}

export function useHomeInstructors() {
  return useQuery({
    queryKey: contentKeys.homeInstructors,
    queryFn: optionalList("/instructors/home/all", (d: z.input<typeof instructorsAnswer>) => d?.instructors),
    staleTime: FIVE_MINUTES,
  });
}

/** One coach; `null` when unknown (the coach pages then go home or show the 404). */
export function useInstructor(id: number) {
  return useQuery({
    queryKey: contentKeys.instructor(id),
    enabled: Number.isInteger(id) && id > 0,
    queryFn: async ({ signal }): Promise<Instructor | null> => {
      try {
        return (await api.get<z.input<typeof instructorAnswer>>(`/instructors/${id}`, { signal })).instructor;
      } catch (error) {
        if (isApiError(error, 404) || isApiError(error, 400)) return null;
        throw error;
      }
    },
    retry: (count, error) => !isApiError(error) || (error.status >= 500 && count < 1),
  });
}

export function useClassTypes() {
  return useQuery({
    queryKey: contentKeys.classTypes,
    queryFn: optionalList("/class_types", (d: z.input<typeof classTypesAnswer>) => d?.class_types),
    staleTime: FIVE_MINUTES,
    retry: false,
  });
}

export function useHomePackages() {
  return useQuery({
    queryKey: contentKeys.homePackages,
    queryFn: optionalList(
      "/class_packages/presenciales/home",
      (d: z.input<typeof paquetesAnswer>) => d?.paquetes,
    ),
    staleTime: FIVE_MINUTES,
    retry: false,
  });
}

/** Classes between two days (YYYY-MM-DD, studio zone), optionally one coach's; [] on failure. */
export function useSchedule(startDate: string, endDate: string, instructorId?: number) {
  return useQuery({
    // Not the calendar's key: see contentKeys.days.
    queryKey: contentKeys.days(startDate, endDate, instructorId ?? null),
    queryFn: async ({ signal }): Promise<ScheduleDay[]> => {
      const days = await optionalList(
        `/single_class?start_date=${startDate}&end_date=${endDate}${instructorId ? `&instructor_id=${instructorId}` : ""}`,
        (d: z.input<typeof scheduleAnswer>) => d?.days,
      )({ signal });
      if (!instructorId) return days;
      // The coach filter is applied here too, in case the schedule endpoint ignores it.
      return days.map((day) => ({
        ...day,
        single_classes: (day.single_classes ?? []).filter((c) =>
          c.class_instructors?.some((ci) => ci.instructor?.instructor_id === instructorId),
        ),
      }));
    },
    staleTime: 60_000,
    retry: false,
  });
}
