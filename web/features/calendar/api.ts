import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  classOut,
  classTypeOut,
  classTypesAnswer,
  locationOut,
  locationsAnswer,
  scheduleAnswer,
  singleClassAnswer,
} from "../../../domain/api/calendar";
import type { penaltiesAnswer } from "../../../domain/api/credits";
import type {
  bookAnswer,
  bookBody,
  cancelAnswer,
  changeAnswer,
  changeBody,
} from "../../../domain/api/reservations";
import { api } from "../../lib/api-client";
import { calendarKeys } from "./query-keys";

/** One class as the API serves it (no other customer's data, only mine). */
export type SingleClass = z.input<typeof classOut>;

/** The week as the API sends it: classes without my_reservation, mine listed once after them. */
type ScheduleAnswer = z.input<typeof scheduleAnswer>;

/** A day of the week with my reservation back on each card (withMyReservations). */
export type ScheduleDay = Omit<ScheduleAnswer["days"][number], "single_classes"> & {
  single_classes: SingleClass[];
};

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

export type ClassType = z.input<typeof classTypeOut>;
export type Location = z.input<typeof locationOut>;

/** Live availability: re-fetched every 15 s while visible (docs/decisions/0005). */
export const LIVE_REFRESH_MS = 15_000;

export function useSchedule(start: string, end: string, location: number | null) {
  return useQuery({
    queryKey: calendarKeys.range(start, end, location),
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
    queryKey: calendarKeys.classTypes,
    queryFn: ({ signal }) => api.get<z.input<typeof classTypesAnswer>>("/class_types", { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useLocations() {
  return useQuery({
    queryKey: calendarKeys.locations,
    queryFn: ({ signal }) => api.get<z.input<typeof locationsAnswer>>("/locations", { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useSingleClass(id: number | null) {
  return useQuery({
    queryKey: calendarKeys.singleClass(id),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof singleClassAnswer>>(`/single_class/single/${id}`, { signal }),
    enabled: id !== null,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export type BookingInput = z.input<typeof bookBody>;

/** Booking and cancelling refresh every schedule, reservation and credit view. */
function useRefreshAfterChange() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: calendarKeys.schedule }),
      client.invalidateQueries({ queryKey: calendarKeys.reservationLists }),
      client.invalidateQueries({ queryKey: calendarKeys.credits }),
    ]);
}

export function useBookClass() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (input: BookingInput) => api.post<z.input<typeof bookAnswer>>("/class_reservations", input),
    // The list is refreshed on any failure too (docs/product-rules.md#notices: a stale card may
    // have misled).
    onSettled: refresh,
  });
}

/** PUT /class_reservations: a key left out keeps its value. */
export type ReservationChangeInput = z.input<typeof changeBody>;

export function useChangeBooking() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (input: ReservationChangeInput) =>
      api.put<z.input<typeof changeAnswer>>("/class_reservations", input),
    onSettled: refresh,
  });
}

export function useCancelBooking() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (id: number) => api.delete<z.input<typeof cancelAnswer>>(`/class_reservations/${id}`),
    onSettled: refresh,
  });
}

/** The penalty that blocks booking now (for 'Penalización Activa'). */
export async function fetchActivePenalty(): Promise<ActivePenalty | null> {
  const { class_reservation_penaltys } = await api.get<z.input<typeof penaltiesAnswer>>(
    "/class_reservation_penaltys",
  );
  return class_reservation_penaltys.find((p) => p.active) ?? null;
}

type ActivePenalty = z.input<typeof penaltiesAnswer>["class_reservation_penaltys"][number];
