import { useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { kioskCheckInAnswer, kioskStateAnswer } from "../../../domain/api/kiosk";
import type { messageAnswer } from "../../../domain/api/wire";
import { api, isApiError } from "../../lib/api-client";
import { kioskKeys } from "./query-keys";

export type KioskState = z.input<typeof kioskStateAnswer>;
export type KioskCheckIn = z.input<typeof kioskCheckInAnswer>;

/** This device's kiosk (GET /api/kiosk, its cookie); null when it is not open (401). */
export function useKioskState() {
  return useQuery({
    queryKey: kioskKeys.state,
    queryFn: async ({ signal }): Promise<KioskState | null> => {
      try {
        return await api.get<KioskState>("/kiosk", { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 401) return null;
        throw error;
      }
    },
    retry: false,
    // A kiosk runs all day: the settings (window, location) are read again every few minutes.
    refetchInterval: 5 * 60_000,
  });
}

export function useKioskCheckIn() {
  return useMutation({
    mutationFn: (input: { qr: string } | { phone: string }) =>
      api.post<KioskCheckIn>("/kiosk/check-in", input),
  });
}

export function useCloseKiosk() {
  return useMutation({
    mutationFn: (pin: string) => api.post<z.input<typeof messageAnswer>>("/kiosk/close", { pin }),
  });
}
