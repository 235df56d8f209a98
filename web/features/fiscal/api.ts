import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  fiscalDataAnswer,
  fiscalDataDeletedAnswer,
  fiscalDataSavedAnswer,
} from "../../../domain/api/fiscal";
import type { FiscalDataInput } from "../../../domain/fiscal/fiscal-data";
import { api } from "../../lib/api-client";
import { fiscalKeys } from "./query-keys";

export type { FiscalData } from "../../../domain/api/fiscal";

export function useFiscalData() {
  return useQuery({
    queryKey: fiscalKeys.mine,
    queryFn: ({ signal }) => api.get<z.input<typeof fiscalDataAnswer>>("/fiscal-data", { signal }),
    select: (d) => d.fiscal_data,
  });
}

export function useSaveFiscalData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FiscalDataInput) =>
      api.put<z.input<typeof fiscalDataSavedAnswer>>("/fiscal-data", body),
    onSuccess: (d) => client.setQueryData(fiscalKeys.mine, d),
  });
}

export function useDeleteFiscalData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<z.input<typeof fiscalDataDeletedAnswer>>("/fiscal-data"),
    onSuccess: () => client.setQueryData(fiscalKeys.mine, { fiscal_data: null }),
  });
}
