import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { IvaRate } from "../../../domain/fiscal/iva";
import type { TableState } from "../../components/admin/admin-table";
import { api, type Query } from "../../lib/api-client";

/**
 * The admin lists' API (server/modules/admin-lists): every list answers one page
 * `{ rows, total, page, pageSize }` for page/pageSize/sort/order/query and its filters.
 */

export type ListPage<R> = { rows: R[]; total: number; page: number; pageSize: number };
export type Totals = {
  count: number;
  total_payment: number;
  by_status: { status: string; count: number; total_payment: number }[];
};
export type ListPath = "classes" | "reservations" | "purchases" | "invoices" | "waitlists";

/** The API's largest page: the CSV export walks the list in pages of this size. */
const EXPORT_PAGE_SIZE = 100;

type Customer = { customer_id: number; customer_name: string; customer_email: string };

/** A class with coaches and counts (the columns the dashboard's classes of today share on the server). */
export interface ClassRow {
  single_class_id: number;
  class_date: string;
  duration_minutes: number;
  capacity: number | null;
  cancelledAt: string | null;
  class_type: string;
  color: string | null;
  location: string | null;
  booked: number;
  coaches: string | null;
  checked_in: number;
  waiting: number;
}

export interface ReservationRow extends Customer {
  class_reservation_id: number;
  single_class_id: number;
  class_date: string;
  class_cancelledAt: string | null;
  class_type: string;
  location: string | null;
  guest: string | null;
  spot: string | null;
  attend: boolean;
  paid_with: string;
  cancelledAt: string | null;
  createdAt: string;
}

export interface PurchaseRow extends Customer {
  purchase_id: number;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  class_package_id: number;
  title: string;
  status: string;
  provider: string;
  payment_method_id: number | null;
  payment_method: string | null;
  amount: number;
  discount_total: number;
  total_payment: number;
  refunded_total: number;
  /** IVA included in total_payment (issue 20.5). */
  iva_rate: IvaRate;
  subtotal: number;
  iva: number;
  is_gift: boolean;
  subscription: boolean;
  can_confirm: boolean;
}

export interface InvoiceRow extends Customer {
  invoice_id: number;
  purchase_id: number;
  createdAt: string;
  class_package_id: number;
  title: string;
  status: string;
  purchase_status: string;
  provider: string;
  payment_method_id: number | null;
  payment_method: string | null;
  total_payment: number;
  period_start: string | null;
  period_end: string | null;
  /** How a pending cash charge is confirmed: as a renewal invoice or by confirming its purchase. */
  confirm: "invoice" | "purchase" | null;
}

export interface WaitlistRow extends Customer {
  waitlist_id: number;
  single_class_id: number;
  class_date: string;
  class_cancelledAt: string | null;
  class_type: string;
  location: string | null;
  status: string;
  position: number | null;
  offer_expires_at: string | null;
  removedAt: string | null;
  createdAt: string;
}

export type ClassPage = ListPage<ClassRow> & { from: string; to: string };
export type PaymentPage<R> = ListPage<R> & { totals: Totals };

/** The table's page, sort and search plus the page's own filters, as the API's query string. */
function listQuery(state: TableState, filters: Query): Query {
  return {
    ...filters,
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort?.key,
    order: state.sort ? (state.sort.desc ? "desc" : "asc") : undefined,
    query: state.search.trim(),
  };
}

const listKey = (path: ListPath) => ["admin", "lists", path] as const;

export function useAdminList<P extends ListPage<unknown>>(path: ListPath, state: TableState, filters: Query) {
  return useQuery({
    queryKey: [...listKey(path), state, filters],
    queryFn: ({ signal }) => api.get<P>(`/admin/lists/${path}`, { signal, query: listQuery(state, filters) }),
    placeholderData: keepPreviousData,
  });
}

/** Every row of the filtered list in the shown order, page by page (the CSV export). */
export async function fetchAllRows<R>(path: ListPath, state: TableState, filters: Query): Promise<R[]> {
  const all: R[] = [];
  for (let page = 1; ; page++) {
    const res = await api.get<ListPage<R>>(`/admin/lists/${path}`, {
      query: listQuery({ ...state, page, pageSize: EXPORT_PAGE_SIZE }, filters),
    });
    all.push(...res.rows);
    if (all.length >= res.total || res.rows.length < EXPORT_PAGE_SIZE) return all;
  }
}

type Message = { message: string };

/** A change from a list: the lists, the customer pages and the dashboard refresh after it. */
function useListAction<I>(run: (input: I) => Promise<Message>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ["admin"] });
    },
  });
}

/** A pending cash purchase: the admin's audited confirmation (the one the customer page uses). */
export const useConfirmPurchase = () =>
  useListAction((purchaseId: number) =>
    api.put<Message>("/customer/confirmCash", { purchase_id: purchaseId }),
  );

/** A pending cash renewal charge: grants its period once. */
export const useConfirmInvoice = () =>
  useListAction((invoiceId: number) => api.post<Message>(`/purchases/admin/invoices/${invoiceId}/confirm`));

export const useRemoveWaitlistEntry = () =>
  useListAction((waitlistId: number) => api.delete<Message>(`/admin/lists/waitlists/${waitlistId}`));

// Choices of the purchase filters.

export function usePackageOptions() {
  return useQuery({
    queryKey: ["admin", "lists", "package-options"],
    queryFn: ({ signal }) =>
      api.get<{ class_packages: { class_package_id: number; title: string }[] }>(
        "/class_packages/admin/all",
        {
          signal,
        },
      ),
    staleTime: 60_000,
  });
}

export function usePaymentMethodOptions() {
  return useQuery({
    queryKey: ["admin", "lists", "payment-method-options"],
    queryFn: ({ signal }) =>
      api.get<{ payment_methods: { payment_method_id: number; name: string }[] }>("/payment_methods", {
        signal,
        query: { all: 1 },
      }),
    staleTime: 60_000,
  });
}
