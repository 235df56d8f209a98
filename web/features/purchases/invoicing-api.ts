import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Factura, facturaAnswer, facturaRequestBody, facturasAnswer } from "../../../domain/api/fiscal";
import { api } from "../../lib/api-client";
import { purchaseKeys } from "./query-keys";

/** A factura CFDI 4.0 or nota de crédito of the signed-in customer (decision 0036). */
export type { Factura } from "../../../domain/api/fiscal";

export const facturaUrl = (f: Pick<Factura, "cfdi_id">, format: "pdf" | "xml") =>
  `/api/facturas/${f.cfdi_id}/${format}`;

export function useMyFacturas() {
  return useQuery({
    queryKey: purchaseKeys.facturas,
    queryFn: ({ signal }) => api.get<z.input<typeof facturasAnswer>>("/facturas", { signal }),
    select: (d) => d.facturas,
  });
}

export function useRequestFactura() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (purchaseId: number) => {
      const body: z.input<typeof facturaRequestBody> = { purchase_id: purchaseId };
      return api.post<z.input<typeof facturaAnswer>>("/facturas", body);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchaseKeys.facturas }),
  });
}
