import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export interface SavedCard {
  payment_source_id: number;
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
