import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/** A factura CFDI 4.0 or nota de crédito of the signed-in customer (issue 20.2, decision 0036). */
export interface Factura {
  cfdi_id: number;
  kind: "ingreso" | "egreso" | "global";
  status: "pending" | "valid" | "failed" | "cancelled";
  preview: boolean;
  purchase_id: number | null;
  uuid: string | null;
  total: number;
  error: string | null;
}

export const facturaUrl = (f: Pick<Factura, "cfdi_id">, format: "pdf" | "xml") =>
  `/api/facturas/${f.cfdi_id}/${format}`;

export function useMyFacturas() {
  return useQuery({
    queryKey: ["facturas"],
    queryFn: ({ signal }) => api.get<{ facturas: Factura[] }>("/facturas", { signal }),
    select: (d) => d.facturas,
  });
}

export function useRequestFactura() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (purchaseId: number) =>
      api.post<{ factura: Factura }>("/facturas", { purchase_id: purchaseId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["facturas"] }),
  });
}
