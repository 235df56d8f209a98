import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  cashCloseAnswer,
  cashCloseBody,
  cashCloseDoneAnswer,
  cashCloseHistoryAnswer,
} from "../../../domain/api/cash-close";
import { api } from "../../lib/api-client";
import { cashCloseKeys } from "./query-keys";

/** The cash close (corte de caja, decision 0063): a location's day, its close and the history. */

export type CashCloseDay = z.input<typeof cashCloseAnswer>;
export type CashCloseRecord = z.input<typeof cashCloseHistoryAnswer>["closes"][number];

export function useCashCloseDay(query: { location_id?: number; day?: string }) {
  return useQuery({
    queryKey: cashCloseKeys.day(query),
    queryFn: ({ signal }) => api.get<CashCloseDay>("/corte-de-caja", { signal, query }),
  });
}

export function useCashCloseHistory(locationId: number | undefined) {
  return useQuery({
    queryKey: cashCloseKeys.history(locationId),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof cashCloseHistoryAnswer>>("/corte-de-caja/historial", {
        signal,
        query: { location_id: locationId },
      }),
    select: (d) => d.closes,
    enabled: locationId !== undefined,
  });
}

export function useCloseDay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof cashCloseBody>) =>
      api.post<z.input<typeof cashCloseDoneAnswer>>("/corte-de-caja", input),
    onSuccess: () => client.invalidateQueries({ queryKey: cashCloseKeys.all }),
  });
}

export function useReopenClose() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post<z.input<typeof cashCloseDoneAnswer>>(`/corte-de-caja/${id}/reopen`, { reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: cashCloseKeys.all }),
  });
}
