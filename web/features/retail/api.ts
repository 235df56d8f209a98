import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  lowStockAnswer,
  productBody,
  productOut,
  productSavedAnswer,
  productsAnswer,
  refundBody,
  refundDoneAnswer,
  saleBody,
  saleDoneAnswer,
  saleOut,
  salesAnswer,
  salesQuery,
  stockMoveBody,
  stockMovedAnswer,
  variantIn,
  variantOut,
  variantUpdateBody,
} from "../../../domain/api/retail";
import { api } from "../../lib/api-client";
import { retailKeys } from "./query-keys";

/** Retail at the counter (decision 0094): the catalogue, its stock, the low-stock list and the sale. */

export type Product = z.input<typeof productOut>;
export type Variant = z.input<typeof variantOut>;
export type LowStockItem = z.input<typeof lowStockAnswer>["items"][number];
export type Sale = z.input<typeof saleOut>;
/** The sales list's filters: a location (none: all) and two studio days, both included. */
export type SalesFilter = Required<Pick<z.input<typeof salesQuery>, "from" | "to">> &
  Pick<z.output<typeof salesQuery>, "location_id">;

export function useProducts() {
  return useQuery({
    queryKey: retailKeys.products(),
    queryFn: ({ signal }) => api.get<z.input<typeof productsAnswer>>("/retail/products", { signal }),
    select: (d) => d.products,
  });
}

export function useLowStock() {
  return useQuery({
    queryKey: retailKeys.lowStock(),
    queryFn: ({ signal }) => api.get<z.input<typeof lowStockAnswer>>("/retail/low-stock", { signal }),
    select: (d) => d.items,
  });
}

/** Every change of the catalogue or its stock refreshes both lists. */
function useRetailMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: retailKeys.all }),
  });
}

type Saved = z.input<typeof productSavedAnswer>;

export function useCreateProduct() {
  return useRetailMutation((body: z.input<typeof productBody>) => api.post<Saved>("/retail/products", body));
}

export function useAddVariant() {
  return useRetailMutation((input: { productId: number; variant: z.input<typeof variantIn> }) =>
    api.post<Saved>(`/retail/products/${input.productId}/variants`, input.variant),
  );
}

export function useEditVariant() {
  return useRetailMutation((input: { variantId: number; body: z.input<typeof variantUpdateBody> }) =>
    api.put<Saved>(`/retail/variants/${input.variantId}`, input.body),
  );
}

export function useMoveStock() {
  return useRetailMutation((body: z.input<typeof stockMoveBody>) =>
    api.post<z.input<typeof stockMovedAnswer>>("/retail/stock", body),
  );
}

/** A sale refreshes retail and, when saldo a favor paid, the customer's saldo: every query. */
export function useSell() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof saleBody>) =>
      api.post<z.input<typeof saleDoneAnswer>>("/retail/sales", body),
    onSuccess: () => client.invalidateQueries(),
  });
}

/** The sales list (decision 0127): the latest 200 of the period, newest first. */
export function useSales(filter: SalesFilter) {
  return useQuery({
    queryKey: retailKeys.sales(filter),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof salesAnswer>>("/retail/sales", {
        signal,
        query: {
          limit: 200,
          from: filter.from,
          to: filter.to,
          ...(filter.location_id ? { location_id: filter.location_id } : {}),
        },
      }),
    select: (d) => d.sales,
  });
}

/** Units brought back: money, stock and balances (decision 0127); refreshes the lists and the saldo. */
export function useRefundSale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { saleId: number; body: z.input<typeof refundBody> }) =>
      api.post<z.input<typeof refundDoneAnswer>>(`/retail/sales/${input.saleId}/refund`, input.body),
    onSuccess: () => client.invalidateQueries(),
  });
}
