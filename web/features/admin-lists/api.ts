import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  classPage,
  classRow,
  invoiceRow,
  listPaging,
  listTotals,
  purchaseRow,
  reservationRow,
  waitlistRow,
} from "../../../domain/api/admin-lists";
import type { classPackagesAnswer } from "../../../domain/api/packages";
import type { paymentMethodsAnswer } from "../../../domain/api/payment-methods";
import type { messageAnswer } from "../../../domain/api/wire";
import type { TableState } from "../../components/admin/admin-table";
import { api, type Query } from "../../lib/api-client";
import { deskLocationQuery } from "../../lib/desk-location";
import { adminListKeys } from "./query-keys";

/**
 * The admin lists' API (server/modules/admin-lists): every list answers one page
 * `{ rows, total, page, pageSize }` for page/pageSize/sort/order/query and its filters.
 */

export type ListPage<R> = z.input<typeof listPaging> & { rows: R[] };
export type Totals = z.input<typeof listTotals>;
export type ListPath = "classes" | "reservations" | "purchases" | "invoices" | "waitlists";

/** The API's largest page: the CSV export walks the list in pages of this size. */
const EXPORT_PAGE_SIZE = 100;

export type ClassRow = z.input<typeof classRow>;
export type ReservationRow = z.input<typeof reservationRow>;
export type PurchaseRow = z.input<typeof purchaseRow>;
export type InvoiceRow = z.input<typeof invoiceRow>;
export type WaitlistRow = z.input<typeof waitlistRow>;

export type ClassPage = z.input<typeof classPage>;
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

export function useAdminList<P extends ListPage<unknown>>(path: ListPath, state: TableState, filters: Query) {
  return useQuery({
    queryKey: adminListKeys.page(path, state, filters),
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

type Message = z.input<typeof messageAnswer>;

/** A change from a list: the lists, the customer pages and the dashboard refresh after it. */
function useListAction<I>(run: (input: I) => Promise<Message>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminListKeys.admin });
    },
  });
}

/** A pending cash purchase: the admin's audited confirmation (the one the customer page uses). */
export const useConfirmPurchase = () =>
  useListAction((purchaseId: number) =>
    api.put<Message>("/customer/confirmCash", { purchase_id: purchaseId }, { query: deskLocationQuery() }),
  );

/** A pending cash renewal charge: grants its period once. */
export const useConfirmInvoice = () =>
  useListAction((invoiceId: number) =>
    api.post<Message>(`/purchases/admin/invoices/${invoiceId}/confirm`, undefined, {
      query: deskLocationQuery(),
    }),
  );

export const useRemoveWaitlistEntry = () =>
  useListAction((waitlistId: number) => api.delete<Message>(`/admin/lists/waitlists/${waitlistId}`));

// Choices of the purchase filters.

export function usePackageOptions() {
  return useQuery({
    queryKey: adminListKeys.packageOptions,
    queryFn: ({ signal }) =>
      api.get<z.input<typeof classPackagesAnswer>>("/class_packages/admin/all", { signal }),
    staleTime: 60_000,
  });
}

export function usePaymentMethodOptions() {
  return useQuery({
    queryKey: adminListKeys.paymentMethodOptions,
    queryFn: ({ signal }) =>
      api.get<z.input<typeof paymentMethodsAnswer>>("/payment_methods", {
        signal,
        query: { all: 1 },
      }),
    staleTime: 60_000,
  });
}
