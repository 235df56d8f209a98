import { notifications } from "@mantine/notifications";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { openKioskAnswer } from "../../../domain/api/kiosk";
import type { todayAnswer } from "../../../domain/api/today";
import { api, isApiError } from "../../lib/api-client";
import { frontDeskKeys } from "./query-keys";

export type Today = z.input<typeof todayAnswer>;
export type TodayClass = Today["classes"][number];

/** Hoy's classes (GET /api/admin/hoy), refreshed every minute so "next" and the counts stay current. */
export function useToday(day: string | null, locationId: number | null) {
  return useQuery({
    queryKey: frontDeskKeys.today(day, locationId),
    queryFn: ({ signal }) =>
      api.get<Today>("/admin/hoy", {
        query: { ...(day ? { day } : {}), ...(locationId ? { location_id: locationId } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** Opens the kiosk on this device (POST /api/admin/kiosk): the answer sets the device cookie. */
export function useOpenKiosk() {
  return useMutation({
    mutationFn: (input: { pin: string; location_id: number | null }) =>
      api.post<z.input<typeof openKioskAnswer>>("/admin/kiosk", input),
    onError: (error) =>
      notifications.show({
        color: "red",
        message: isApiError(error) ? error.message : "No pudimos abrir el modo quiosco. Inténtalo de nuevo.",
        autoClose: 5000,
      }),
  });
}
