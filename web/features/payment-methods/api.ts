import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  cardSetupAnswer,
  saveCardBody,
  savedCardAnswer,
  savedCardsAnswer,
} from "../../../domain/api/payment-methods";
import type { messageAnswer } from "../../../domain/api/wire";
import { api } from "../../lib/api-client";
import { paymentMethodKeys } from "./query-keys";

export type { SavedCard } from "../../../domain/api/payment-methods";

export function useSavedCards() {
  return useQuery({
    queryKey: paymentMethodKeys.savedCards,
    queryFn: ({ signal }) => api.get<z.input<typeof savedCardsAnswer>>("/metodosPago", { signal }),
    select: (d) => d.metodos_pago,
  });
}

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<z.input<typeof messageAnswer>>(`/metodosPago/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.savedCards }),
  });
}

/** Agregar with the sandbox: the card field's token (never the number) is kept. */
export function useAddCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<z.input<typeof saveCardBody>, "saveCard">) =>
      api.post<z.input<typeof savedCardAnswer>>("/metodosPago", { ...body, saveCard: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.savedCards }),
  });
}

/** Agregar with Stripe: its setup page, from which the browser comes back with ?setup={id}. */
export const startCardSetup = (idempotencyKey: string) =>
  api.post<z.input<typeof cardSetupAnswer>>("/metodosPago/setup", { idempotency_key: idempotencyKey });

export function useFinishCardSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setupId: string) =>
      api.post<z.input<typeof savedCardAnswer>>("/metodosPago/setup/complete", { setup_id: setupId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.savedCards }),
  });
}
