import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Aggregator } from "../../../domain/aggregators";
import type {
  aggregatorSavedAnswer,
  aggregatorSettingsBody,
  aggregatorSettingsList,
  classAggregatorSeatsAnswer,
  messageAnswer,
  reconciliationAnswer,
  unvalidatedVisitsAnswer,
} from "../../../domain/api/aggregators";
import { api } from "../../lib/api-client";
import { aggregatorKeys } from "./query-keys";

/** Wellhub and TotalPass in the back office (docs/product-rules.md#aggregators). */

export type AggregatorSettings = z.input<typeof aggregatorSettingsList>["aggregators"][number];
export type AggregatorSettingsInput = z.input<typeof aggregatorSettingsBody>;
export type AggregatorVisit = z.input<typeof classAggregatorSeatsAnswer>["bookings"][number];
export type UnvalidatedVisit = z.input<typeof unvalidatedVisitsAnswer>["visits"][number];
export type Reconciliation = z.input<typeof reconciliationAnswer>;

export function useAggregatorSettings(enabled = true) {
  return useQuery({
    queryKey: aggregatorKeys.settings(),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof aggregatorSettingsList>>("/admin/aggregators", { signal }),
    select: (d) => d.aggregators,
    enabled,
  });
}

export function useSaveAggregator(aggregator: Aggregator) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AggregatorSettingsInput) =>
      api.put<z.input<typeof aggregatorSavedAnswer>>(`/admin/aggregators/${aggregator}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: aggregatorKeys.settings() }),
  });
}

export function useUnvalidatedVisits(enabled = true) {
  return useQuery({
    queryKey: aggregatorKeys.visits(),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof unvalidatedVisitsAnswer>>("/admin/aggregators/visits", { signal }),
    select: (d) => d.visits,
    enabled,
    refetchInterval: 60_000,
  });
}

export function useRetryValidation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<z.input<typeof messageAnswer>>(`/admin/aggregators/visits/${id}/validate`),
    onSuccess: () => client.invalidateQueries({ queryKey: aggregatorKeys.all }),
  });
}

/**
 * The aggregators' marks of a class's seats. `rosterAt` is when the roster was last read: each
 * new read of it (a check-in, a booking) reads the marks again, so a seat checked in shows its
 * validation; while a visit is being validated (a job, seconds later) they are read every few
 * seconds (5) until it settles.
 */
export function useClassAggregatorSeats(classId: number, rosterAt: number) {
  return useQuery({
    queryKey: aggregatorKeys.classSeatsAt(classId, rosterAt),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof classAggregatorSeatsAnswer>>(`/admin/aggregators/classes/${classId}`, {
        signal,
      }),
    select: (d) => d.bookings,
    // Read once the roster is: the marks are drawn on its rows.
    enabled: rosterAt > 0,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.bookings.some((b) => b.validation === "pending") ? 5_000 : false,
  });
}

export function useReconciliation(month: string, enabled = true) {
  return useQuery({
    queryKey: aggregatorKeys.reconciliation(month),
    queryFn: ({ signal }) =>
      api.get<Reconciliation>("/admin/aggregators/reconciliation", { signal, query: { month } }),
    enabled,
  });
}
