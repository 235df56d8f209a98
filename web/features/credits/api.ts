import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { creditsAnswer } from "../../../domain/api/credits";
import { api } from "../../lib/api-client";
import { creditKeys } from "./query-keys";

export type { CreditBucket } from "../../../domain/api/credits";

export function useMyCredits() {
  return useQuery({
    queryKey: creditKeys.active,
    queryFn: ({ signal }) => api.get<z.input<typeof creditsAnswer>>("/available_classes", { signal }),
  });
}
