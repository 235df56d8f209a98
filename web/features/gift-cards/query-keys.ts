/** Query keys of gift cards, saldo a favor and referrals, from one factory (docs/decisions/0133); values unchanged. */
export const giftCardKeys = {
  all: ["gift-cards"] as const,
  mine: () => [...giftCardKeys.all, "mine"] as const,
  referrals: () => [...giftCardKeys.all, "referrals"] as const,
  admin: (q: string, page: number) => [...giftCardKeys.all, "admin", q, page] as const,
  detail: (id: number) => [...giftCardKeys.all, "detail", id] as const,
  credit: (customerId: number) => [...giftCardKeys.all, "credit", customerId] as const,
};
