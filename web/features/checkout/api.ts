import { useQuery } from "@tanstack/react-query";
import { api, isApiError } from "../../lib/api-client";

export interface CheckoutOption {
  payment_method_id: number;
  name: string;
  description: string | null;
  instructions: string | null;
  provider: "card" | "cash" | "paypal";
  bank: {
    bank?: string;
    card?: string;
    account_number?: string;
    clabe?: string;
    beneficiary?: string;
  } | null;
}

export interface DiscountCheck {
  discount: {
    discount_id: number;
    code: string;
    amount: number;
    is_percent: boolean;
    first_invoice_only: boolean;
  };
  totals: { amount: number; discount_total: number; total: number };
}

export interface AttemptResponse {
  purchase_id: number;
  payment_id: number;
  total: number;
  clientSecret?: string;
  session?: { id: string; url: string };
  completed: boolean;
}

export interface PendingPage {
  page_id: number;
  title: string;
  slug: string;
  content: string | null;
}

export interface PurchaseDetail {
  purchase_id: number;
  class_package_id: number;
  title: string;
  status: string;
  status_text: string;
  amount: number;
  discount_total: number;
  total_payment: number;
  provider: string;
  next_charge: string | null;
  expiration_date: string | null;
  createdAt: string;
  email: string;
  class_package: {
    title: string;
    image: string | null;
    short_description: string | null;
    is_online: boolean;
    is_unlimited_membership: boolean;
    downloadable: { name: string; type: string } | null;
    file_url: string | null;
  };
  payment_method: CheckoutOption | null;
  /** Paid in the same payment (the sign-up fee bought with the package). */
  paid_with: { purchase_id: number; title: string; total_payment: number }[];
  credits: {
    available_class_id: number;
    class_type_id: number | null;
    available_classes: number;
    expiration_date: string | null;
  }[];
}

export function useCheckoutOptions() {
  return useQuery({
    queryKey: ["checkout", "payment_methods"],
    queryFn: ({ signal }) => api.get<{ payment_methods: CheckoutOption[] }>("/payment_methods", { signal }),
    select: (d) => d.payment_methods,
  });
}

/** Required legal pages the customer has not accepted yet (accounts module). */
export function usePendingPages(enabled: boolean) {
  return useQuery({
    queryKey: ["checkout", "accepted_pages"],
    queryFn: ({ signal }) => api.get<{ pending: PendingPage[] }>("/accepted_pages", { signal }),
    select: (d) => d.pending,
    enabled,
  });
}

/** Pages whose acceptance the Pay button asks for (the legal checkbox). */
export function useRequiredPages() {
  return useQuery({
    queryKey: ["checkout", "required_pages"],
    queryFn: ({ signal }) =>
      api.get<{ pages: { page_id: number; title: string; slug: string; required: boolean }[] }>("/pages", {
        signal,
      }),
    select: (d) => d.pages.filter((p) => p.required),
  });
}

/** Whether the customer already paid the sign-up fee package. */
export function useOwnPurchases(enabled: boolean) {
  return useQuery({
    queryKey: ["purchases"],
    queryFn: ({ signal }) =>
      api.get<{ purchases: { class_package_id: number; status: string }[] }>("/purchases", { signal }),
    select: (d) => d.purchases,
    enabled,
  });
}

export function usePurchase(id: number) {
  return useQuery({
    queryKey: ["purchases", id],
    queryFn: ({ signal }) => api.get<{ purchase: PurchaseDetail }>(`/purchases/${id}`, { signal }),
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
interface CheckoutBody {
  class_package_id: number;
  discountCode?: string | null;
  idempotency_key: string;
  payment_method_id?: number;
  /** The pending sign-up fee is paid in this same payment (decision 0017). */
  include_signup_fee?: boolean;
}

export const startCardCheckout = (
  body: CheckoutBody & {
    /** "session": pay on the processor's hosted page (the answer carries session.url). */
    mode?: "card" | "session";
    /** The hosted page returns to /gracias/{id}?paquete={then_package_id}. */
    then_package_id?: number;
  },
) => api.post<AttemptResponse>("/checkout/attempt", body);

/** Wallet, step 1: an order (one-off) or a plan (subscription) to approve. */
export const startWalletCheckout = (body: CheckoutBody) =>
  api.post<{ purchase_id: number; total: number; orderID?: string; plan_id?: string }>(
    "/checkout/paypal",
    body,
  );

/** Wallet, step 2: the approved order or subscription is captured ('¡Pago exitoso!'). */
export const captureWalletCheckout = (body: { orderID?: string; subscriptionID?: string }) =>
  api.post<{ purchase_id: number; message: string }>("/checkout/capture", body);

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
}) => api.post<{ purchase_id: number; message: string }>("/checkout/confirm", body);

export interface SavedCard {
  payment_source_id: number;
  provider: string;
  card_type: string | null;
  last_digits: string | null;
  exp_month: number | null;
  exp_year: number | null;
}

/** The customer's saved cards (same cache as Mis Métodos de Pago). */
export function useSavedCards(enabled: boolean) {
  return useQuery({
    queryKey: ["metodosPago"],
    queryFn: ({ signal }) => api.get<{ metodos_pago: SavedCard[] }>("/metodosPago", { signal }),
    select: (d) => d.metodos_pago,
    enabled,
  });
}

export const cashCheckout = (body: CheckoutBody) =>
  api.post<{ purchase_id: number; payment_id: number; completed: boolean }>("/checkout", body);

export const acceptPage = (pageId: number) => api.post("/accepted_pages", { page_id: pageId });

export { newIdempotencyKey } from "../../lib/idempotency-key";

/** An OXXO voucher or SPEI transfer's details (issue 20.3). */
export interface Voucher {
  purchase_id: number;
  method: "oxxo" | "spei";
  status: "pending" | "paid" | "expired";
  amount: number;
  reference: string;
  expires_at: string | null;
  hosted_url: string | null;
  clabe: string | null;
  bank_name: string | null;
  /** Made by the sandbox: the page offers 'Simular pago'. */
  sandbox: boolean;
}

/** OXXO or SPEI: a pending purchase and its voucher (or CLABE); credits come once it is paid. */
export const startOfflineCheckout = (body: CheckoutBody & { method: "oxxo" | "spei" }) =>
  api.post<{ purchase_id: number; total: number; completed: boolean; voucher?: Voucher }>(
    "/checkout/offline",
    body,
  );

/** The voucher of one of the customer's purchases; null for a purchase paid otherwise. */
export function useVoucher(purchaseId: number, enabled: boolean) {
  return useQuery({
    queryKey: ["purchases", purchaseId, "voucher"],
    queryFn: async ({ signal }) => {
      try {
        return (await api.get<{ voucher: Voucher }>(`/checkout/offline/${purchaseId}`, { signal })).voucher;
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
  api.post<{ result: string; voucher: Voucher }>(`/payments/sandbox/vouchers/${purchaseId}/pay`, {});
