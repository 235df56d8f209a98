import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export interface Purchase {
  purchase_id: number;
  class_package_id: number;
  title: string;
  status: string;
  status_text: string;
  total_payment: number;
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
