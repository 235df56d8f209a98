import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  deskFacturaBody,
  facturaCancelAnswer,
  facturaCancelBody,
  facturacionSettingsAnswer,
  facturasListAnswer,
  globalPurchasesAnswer,
  invoiceableAnswer,
} from "../../../domain/api/facturas";
import type { facturaAnswer } from "../../../domain/api/fiscal";
import { api } from "../../lib/api-client";
import { appConfigQueryKey } from "../../lib/app-config";
import { facturaKeys } from "./query-keys";

/** The back office's facturas (docs/decisions/0058): list, desk issue, cancel, retry, global. */

export type FacturaRow = z.input<typeof facturasListAnswer>["facturas"][number];
export type FacturaFilters = { status?: string; kind?: string; from?: string; to?: string; q?: string };

export function useFacturas(filters: FacturaFilters) {
  return useQuery({
    queryKey: facturaKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof facturasListAnswer>>("/facturas/admin", { signal, query: filters }),
    select: (d) => d.facturas,
    placeholderData: keepPreviousData,
  });
}

export function useInvoiceable(q: string) {
  return useQuery({
    queryKey: facturaKeys.invoiceable(q),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof invoiceableAnswer>>("/facturas/admin/invoiceable", { signal, query: { q } }),
    select: (d) => d.purchases,
    enabled: q.trim().length >= 2,
  });
}

/** Every mutation refreshes the list (and the desk's search): a failure has a new reason too. */
function useFacturaMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: facturaKeys.all }),
  });
}

export const useDeskFactura = () =>
  useFacturaMutation((body: z.input<typeof deskFacturaBody>) =>
    api.post<z.input<typeof facturaAnswer>>("/facturas/admin", body),
  );

export const useCancelFactura = () =>
  useFacturaMutation(({ id, ...body }: z.input<typeof facturaCancelBody> & { id: number }) =>
    api.post<z.input<typeof facturaCancelAnswer>>(`/facturas/admin/${id}/cancel`, body),
  );

export const useRetryFactura = () =>
  useFacturaMutation((id: number) => api.post<z.input<typeof facturaAnswer>>(`/facturas/admin/${id}/retry`));

/** Asks SAT now about a cancellation waiting for the receiver (docs/decisions/0072). */
export const useCheckCancellation = () =>
  useFacturaMutation((id: number) =>
    api.post<z.input<typeof facturaCancelAnswer>>(`/facturas/admin/${id}/cancellation-status`),
  );

export const useIssueGlobal = () =>
  useFacturaMutation((period: string) =>
    api.post<z.input<typeof facturaAnswer>>("/facturas/admin/global", { period }),
  );

/** The PDF or XML of any factura (the session cookie authenticates the link). */
export const facturaDocUrl = (cfdiId: number, format: "pdf" | "xml") =>
  `/api/facturas/admin/${cfdiId}/${format}`;

export type FacturacionSettings = z.input<typeof facturacionSettingsAnswer>;

/** The settings tab: the PAC's state and the studio's keys (owner and manager). */
export function useFacturacionSettings(enabled: boolean) {
  return useQuery({
    queryKey: facturaKeys.settings,
    queryFn: ({ signal }) => api.get<FacturacionSettings>("/facturas/admin/settings", { signal }),
    enabled,
  });
}

/** Saves the studio's factura keys (app config) and reloads the tab and the config. */
export function useSaveFacturacionKeys() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, string | number>) =>
      api.put<{ message: string }>(
        "/appconfig",
        Object.entries(values).map(([key, value]) => ({ key, value })),
      ),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: appConfigQueryKey });
      await client.invalidateQueries({ queryKey: facturaKeys.all });
    },
  });
}

/** The purchases a factura global covers. */
export function useGlobalPurchases(cfdiId: number | null) {
  return useQuery({
    queryKey: facturaKeys.globalPurchases(cfdiId),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof globalPurchasesAnswer>>(`/facturas/admin/${cfdiId}/purchases`, { signal }),
    select: (d) => d.purchases,
    enabled: cfdiId !== null,
  });
}
