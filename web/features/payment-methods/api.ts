import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export interface SavedCard {
  payment_source_id: number;
  provider: string;
  card_type: string | null;
  last_digits: string | null;
  exp_month: number | null;
  exp_year: number | null;
}

export function useSavedCards() {
  return useQuery({
    queryKey: ["metodosPago"],
    queryFn: ({ signal }) => api.get<{ metodos_pago: SavedCard[] }>("/metodosPago", { signal }),
    select: (d) => d.metodos_pago,
  });
}

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/metodosPago/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["metodosPago"] }),
  });
}

/** Agregar with the sandbox: the card field's token (never the number) is kept. */
export function useAddCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token_id: string; card_type: string; last_digits: string }) =>
      api.post<{ message: string }>("/metodosPago", { ...body, saveCard: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["metodosPago"] }),
  });
}

/** Agregar with Stripe: its setup page, from which the browser comes back with ?setup={id}. */
export const startCardSetup = (idempotencyKey: string) =>
  api.post<{ id: string; url: string }>("/metodosPago/setup", { idempotency_key: idempotencyKey });

export function useFinishCardSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setupId: string) =>
      api.post<{ message: string }>("/metodosPago/setup/complete", { setup_id: setupId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["metodosPago"] }),
  });
}
