import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { paymentProvidersAnswer } from "../../domain/api/checkout";
import { api } from "./api-client";
import { libKeys } from "./query-keys";

export type PaymentProviders = z.input<typeof paymentProvidersAnswer>;

/**
 * Which processor plays the card and the wallet (GET /api/checkout/providers). Checkout picks its
 * card field and wallet button by it, Mis Métodos de Pago how Agregar saves a card: the sandbox
 * tokenises in the page, Stripe through its own setup page (decision 0017).
 */
export function usePaymentProviders() {
  return useQuery({
    queryKey: libKeys.paymentProviders,
    queryFn: ({ signal }) => api.get<PaymentProviders>("/checkout/providers", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
