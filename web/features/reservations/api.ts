import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { creditsAnswer } from "../../../domain/api/credits";
import type {
  calendarFeedAnswer,
  cancelAnswer,
  ratingBody,
  reservationOut,
  reservationsAnswer,
} from "../../../domain/api/reservations";
import type { messageAnswer } from "../../../domain/api/wire";
import type { ReservationFilter } from "../../../domain/booking";
import { api } from "../../lib/api-client";
import { reservationKeys } from "./query-keys";

export type Reservation = z.input<typeof reservationOut>;

export const PAGE_SIZE = 50;

export function useReservations(filter: ReservationFilter, page: number) {
  return useQuery({
    queryKey: reservationKeys.list(filter, page),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof reservationsAnswer>>("/class_reservations", {
        query: { filter, page },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export type CreditsSummary = z.input<typeof creditsAnswer>;

export function useCreditsSummary() {
  return useQuery({
    queryKey: reservationKeys.activeCredits,
    queryFn: ({ signal }) => api.get<CreditsSummary>("/available_classes", { signal }),
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: reservationKeys.all }),
      client.invalidateQueries({ queryKey: reservationKeys.credits }),
      client.invalidateQueries({ queryKey: reservationKeys.schedules }),
    ]);
}

export function useCancelReservation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<z.input<typeof cancelAnswer>>(`/class_reservations/${id}`),
    onSettled: refresh,
  });
}

export type RatingInput = z.input<typeof ratingBody>;

export function useRateReservation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: RatingInput) =>
      api.post<z.input<typeof messageAnswer>>("/class_reservations/rating", input),
    onSettled: refresh,
  });
}

export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: reservationKeys.calendarFeed,
    queryFn: ({ signal }) =>
      api.get<z.input<typeof calendarFeedAnswer>>("/class_reservations/calendar-feed", { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRotateCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<z.input<typeof calendarFeedAnswer>>("/class_reservations/calendar-feed", {}),
    onSuccess: (data) => client.setQueryData(reservationKeys.calendarFeed, data),
  });
}
