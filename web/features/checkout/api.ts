import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { acceptedPagesAnswer, pendingPageOut } from "../../../domain/api/accepted-pages";
import type {
  cardAttemptAnswer,
  cardAttemptBody,
  cardConfirmAnswer,
  cashCheckoutAnswer,
  checkoutBody,
  offlineCheckoutAnswer,
  signupFeeAnswer,
  voucherAnswer,
  voucherSimulatedAnswer,
  walletCaptureAnswer,
  walletCheckoutAnswer,
} from "../../../domain/api/checkout";
import type { pagesAnswer } from "../../../domain/api/content";
import type { discountCheckAnswer } from "../../../domain/api/discounts";
import type {
  paymentMethodOut,
  paymentMethodsAnswer,
  savedCardsAnswer,
} from "../../../domain/api/payment-methods";
import type { purchaseDetailAnswer, purchasesAnswer } from "../../../domain/api/purchases";
import { api, isApiError } from "../../lib/api-client";
import { checkoutKeys } from "./query-keys";

export type { Voucher } from "../../../domain/api/checkout";
export type { SavedCard } from "../../../domain/api/payment-methods";
export type { PurchaseDetail } from "../../../domain/api/purchases";
/** A payment option of the checkout (GET /api/payment_methods). */
export type CheckoutOption = z.input<typeof paymentMethodOut>;
export type AttemptResponse = z.input<typeof cardAttemptAnswer>;

/** GET /api/discounts/code/:code: the code and what the package costs with it. */
export type DiscountCheck = z.input<typeof discountCheckAnswer>;
/** A required legal page the customer has not accepted yet. */
export type PendingPage = z.input<typeof pendingPageOut>;

export function useCheckoutOptions() {
  return useQuery({
    queryKey: checkoutKeys.paymentMethods,
    queryFn: ({ signal }) => api.get<z.input<typeof paymentMethodsAnswer>>("/payment_methods", { signal }),
    select: (d) => d.payment_methods,
  });
}

/** Required legal pages the customer has not accepted yet (accounts module). */
export function usePendingPages(enabled: boolean) {
  return useQuery({
    queryKey: checkoutKeys.acceptedPages,
    queryFn: ({ signal }) => api.get<z.input<typeof acceptedPagesAnswer>>("/accepted_pages", { signal }),
    select: (d) => d.pending,
    enabled,
  });
}

/** Pages whose acceptance the Pay button asks for (the legal checkbox). */
export function useRequiredPages() {
  return useQuery({
    queryKey: checkoutKeys.requiredPages,
    queryFn: ({ signal }) => api.get<z.input<typeof pagesAnswer>>("/pages", { signal }),
    select: (d) => d.pages.filter((p) => p.required),
  });
}

/**
 * Where the customer's sign-up fee stands (decision 0050): the server decides whether a checkout
 * adds it ('due') or leaves it out because another open order carries it ('carried', with the text).
 */
export function useSignupFee(enabled: boolean) {
  return useQuery({
    queryKey: checkoutKeys.signupFee,
    queryFn: ({ signal }) => api.get<z.input<typeof signupFeeAnswer>>("/checkout/signup-fee", { signal }),
    enabled,
  });
}

/** The customer's purchases (the thank-you page's next steps). */
export function useOwnPurchases(enabled: boolean) {
  return useQuery({
    queryKey: checkoutKeys.purchases,
    queryFn: ({ signal }) => api.get<z.input<typeof purchasesAnswer>>("/purchases", { signal }),
    select: (d) => d.purchases,
    enabled,
  });
}

export function usePurchase(id: number) {
  return useQuery({
    queryKey: checkoutKeys.purchase(id),
    queryFn: ({ signal }) => api.get<z.input<typeof purchaseDetailAnswer>>(`/purchases/${id}`, { signal }),
    select: (d) => d.purchase,
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export const checkDiscount = (code: string, classPackageId: number) =>
  api.get<DiscountCheck>(`/discounts/code/${encodeURIComponent(code)}`, {
    query: { class_package_id: classPackageId },
  });

/** What every checkout call sends (one idempotency key per attempt). */
/** A checkout's body; the web always sends its idempotency key in it (the header is for API clients). */
type CheckoutBody = z.input<typeof checkoutBody> & { idempotency_key: string };

export const startCardCheckout = (body: z.input<typeof cardAttemptBody> & { idempotency_key: string }) =>
  api.post<z.input<typeof cardAttemptAnswer>>("/checkout/attempt", body);

/** Wallet, step 1: an order (one-off) or a plan (subscription) to approve. */
export const startWalletCheckout = (body: CheckoutBody) =>
  api.post<z.input<typeof walletCheckoutAnswer>>("/checkout/paypal", body);

/** Wallet, step 2: the approved order or subscription is captured ('¡Pago exitoso!'). */
export const captureWalletCheckout = (body: { orderID?: string; subscriptionID?: string }) =>
  api.post<z.input<typeof walletCaptureAnswer>>("/checkout/capture", body);

/** The price a package is sold at before discounts: its sale price when lower. */
export const listedPrice = (pkg: { price: number; sale_price: number | null }) =>
  pkg.sale_price !== null && pkg.sale_price < pkg.price ? pkg.sale_price : pkg.price;

/** Confirms with the card field's token, or with a saved card (payment_source_id). */
export const confirmCardCheckout = (body: {
  purchase_id: number;
  client_secret: string;
  payment_method?: string;
  payment_source_id?: number;
  save_card?: boolean;
}) => api.post<z.input<typeof cardConfirmAnswer>>("/checkout/confirm", body);

/** The customer's saved cards (same cache as Mis Métodos de Pago). */
export function useSavedCards(enabled: boolean) {
  return useQuery({
    queryKey: checkoutKeys.savedCards,
    queryFn: ({ signal }) => api.get<z.input<typeof savedCardsAnswer>>("/metodosPago", { signal }),
    select: (d) => d.metodos_pago,
    enabled,
  });
}

export const cashCheckout = (body: CheckoutBody) =>
  api.post<z.input<typeof cashCheckoutAnswer>>("/checkout", body);

export const acceptPage = (pageId: number) => api.post("/accepted_pages", { page_id: pageId });

export { newIdempotencyKey } from "../../lib/idempotency-key";

/** OXXO or SPEI: a pending purchase and its voucher (or CLABE); credits come once it is paid. */
export const startOfflineCheckout = (body: CheckoutBody & { method: "oxxo" | "spei" }) =>
  api.post<z.input<typeof offlineCheckoutAnswer>>("/checkout/offline", body);

/** The voucher of one of the customer's purchases; null for a purchase paid otherwise. */
export function useVoucher(purchaseId: number, enabled: boolean) {
  return useQuery({
    queryKey: checkoutKeys.voucher(purchaseId),
    queryFn: async ({ signal }) => {
      try {
        return (await api.get<z.input<typeof voucherAnswer>>(`/checkout/offline/${purchaseId}`, { signal }))
          .voucher;
      } catch (e) {
        if (isApiError(e) && e.status === 404) return null;
        throw e;
      }
    },
    enabled: enabled && Number.isInteger(purchaseId) && purchaseId > 0,
    retry: false,
  });
}

/** Sandbox only: the store (or the bank) reports the payment, as Stripe's webhook would. */
export const simulateVoucherPayment = (purchaseId: number) =>
  api.post<z.input<typeof voucherSimulatedAnswer>>(`/payments/sandbox/vouchers/${purchaseId}/pay`, {});
