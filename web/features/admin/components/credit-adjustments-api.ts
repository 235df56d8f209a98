import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { classTypeOut } from "../../../../domain/api/calendar";
import type { creditsAnswer, penaltiesAnswer } from "../../../../domain/api/credits";
import type { messageAnswer } from "../../../../domain/api/wire";
import { notifySuccess } from "../../../components/admin/notify";
import { api, isApiError } from "../../../lib/api-client";
import { adminKeys } from "../query-keys";

/**
 * The queries and changes behind the credits panel (decision 0020): each change goes through the
 * contract's resources (/api/available_classes, /api/class_reservation_penaltys), which audit it
 * with before and after.
 */

export type Message = z.input<typeof messageAnswer>;
/** The admin catalogue's class types, of which the form needs only the id and name. */
type ClassTypeOptions = Record<"class_types", Pick<z.input<typeof classTypeOut>, "class_type_id" | "name">[]>;

export function useCustomerBuckets(customerId: number) {
  return useQuery({
    queryKey: adminKeys.customerBuckets(customerId),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof creditsAnswer>>("/available_classes", {
        query: { customer_id: customerId },
        signal,
      }),
  });
}

export function useCustomerPenalties(customerId: number) {
  return useQuery({
    queryKey: adminKeys.customerPenalties(customerId),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof penaltiesAnswer>>("/class_reservation_penaltys", {
        query: { customer_id: customerId },
        signal,
      }),
  });
}

export function useClassTypeOptions() {
  return useQuery({
    queryKey: adminKeys.classTypeOptions,
    queryFn: ({ signal }) => api.get<ClassTypeOptions>("/admin/class_types", { signal }),
    select: (data) => data.class_types.map((c) => ({ value: String(c.class_type_id), label: c.name })),
    staleTime: 60_000,
  });
}

/** Every change refreshes the customer's whole page (its credit summary too) and the Bitácora. */
export function useCreditChange<I>(customerId: number, run: (input: I) => Promise<Message>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (res) => {
      notifySuccess(res.message);
      void client.invalidateQueries({ queryKey: adminKeys.customer(customerId) });
      void client.invalidateQueries({ queryKey: adminKeys.customers });
      void client.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}

/** Field errors the API sent (`fields`), to show next to each input. */
export function fieldErrors(error: unknown): Record<string, string> {
  return isApiError(error) && error.fields ? error.fields : {};
}
