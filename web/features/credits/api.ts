import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export interface CreditBucket {
  available_class_id: number;
  class_type_names: string[];
  allowed_times: string | null;
  available_classes: number;
  unlimited: boolean;
  expiration_date: string | null;
}

export function useMyCredits() {
  return useQuery({
    queryKey: ["available_classes", "active"],
    queryFn: ({ signal }) =>
      api.get<{
        available_classes: CreditBucket[];
        total: number;
        unlimited: boolean;
        unlimited_expiration: string | null;
      }>("/available_classes", { signal }),
  });
}
