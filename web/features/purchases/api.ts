import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { IvaRate } from "../../../domain/fiscal/iva";
import { api } from "../../lib/api-client";

export interface Purchase {
  purchase_id: number;
  class_package_id: number;
  title: string;
  status: string;
  status_text: string;
  total_payment: number;
  /** IVA included in the total (issue 20.5): the rate and the parts, in pesos. */
  iva_rate: IvaRate;
  subtotal: number;
  iva: number;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  subscription_id: string | null;
  subscription_interval: number | null;
  subscription_period: string | null;
  free_trial_length: number | null;
  free_trial_period: string | null;
  next_billing_date: string | null;
  next_charge: string | null;
  downloadable: { name: string; type: string } | null;
  file_url: string | null;
}

export interface Invoice {
  invoice_id: number;
  purchase_id: number;
  total_payment: number;
  status: string;
  createdAt: string;
  period_end: string | null;
  class_package: { class_package_id: number; title: string };
}

export function usePurchases() {
  return useQuery({
    queryKey: ["purchases"],
    queryFn: ({ signal }) => api.get<{ purchases: Purchase[] }>("/purchases", { signal }),
    select: (d) => d.purchases,
  });
}

export function useInvoices() {
  return useQuery({
    queryKey: ["invoices"],
    queryFn: ({ signal }) => api.get<{ invoices: Invoice[] }>("/invoices", { signal }),
    select: (d) => d.invoices,
  });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post<{ message: string }>(`/purchases/cancel/${id}`, { reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["purchases"] }),
  });
}

// ---------------------------------------------------------------------------------------------
// Failed renewals ("Actualiza tu tarjeta") and frozen memberships (issue 21.5)

export interface PaymentIssue {
  purchase_id: number;
  title: string;
  failures: number;
  amount: number;
  invoice_id: number | null;
  due_since: string | null;
  payable_here: boolean;
}

export interface SavedCardSummary {
  payment_source_id: number;
  brand: string;
  last4: string;
}

export function usePaymentIssues(enabled = true) {
  return useQuery({
    queryKey: ["purchases", "payment-issues"],
    queryFn: ({ signal }) => api.get<{ issues: PaymentIssue[] }>("/purchases/payment-issues", { signal }),
    select: (d) => d.issues,
    enabled,
    staleTime: 60_000,
  });
}

/** The customer's saved cards (Mis Métodos de Pago's own endpoint), to pay a failed charge with. */
export function useSavedCardsForPayment(enabled: boolean) {
  return useQuery({
    queryKey: ["purchases", "saved-cards"],
    queryFn: ({ signal }) => api.get<{ metodos_pago: SavedCardSummary[] }>("/metodosPago", { signal }),
    select: (d) => d.metodos_pago,
    enabled,
  });
}

export function usePayRenewal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { purchase_id: number; payment_source_id: number; idempotency_key: string }) =>
      api.post<{ message: string; paid: boolean }>(`/purchases/${input.purchase_id}/pay-renewal`, {
        payment_source_id: input.payment_source_id,
        idempotency_key: input.idempotency_key,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ["purchases"] });
      void client.invalidateQueries({ queryKey: ["invoices"] });
    },
  });
}

export interface Freeze {
  membership_freeze_id: number;
  purchase_id: number;
  from: string;
  to: string;
  starts_at: string;
  ends_at: string;
  days: number;
  fee: number;
}

export function useMyFreezes() {
  return useQuery({
    queryKey: ["purchases", "freezes"],
    queryFn: ({ signal }) =>
      api.get<{ freezes: Freeze[]; allowed: boolean; fee: number; max_days: number }>("/purchases/freezes", {
        signal,
      }),
  });
}

export function useFreezeOwn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { purchase_id: number; from: string; to: string; idempotency_key: string }) =>
      api.post<{ message: string }>(`/purchases/${input.purchase_id}/freeze`, {
        from: input.from,
        to: input.to,
        idempotency_key: input.idempotency_key,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ["purchases"] }),
  });
}
