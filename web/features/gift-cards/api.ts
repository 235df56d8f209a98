import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  buyGiftCardBody,
  creditAdjustAnswer,
  creditAdjustBody,
  creditAnswer,
  deskGiftCardBody,
  deskRedeemAnswer,
  deskRedeemBody,
  giftCardBalanceAnswer,
  giftCardDetailAnswer,
  giftCardOut,
  giftCardRefundAnswer,
  giftCardSoldAnswer,
  giftCardsAnswer,
  movementOut,
  myBalancesAnswer,
  myReferralsAnswer,
} from "../../../domain/api/gift-cards";
import { api } from "../../lib/api-client";
import { giftCardKeys } from "./query-keys";

/** Gift cards, saldo a favor and referrals (decisions 0090-0092): the customer's and the desk's. */

export type GiftCard = z.input<typeof giftCardOut>;
export type Movement = z.input<typeof movementOut>;
export type GiftCardBalance = z.input<typeof giftCardBalanceAnswer>;
export type MyBalances = z.input<typeof myBalancesAnswer>;
export type MyReferrals = z.input<typeof myReferralsAnswer>;
export type GiftCardSold = z.input<typeof giftCardSoldAnswer>;

/** A customer buys a card online with their card's token (POST /api/gift-cards). */
export function useBuyGiftCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof buyGiftCardBody>) => api.post<GiftCardSold>("/gift-cards", body),
    onSuccess: () => client.invalidateQueries({ queryKey: giftCardKeys.mine() }),
  });
}

/** A code's balance and expiry (GET /api/gift-cards/balance): asked on demand, never cached. */
export function useCheckBalance() {
  return useMutation({
    mutationFn: (code: string) => api.get<GiftCardBalance>("/gift-cards/balance", { query: { code } }),
  });
}

export function useMyBalances() {
  return useQuery({
    queryKey: giftCardKeys.mine(),
    queryFn: ({ signal }) => api.get<MyBalances>("/gift-cards/me", { signal }),
  });
}

export function useMyReferrals() {
  return useQuery({
    queryKey: giftCardKeys.referrals(),
    queryFn: ({ signal }) => api.get<MyReferrals>("/referidos/me", { signal }),
  });
}

export function useAdminGiftCards(q: string, page: number) {
  return useQuery({
    queryKey: giftCardKeys.admin(q, page),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof giftCardsAnswer>>("/gift-cards/admin", {
        query: { ...(q ? { q } : {}), page },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useGiftCardDetail(id: number | null) {
  return useQuery({
    queryKey: giftCardKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof giftCardDetailAnswer>>(`/gift-cards/admin/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useRefundGiftCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; reason?: string }) =>
      api.post<z.input<typeof giftCardRefundAnswer>>(`/gift-cards/admin/${input.id}/refund`, {
        ...(input.reason ? { reason: input.reason } : {}),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: giftCardKeys.all }),
  });
}

/** The desk takes part of a card's balance at the counter (POST /api/gift-cards/admin/redeem). */
export function useRedeemGiftCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof deskRedeemBody>) =>
      api.post<z.input<typeof deskRedeemAnswer>>("/gift-cards/admin/redeem", body),
    onSuccess: () => client.invalidateQueries({ queryKey: giftCardKeys.all }),
  });
}

export function useCustomerCredit(customerId: number) {
  return useQuery({
    queryKey: giftCardKeys.credit(customerId),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof creditAnswer>>(`/gift-cards/admin/customers/${customerId}/credit`, { signal }),
  });
}

export function useAdjustCredit(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof creditAdjustBody>) =>
      api.post<z.input<typeof creditAdjustAnswer>>(`/gift-cards/admin/customers/${customerId}/credit`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: giftCardKeys.credit(customerId) }),
  });
}

/** The desk sells a card at the counter (POST /api/gift-cards/admin): the code comes back once. */
export function useSellGiftCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof deskGiftCardBody>) => api.post<GiftCardSold>("/gift-cards/admin", body),
    onSuccess: () => client.invalidateQueries({ queryKey: giftCardKeys.all }),
  });
}
