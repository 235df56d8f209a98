import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { savedCardsAnswer } from "../../../domain/api/payment-methods";
import type {
  cancelSubscriptionAnswer,
  freezeAnswer,
  freezeBody,
  invoicesAnswer,
  myFreezesAnswer,
  paymentIssuesAnswer,
  payRenewalAnswer,
  purchasesAnswer,
  renewalVoucherAnswer,
  renewalVoucherSimulatedAnswer,
} from "../../../domain/api/purchases";
import { api } from "../../lib/api-client";
import { purchaseKeys } from "./query-keys";

export type { Freeze, Invoice, PaymentIssue, Purchase, RenewalVoucher } from "../../../domain/api/purchases";

export function usePurchases() {
  return useQuery({
    queryKey: purchaseKeys.all,
    queryFn: ({ signal }) => api.get<z.input<typeof purchasesAnswer>>("/purchases", { signal }),
    select: (d) => d.purchases,
  });
}

export function useInvoices() {
  return useQuery({
    queryKey: purchaseKeys.invoices,
    queryFn: ({ signal }) => api.get<z.input<typeof invoicesAnswer>>("/invoices", { signal }),
    select: (d) => d.invoices,
  });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post<z.input<typeof cancelSubscriptionAnswer>>(`/purchases/cancel/${id}`, { reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
  });
}

// ---------------------------------------------------------------------------------------------
// Failed renewals ("Actualiza tu tarjeta") and frozen memberships (decision 0027)

export function usePaymentIssues(enabled = true) {
  return useQuery({
    queryKey: purchaseKeys.paymentIssues,
    queryFn: ({ signal }) =>
      api.get<z.input<typeof paymentIssuesAnswer>>("/purchases/payment-issues", { signal }),
    select: (d) => d.issues,
    enabled,
    staleTime: 60_000,
  });
}

/** The customer's saved cards (Mis Métodos de Pago's own endpoint), to pay a failed charge with. */
export function useSavedCardsForPayment(enabled: boolean) {
  return useQuery({
    queryKey: purchaseKeys.savedCards,
    queryFn: ({ signal }) => api.get<z.input<typeof savedCardsAnswer>>("/metodosPago", { signal }),
    select: (d) => d.metodos_pago,
    enabled,
  });
}

export function usePayRenewal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { purchase_id: number; payment_source_id: number; idempotency_key: string }) =>
      api.post<z.input<typeof payRenewalAnswer>>(`/purchases/${input.purchase_id}/pay-renewal`, {
        payment_source_id: input.payment_source_id,
        idempotency_key: input.idempotency_key,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: purchaseKeys.all });
      void client.invalidateQueries({ queryKey: purchaseKeys.invoices });
    },
  });
}

/** An OXXO voucher or SPEI transfer for the failed period (decision 0134); the banner then shows it. */
export function useRenewalVoucher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { purchase_id: number; method: "oxxo" | "spei"; idempotency_key: string }) =>
      api.post<z.input<typeof renewalVoucherAnswer>>(`/purchases/${input.purchase_id}/renewal-voucher`, {
        method: input.method,
        idempotency_key: input.idempotency_key,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: purchaseKeys.paymentIssues }),
  });
}

/** The sandbox's "paid at the store" for a renewal voucher (its caller refreshes every query). */
export const simulateRenewalVoucherPayment = (voucherId: number) =>
  api.post<z.input<typeof renewalVoucherSimulatedAnswer>>(
    `/payments/sandbox/renewal-vouchers/${voucherId}/pay`,
    {},
  );

export function useMyFreezes() {
  return useQuery({
    queryKey: purchaseKeys.freezes,
    queryFn: ({ signal }) => api.get<z.input<typeof myFreezesAnswer>>("/purchases/freezes", { signal }),
  });
}

export function useFreezeOwn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { purchase_id: number } & z.input<typeof freezeBody>) =>
      api.post<z.input<typeof freezeAnswer>>(`/purchases/${input.purchase_id}/freeze`, {
        from: input.from,
        to: input.to,
        idempotency_key: input.idempotency_key,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: purchaseKeys.all }),
  });
}
