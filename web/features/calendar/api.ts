import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CustomSpotMapInput } from "../../../domain/spot-map";
import { api } from "../../lib/api-client";

/** One class as GET /api/single_class serves it (no other customer's data, only mine). */
export interface SingleClass {
  single_class_id: number;
  class_date: string;
  duration_minutes: number;
  description: string | null;
  capacity: number | null;
  class_package_id: number | null;
  class_type: {
    class_type_id: number;
    name: string;
    icon: string | null;
    description: string | null;
    color: string | null;
    spot_map: string | null;
    custom_spot_map: (CustomSpotMapInput & { custom_spot_map_id: number }) | null;
  };
  location: { location_id: number; name: string; address: string | null } | null;
  class_instructors: {
    instructor: { instructor_id: number; name: string; last_name: string | null; nick_name: string | null };
  }[];
  tags: { tag_id: number; name: string; color: string | null }[];
  reserved: number;
  available: number;
  taken_spots: string[];
  my_reservation: {
    class_reservation_id: number;
    spot: string | null;
    guest: { class_reservation_id: number; name: string; spot: string | null } | null;
  } | null;
}

export interface ScheduleDay {
  date: string;
  single_classes: SingleClass[];
}

/** The week as the API sends it: classes without my_reservation, mine listed once after them. */
interface ScheduleAnswer {
  days: { date: string; single_classes: Omit<SingleClass, "my_reservation">[] }[];
  my_reservations: (NonNullable<SingleClass["my_reservation"]> & { single_class_id: number })[];
}

/**
 * Puts each of my reservations back on its class card. The server lists them apart so every
 * customer's week shares one compressed body (docs/decisions/0013).
 */
export function withMyReservations({ days, my_reservations }: ScheduleAnswer): { days: ScheduleDay[] } {
  const mine = new Map(
    my_reservations.map(({ single_class_id, ...reservation }) => [single_class_id, reservation]),
  );
  return {
    days: days.map((day) => ({
      date: day.date,
      single_classes: day.single_classes.map((c) => ({
        ...c,
        my_reservation: mine.get(c.single_class_id) ?? null,
      })),
    })),
  };
}

export interface ClassType {
  class_type_id: number;
  name: string;
  icon: string | null;
  description: string | null;
  color: string | null;
}

export interface Location {
  location_id: number;
  name: string;
}

/** Live availability: re-fetched every 15 s while visible (docs/decisions/0005). */
export const LIVE_REFRESH_MS = 15_000;

export const scheduleKey = ["single_class"] as const;

export function useSchedule(start: string, end: string, location: number | null) {
  return useQuery({
    queryKey: [...scheduleKey, start, end, location],
    queryFn: ({ signal }) =>
      api.get<ScheduleAnswer>("/single_class", {
        query: { start_date: start, end_date: end, location },
        signal,
      }),
    select: withMyReservations,
    refetchInterval: LIVE_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
}

export function useClassTypes() {
  return useQuery({
    queryKey: ["class_types"],
    queryFn: ({ signal }) => api.get<{ class_types: ClassType[] }>("/class_types", { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useLocations() {
  return useQuery({
    queryKey: ["locations"],
    queryFn: ({ signal }) => api.get<{ locations: Location[] }>("/locations", { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useSingleClass(id: number | null) {
  return useQuery({
    queryKey: [...scheduleKey, "single", id],
    queryFn: ({ signal }) => api.get<{ single_class: SingleClass }>(`/single_class/single/${id}`, { signal }),
    enabled: id !== null,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export interface BookingInput {
  single_class_id: number;
  spot: string | null;
  guest: string | null;
  guest_spot: string | null;
}

/** Booking and cancelling refresh every schedule, reservation and credit view. */
function useRefreshAfterChange() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: scheduleKey }),
      client.invalidateQueries({ queryKey: ["class_reservations"] }),
      client.invalidateQueries({ queryKey: ["available_classes"] }),
    ]);
}

export function useBookClass() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (input: BookingInput) => api.post<{ message: string }>("/class_reservations", input),
    // Seed 000 §8: the list is refreshed on any failure too (a stale card may have misled).
    onSettled: refresh,
  });
}

/** PUT /class_reservations: a key left out keeps its value. */
export interface ReservationChangeInput {
  class_reservation_id: number;
  spot: string | null;
  guest?: string;
  guest_spot?: string | null;
}

export function useChangeBooking() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (input: ReservationChangeInput) => api.put<{ message: string }>("/class_reservations", input),
    onSettled: refresh,
  });
}

export function useCancelBooking() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete<{ message: string; refunded: boolean }>(`/class_reservations/${id}`),
    onSettled: refresh,
  });
}

/** The penalty that blocks booking now (for 'Penalización Activa'). */
export async function fetchActivePenalty(): Promise<{ no_shows: number; end_date: string } | null> {
  const { class_reservation_penaltys } = await api.get<{
    class_reservation_penaltys: { no_shows: number; end_date: string; active: boolean }[];
  }>("/class_reservation_penaltys");
  return class_reservation_penaltys.find((p) => p.active) ?? null;
}
