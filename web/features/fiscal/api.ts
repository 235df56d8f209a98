import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FiscalDataInput } from "../../../domain/fiscal/fiscal-data";
import { api } from "../../lib/api-client";

/** The signed-in customer's datos de facturación (server/modules/fiscal). */
export type FiscalData = {
  rfc: string;
  person: "fisica" | "moral";
  razon_social: string;
  regimen_fiscal: string;
  regimen_fiscal_text: string;
  codigo_postal: string;
  uso_cfdi: string;
  uso_cfdi_text: string;
  catalog_version: string;
  updatedAt: string;
};

const key = ["fiscal-data"] as const;

export function useFiscalData() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<{ fiscal_data: FiscalData | null }>("/fiscal-data", { signal }),
    select: (d) => d.fiscal_data,
  });
}

export function useSaveFiscalData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FiscalDataInput) => api.put<{ fiscal_data: FiscalData }>("/fiscal-data", body),
    onSuccess: (d) => client.setQueryData(key, d),
  });
}

export function useDeleteFiscalData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ deleted: boolean }>("/fiscal-data"),
    onSuccess: () => client.setQueryData(key, { fiscal_data: null }),
  });
}
