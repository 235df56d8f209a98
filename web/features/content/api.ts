import { useQuery } from "@tanstack/react-query";
import { api, isApiError } from "../../lib/api-client";

/**
 * Reads of the public site. Content endpoints are ours; class types, the schedule and the home
 * packages belong to the booking and commerce domains (their contracts are typed here). A home
 * section whose read fails is simply not shown, so those reads never retry or throw.
 */

export interface ContentPage {
  page_id: number;
  title: string;
  slug: string;
  content: string | null;
  required?: boolean;
  show_in_footer?: boolean;
}

export interface Announcement {
  announcement_id: number;
  title: string;
  content: string | null;
  image: string | null;
  createdAt: string;
}

export interface Instructor {
  instructor_id: number;
  name: string;
  last_name: string | null;
  nick_name: string | null;
  quote: string | null;
  short_bio: string | null;
  instagram: string | null;
  music_type: string | null;
  birthday: { day: number; month: number } | null;
  image: string | null;
}

export interface ClassType {
  class_type_id: number;
  name: string;
  icon: string | null;
  image: string | null;
  description: string | null;
  color: string | null;
}

export interface HomePackage {
  class_package_id: number;
  title: string;
  price: string | number;
  sale_price: string | number | null;
  short_description: string | null;
  image: string | null;
  class_amount: number;
  expiration_days: number | null;
  is_subscription: boolean;
  subscription_period: string | null;
  subscription_interval: number | null;
}

export interface ScheduleClass {
  single_class_id: number;
  class_date: string;
  duration_minutes: number;
  capacity: number | null;
  class_type: { name: string; icon: string | null; color: string | null };
  location: { name: string } | null;
  class_instructors: { instructor: Pick<Instructor, "instructor_id" | "name" | "last_name" | "nick_name"> }[];
  available?: number | null;
}

export interface ScheduleDay {
  date: string;
  single_classes: ScheduleClass[];
}

const FIVE_MINUTES = 5 * 60_000;

/** A list read for an optional section: [] on any failure (the section hides itself). */
function optionalList<T>(path: string, pick: (data: unknown) => T[] | undefined) {
  return async ({ signal }: { signal: AbortSignal }): Promise<T[]> => {
    try {
      const list = pick(await api.get<unknown>(path, { signal }));
      return Array.isArray(list) ? list : [];
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      return [];
    }
  };
}

const field =
  <T>(key: string) =>
  (data: unknown) =>
    (data as Record<string, T[] | undefined> | null)?.[key];

/** Content pages for the footer; a failing endpoint yields an empty list (the footer still renders). */
export function usePages() {
  return useQuery({
    queryKey: ["pages"],
    queryFn: optionalList<ContentPage>("/pages", field("pages")),
    staleTime: FIVE_MINUTES,
  });
}

/** One content page by slug; `null` when the server answers 404. */
export function usePage(slug: string) {
  return useQuery({
    queryKey: ["pages", slug],
    queryFn: async ({ signal }): Promise<ContentPage | null> => {
      try {
        const data = await api.get<{ page?: ContentPage }>(`/pages/${encodeURIComponent(slug)}`, { signal });
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
    queryKey: ["announcements"],
    queryFn: async ({ signal }) =>
      (await api.get<{ announcements: Announcement[] }>("/announcements", { signal })).announcements,
    staleTime: FIVE_MINUTES,
  });
}

export function useHomeInstructors() {
  return useQuery({
    queryKey: ["instructors", "home"],
    queryFn: optionalList<Instructor>("/instructors/home/all", field("instructors")),
    staleTime: FIVE_MINUTES,
  });
}

/** One coach; `null` when unknown (the coach pages then go home or show the 404). */
export function useInstructor(id: number) {
  return useQuery({
    queryKey: ["instructors", id],
    enabled: Number.isInteger(id) && id > 0,
    queryFn: async ({ signal }): Promise<Instructor | null> => {
      try {
        return (await api.get<{ instructor: Instructor }>(`/instructors/${id}`, { signal })).instructor;
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
    queryKey: ["class_types"],
    queryFn: optionalList<ClassType>("/class_types", field("class_types")),
    staleTime: FIVE_MINUTES,
    retry: false,
  });
}

export function useHomePackages() {
  return useQuery({
    queryKey: ["class_packages", "presenciales", "home"],
    queryFn: optionalList<HomePackage>("/class_packages/presenciales/home", field("paquetes")),
    staleTime: FIVE_MINUTES,
    retry: false,
  });
}

/** Classes between two days (YYYY-MM-DD, studio zone), optionally one coach's; [] on failure. */
export function useSchedule(startDate: string, endDate: string, instructorId?: number) {
  return useQuery({
    // Not the calendar's key (["single_class", start, end, location]): this one caches a plain
    // list of days, the calendar the API's answer, and sharing a key handed one the other's shape.
    queryKey: ["single_class", "days", startDate, endDate, instructorId ?? null],
    queryFn: async ({ signal }): Promise<ScheduleDay[]> => {
      const days = await optionalList<ScheduleDay>(
        `/single_class?start_date=${startDate}&end_date=${endDate}${instructorId ? `&instructor_id=${instructorId}` : ""}`,
        field("days"),
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
