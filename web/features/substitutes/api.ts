import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { myClassesAnswer } from "../../../domain/api/staff";
import type {
  askedSubstituteAnswer,
  askSubstituteBody,
  substituteRequestsAnswer,
  substituteStepAnswer,
} from "../../../domain/api/substitutes";
import { api } from "../../lib/api-client";
import { substituteKeys } from "./query-keys";

/** Substitute requests (decision 0101): the list, asking, taking, approving. */

export type SubstituteRequests = z.input<typeof substituteRequestsAnswer>;
export type MyUpcomingClass = z.input<typeof myClassesAnswer>["classes"][number];

export function useSubstituteRequests() {
  return useQuery({
    queryKey: substituteKeys.list(),
    queryFn: ({ signal }) => api.get<SubstituteRequests>("/substitute-requests", { signal }),
  });
}

/** The coach's own classes of the next two weeks, to ask for a substitute for one. */
export function useMyUpcomingClasses(enabled: boolean) {
  return useQuery({
    queryKey: substituteKeys.myClasses(),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof myClassesAnswer>>("/staff/me/classes", { signal, query: { days: 14 } }),
    select: (d) => d.classes.filter((c) => !c.cancelled && new Date(c.class_date).getTime() > Date.now()),
    enabled,
  });
}

export function useAskSubstitute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof askSubstituteBody>) =>
      api.post<z.input<typeof askedSubstituteAnswer>>("/substitute-requests", body),
    onSuccess: () => client.invalidateQueries({ queryKey: substituteKeys.all }),
  });
}

export function useSubstituteStep() {
  const client = useQueryClient();
  return useMutation({
    // Each step's URL written out, so the role check can match every call to its route (decision 0070).
    mutationFn: ({ id, step }: { id: number; step: "take" | "cancel" | "approve" | "decline" }) => {
      type Answer = z.input<typeof substituteStepAnswer>;
      if (step === "take") return api.post<Answer>(`/substitute-requests/${id}/take`);
      if (step === "cancel") return api.post<Answer>(`/substitute-requests/${id}/cancel`);
      if (step === "approve") return api.post<Answer>(`/substitute-requests/${id}/approve`);
      return api.post<Answer>(`/substitute-requests/${id}/decline`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: substituteKeys.all }),
  });
}
