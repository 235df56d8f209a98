import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  lowStockAnswer,
  productBody,
  productOut,
  productSavedAnswer,
  productsAnswer,
  saleBody,
  saleDoneAnswer,
  stockMoveBody,
  stockMovedAnswer,
  variantIn,
  variantOut,
  variantUpdateBody,
} from "../../../domain/api/retail";
import { api } from "../../lib/api-client";

/** Retail at the counter (decision 0094): the catalogue, its stock, the low-stock list and the sale. */

export type Product = z.input<typeof productOut>;
export type Variant = z.input<typeof variantOut>;
export type LowStockItem = z.input<typeof lowStockAnswer>["items"][number];

export const retailKeys = {
  all: ["retail"] as const,
  products: () => [...retailKeys.all, "products"] as const,
  lowStock: () => [...retailKeys.all, "low-stock"] as const,
};

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

export function useSell() {
  return useRetailMutation((body: z.input<typeof saleBody>) =>
    api.post<z.input<typeof saleDoneAnswer>>("/retail/sales", body),
  );
}
