import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReservationFilter, ReservationStatus } from "../../../domain/booking";
import { api } from "../../lib/api-client";

export interface Reservation {
  class_reservation_id: number;
  single_class_id: number;
  spot: string | null;
  guest: string | null;
  guest_spot: string | null;
  attend: boolean;
  class_stars: number | null;
  coach_stars: number | null;
  deletedAt: string | null;
  status: ReservationStatus;
  can_cancel: boolean;
  cancel_refunds: boolean;
  can_rate: boolean;
  single_class: {
    class_date: string;
    duration_minutes: number;
    class_type: {
      name: string;
      color: string | null;
      spot_map: string | null;
      custom_spot_map: {
        rows: number;
        columns: number;
        spots: Record<string, { label?: string; selectable?: boolean }>;
      } | null;
    };
    location: { location_id: number; name: string } | null;
    class_instructors: {
      instructor: { instructor_id: number; name: string; last_name: string | null; nick_name: string | null };
    }[];
  };
}

export const PAGE_SIZE = 50;

export function useReservations(filter: ReservationFilter, page: number) {
  return useQuery({
    queryKey: ["class_reservations", filter, page],
    queryFn: ({ signal }) =>
      api.get<{ reservations: Reservation[]; max: number; policy: string }>("/class_reservations", {
        query: { filter, page },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export interface CreditsSummary {
  total: number;
  unlimited: boolean;
  unlimited_expiration: string | null;
}

export function useCreditsSummary() {
  return useQuery({
    queryKey: ["available_classes", "active"],
    queryFn: ({ signal }) => api.get<CreditsSummary>("/available_classes", { signal }),
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["class_reservations"] }),
      client.invalidateQueries({ queryKey: ["available_classes"] }),
      client.invalidateQueries({ queryKey: ["single_class"] }),
    ]);
}

export function useCancelReservation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete<{ message: string; refunded: boolean }>(`/class_reservations/${id}`),
    onSettled: refresh,
  });
}

export interface RatingInput {
  class_reservation_id: number;
  class_stars: number;
  coach_stars: number | null;
  comment: string | null;
}

export function useRateReservation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: RatingInput) => api.post<{ message: string }>("/class_reservations/rating", input),
    onSettled: refresh,
  });
}

export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: ["calendar-feed"],
    queryFn: ({ signal }) => api.get<{ url: string }>("/class_reservations/calendar-feed", { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRotateCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ url: string }>("/class_reservations/calendar-feed", {}),
    onSuccess: (data) => client.setQueryData(["calendar-feed"], data),
  });
}
