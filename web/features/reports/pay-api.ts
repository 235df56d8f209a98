import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  coachPayAnswer,
  coachPayApprovedAnswer,
  coachPayRateAnswer,
  coachPayRateBody,
  coachPayRatesAnswer,
  coachRateChangeAnswer,
  coachRateChangeBody,
  coachRateHistoryAnswer,
  myPayAnswer,
} from "../../../domain/api/coach-pay";
import { api } from "../../lib/api-client";
import { reportKeys } from "./query-keys";

/** Coach pay (server/modules/coach-pay, decision 0079). */

export type CoachPay = z.input<typeof coachPayAnswer>;
export type CoachPayCoach = CoachPay["coaches"][number];
export type CoachRate = z.input<typeof coachPayRatesAnswer>["rates"][number];
export type Period = { from: string; to: string };

export function useCoachPay(period: Period) {
  return useQuery({
    queryKey: reportKeys.pay.period(period),
    queryFn: ({ signal }) => api.get<CoachPay>("/nomina", { signal, query: period }),
    placeholderData: keepPreviousData,
  });
}

export function useCoachRates() {
  return useQuery({
    queryKey: reportKeys.pay.rates,
    queryFn: ({ signal }) => api.get<z.input<typeof coachPayRatesAnswer>>("/nomina/tarifas", { signal }),
    select: (d) => d.rates,
  });
}

export function useSaveRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof coachPayRateBody>) =>
      api.put<z.input<typeof coachPayRateAnswer>>("/nomina/tarifas", body),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.pay.all }),
  });
}

export function useApprovePay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { instructor_id: number } & Period) =>
      api.post<z.input<typeof coachPayApprovedAnswer>>("/nomina/aprobar", body),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.pay.all }),
  });
}

export function useMyPay(period: Period, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.pay.mine(period),
    queryFn: ({ signal }) => api.get<z.input<typeof myPayAnswer>>("/staff/me/pay", { signal, query: period }),
    enabled,
  });
}

/** A coach's rates by date (docs/product-rules.md#coach-rate-history). */
export function useRateHistory(instructorId: number) {
  return useQuery({
    queryKey: reportKeys.pay.history(instructorId),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof coachRateHistoryAnswer>>(`/nomina/tarifas/${instructorId}/historial`, {
        signal,
      }),
    select: (d) => d.history,
  });
}

export function useAddRateFrom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof coachRateChangeBody>) =>
      api.post<z.input<typeof coachRateChangeAnswer>>("/nomina/tarifas/historial", body),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.pay.all }),
  });
}

/** Deletes a coach's rate from a date (decision 0130); refused when an approved period would change. */
export function useRemoveRateFrom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { instructor_id: number; from: string }) =>
      api.delete<z.input<typeof coachRateChangeAnswer>>(
        `/nomina/tarifas/${body.instructor_id}/historial/${body.from}`,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.pay.all }),
  });
}
