import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  adminPurchaseOut,
  bookedForCustomerAnswer,
  bookForCustomerBody,
  cancelledForCustomerAnswer,
  cashConfirmedAtDeskAnswer,
  classesRemovedAnswer,
  customerActiveAnswer,
  customerDetailAnswer,
  customerNoteAddedAnswer,
  customerNoteBody,
  customerNoteOut,
  customerPage,
  customerRecordAnswer,
  customerRecordBody,
  customerRow,
  customerTagsAnswer,
  customerTagsSavedAnswer,
  customerTrialAnswer,
  deskCardOut,
  deskCardsAnswer,
  deskSaleAnswer,
  deskSaleBody,
  giveAccessBody,
  mergeCustomerAnswer,
  purchaseChangedAnswer,
  quickSearchAnswer,
  savedCardSaleBody,
} from "../../../domain/api/admin-customers";
import type { auditActorsAnswer, auditEntry, auditPage } from "../../../domain/api/audit";
import type { scheduleAnswer, weekClassOut } from "../../../domain/api/calendar";
import type { addressOut } from "../../../domain/api/customers";
import type { dashboardAnswer, dashboardRevenue } from "../../../domain/api/dashboard";
import type { Factura, facturaAnswer, facturasAnswer } from "../../../domain/api/fiscal";
import type { outboxAnswer, outboxEmail } from "../../../domain/api/outbox";
import type { classPackagesAnswer } from "../../../domain/api/packages";
import type { paymentMethodsAnswer } from "../../../domain/api/payment-methods";
import type { myProfileAnswer } from "../../../domain/api/staff";
import type { messageAnswer } from "../../../domain/api/wire";
import type { TableState } from "../../components/admin/admin-table";
import { api } from "../../lib/api-client";
import { deskLocationId, deskLocationQuery } from "../../lib/desk-location";
import { adminKeys } from "./query-keys";

// ---------------------------------------------------------------------------------------------
// Dashboard

export type DashboardRevenue = z.input<typeof dashboardRevenue>;
export type Dashboard = z.input<typeof dashboardAnswer>;

export function useDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard,
    queryFn: ({ signal }) => api.get<Dashboard>("/admin/dashboard", { signal }),
    refetchInterval: 60_000,
  });
}

// ---------------------------------------------------------------------------------------------
// Customers

export type CustomerRow = z.input<typeof customerRow>;

type CustomerPage = z.input<typeof customerPage>;

/** "name" / "-createdAt" for the API from the table's sort. */
export function sortParam(sort: TableState["sort"]): string | undefined {
  return sort ? `${sort.desc ? "-" : ""}${sort.key}` : undefined;
}

export function useCustomers(state: TableState, tag: string | null = null) {
  return useQuery({
    queryKey: adminKeys.customerList(state, tag),
    queryFn: ({ signal }) =>
      api.get<CustomerPage>("/customer/admin/all", {
        signal,
        query: {
          query: state.search,
          page: state.page,
          size: state.pageSize,
          sort: sortParam(state.sort),
          tag: tag ?? undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Every tag in use with how many customers carry it (the list's filter, the tag editor's suggestions). */
export function useCustomerTags() {
  return useQuery({
    queryKey: adminKeys.customerTags,
    queryFn: ({ signal }) => api.get<z.input<typeof customerTagsAnswer>>("/customer/admin/tags", { signal }),
  });
}

/** Every matching customer, page by page, for the CSV export. */
export async function fetchAllCustomers(
  search: string,
  sort: TableState["sort"],
  tag: string | null = null,
): Promise<CustomerRow[]> {
  const all: CustomerRow[] = [];
  for (let page = 1; ; page++) {
    const res = await api.get<CustomerPage>("/customer/admin/all", {
      query: { query: search, page, size: 500, sort: sortParam(sort), tag: tag ?? undefined },
    });
    all.push(...res.customers);
    if (all.length >= res.total || res.customers.length === 0) return all;
  }
}

export type AuditEntry = z.input<typeof auditEntry>;

export type AdminPurchase = z.input<typeof adminPurchaseOut>;
export type CustomerDetail = z.input<typeof customerDetailAnswer>;
export type CustomerAddress = z.input<typeof addressOut>;
export type CustomerNote = z.input<typeof customerNoteOut>;

export function useCustomerDetail(id: number) {
  return useQuery({
    queryKey: adminKeys.customer(id),
    queryFn: ({ signal }) => api.get<CustomerDetail>(`/customer/admin/${id}`, { signal }),
  });
}

type Message = z.input<typeof messageAnswer>;

/** A customer action: on success the customer's page, the lists and the dashboard refresh. */
function useCustomerAction<I, O extends Message = Message>(
  customerId: number,
  run: (input: I) => Promise<O>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.customer(customerId) });
      void client.invalidateQueries({ queryKey: adminKeys.customers });
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
      void client.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}

export type GrantInput = Omit<z.input<typeof giveAccessBody>, "customer_id">;

export function useGiveAccess(customerId: number) {
  return useCustomerAction(customerId, (input: GrantInput) =>
    api.post<z.input<typeof purchaseChangedAnswer>>("/customer/giveAccess", {
      customer_id: customerId,
      ...input,
    }),
  );
}

export function useRevokeAccess(customerId: number) {
  return useCustomerAction(customerId, (purchaseId: number) =>
    api.put<z.input<typeof purchaseChangedAnswer>>("/customer/revokeAccess", { purchase_id: purchaseId }),
  );
}

export function useRemoveClasses(customerId: number) {
  return useCustomerAction(customerId, (amount: number) =>
    api.put<z.input<typeof classesRemovedAnswer>>("/customer/removeClasses", {
      customer_id: customerId,
      amount,
    }),
  );
}

export function useConfirmCash(customerId: number) {
  return useCustomerAction(customerId, (purchaseId: number) =>
    api.put<z.input<typeof cashConfirmedAtDeskAnswer>>(
      "/customer/confirmCash",
      { purchase_id: purchaseId },
      { query: deskLocationQuery() },
    ),
  );
}

export function useLiftPenalty(customerId: number) {
  return useCustomerAction(customerId, (penaltyId: number) =>
    api.put<Message>("/customer/liftPenalty", { class_reservation_penalty_id: penaltyId }),
  );
}

export function useBookForCustomer(customerId: number) {
  return useCustomerAction(customerId, (input: z.input<typeof bookForCustomerBody>) =>
    api.post<z.input<typeof bookedForCustomerAnswer>>(`/customer/admin/${customerId}/reservations`, input),
  );
}

export function useCancelForCustomer(customerId: number) {
  return useCustomerAction(
    customerId,
    ({ reservationId, overrideRules }: { reservationId: number; overrideRules: boolean }) =>
      api.delete<z.input<typeof cancelledForCustomerAnswer>>(
        `/customer/admin/${customerId}/reservations/${reservationId}${overrideRules ? "?override_rules=true" : ""}`,
      ),
  );
}

export type CustomerRecordInput = z.input<typeof customerRecordBody>;

export function useUpdateCustomer(customerId: number) {
  return useCustomerAction(customerId, (input: CustomerRecordInput) =>
    api.put<z.input<typeof customerRecordAnswer>>(`/customer/admin/${customerId}`, input),
  );
}

export function useSetCustomerTags(customerId: number) {
  return useCustomerAction(customerId, (tags: string[]) =>
    api.put<z.input<typeof customerTagsSavedAnswer>>(`/customer/admin/${customerId}/tags`, { tags }),
  );
}

export function useAddNote(customerId: number) {
  return useCustomerAction(customerId, (note: z.input<typeof customerNoteBody>) =>
    api.post<z.input<typeof customerNoteAddedAnswer>>(`/customer/admin/${customerId}/notes`, note),
  );
}

export function useSendPasswordReset(customerId: number) {
  return useCustomerAction(customerId, () =>
    api.post<Message>(`/customer/admin/${customerId}/password-reset`),
  );
}

export function useSetCustomerActive(customerId: number) {
  return useCustomerAction(customerId, (active: boolean) =>
    api.post<z.input<typeof customerActiveAnswer>>(
      `/customer/admin/${customerId}/${active ? "reactivate" : "deactivate"}`,
    ),
  );
}

/** ARCO closure (decision 0024): personal data erased, purchases and attendance kept anonymous. */
export function useCloseCustomerAccount(customerId: number) {
  return useCustomerAction(customerId, () => api.post<Message>(`/admin/customers/${customerId}/close`));
}

export function useMergeCustomer(customerId: number) {
  return useCustomerAction(customerId, (otherId: number) =>
    api.post<z.input<typeof mergeCustomerAnswer>>(`/customer/admin/${customerId}/merge`, {
      other_customer_id: otherId,
    }),
  );
}

export type DeskSaleInput = z.input<typeof deskSaleBody>;

export function useSellAtDesk(customerId: number) {
  return useCustomerAction(customerId, (input: DeskSaleInput) =>
    api.post<z.input<typeof deskSaleAnswer>>(`/customer/admin/${customerId}/sell`, {
      ...input,
      location_id: deskLocationId(),
    }),
  );
}

/** A card the customer saved with the processor in use (the desk may charge it, decision 0022). */
export type DeskCard = z.input<typeof deskCardOut>;

export function useDeskCards(customerId: number, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.customerCards(customerId),
    enabled,
    queryFn: ({ signal }) =>
      api.get<z.input<typeof deskCardsAnswer>>(`/customer/admin/${customerId}/cards`, { signal }),
  });
}

/**
 * A customer's factura CFDI 4.0 or nota de crédito, as GET /api/facturas/admin/customer/:id answers
 * it (decision 0036).
 */
/** A customer's factura in the back office (GET /api/facturas/admin/customer/:id). */
export type AdminFactura = Factura;

export function useCustomerFacturas(customerId: number) {
  return useQuery({
    queryKey: adminKeys.customerFacturas(customerId),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof facturasAnswer>>(`/facturas/admin/customer/${customerId}`, { signal }),
    select: (d) => d.facturas,
  });
}

/** The PDF or XML of any factura (the session cookie authenticates the link). */
export const adminFacturaUrl = (cfdiId: number, format: "pdf" | "xml") =>
  `/api/facturas/admin/${cfdiId}/${format}`;

/** Tries a failed factura again; the list refreshes either way (a new failure has a new reason). */
export function useRetryFactura(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cfdiId: number) =>
      api.post<z.input<typeof facturaAnswer>>(`/facturas/admin/${cfdiId}/retry`),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.customerFacturas(customerId) }),
  });
}

export type SavedCardSaleInput = z.input<typeof savedCardSaleBody>;

export function useSellWithSavedCard(customerId: number) {
  return useCustomerAction(customerId, (input: SavedCardSaleInput) =>
    api.post<z.input<typeof deskSaleAnswer>>(`/customer/admin/${customerId}/sell/saved-card`, input),
  );
}

/** The ten best matches by name, email or phone (the merge dialog's search). */
export function useCustomerSearch(query: string) {
  return useQuery({
    queryKey: adminKeys.customerSearch(query),
    enabled: query.trim().length >= 2,
    queryFn: ({ signal }) =>
      api.get<z.input<typeof quickSearchAnswer>>("/customer/query", { signal, query: { query } }),
    placeholderData: keepPreviousData,
  });
}

// ---------------------------------------------------------------------------------------------
// Choices for the action forms (packages, payment methods, upcoming classes)

export function usePackageChoices(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.packageChoices,
    enabled,
    queryFn: ({ signal }) =>
      api.get<z.input<typeof classPackagesAnswer>>("/class_packages/admin/all", { signal }),
  });
}

export function usePaymentMethodChoices(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.paymentMethodChoices,
    enabled,
    queryFn: ({ signal }) =>
      api.get<z.input<typeof paymentMethodsAnswer>>("/payment_methods", {
        signal,
        query: { all: 1 },
      }),
  });
}

/** A class the desk may book for the customer: its card in the schedule (spots already booked too). */
export type UpcomingClass = z.input<typeof weekClassOut>;

export function useUpcomingClasses(start: string, end: string, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.upcomingClasses(start, end),
    enabled,
    queryFn: ({ signal }) =>
      api.get<z.input<typeof scheduleAnswer>>("/single_class", {
        signal,
        query: { start_date: start, end_date: end },
      }),
  });
}

// ---------------------------------------------------------------------------------------------
// Audit log and outbox

export function useAuditLog(state: TableState, actorUserId: string | null = null) {
  return useQuery({
    queryKey: adminKeys.auditPage(state.page, state.pageSize, actorUserId),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof auditPage>>("/admin/audit", {
        signal,
        query: {
          page: state.page,
          size: state.pageSize,
          ...(actorUserId ? { actor_user_id: actorUserId } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Everyone who appears in the log, for its person filter (decision 0031). */
export function useAuditActors() {
  return useQuery({
    queryKey: adminKeys.auditActors,
    queryFn: () => api.get<z.input<typeof auditActorsAnswer>>("/admin/audit/actors"),
  });
}

export type OutboxEmail = z.input<typeof outboxEmail>;

export function useOutbox() {
  return useQuery({
    queryKey: adminKeys.outbox,
    queryFn: ({ signal }) =>
      api.get<z.input<typeof outboxAnswer>>("/admin/outbox", { signal, query: { limit: 200 } }),
  });
}

/**
 * Whether the signed-in owner also teaches (their login has a coach profile): only then the menu
 * shows the coach's screens (nav.ts roleSees). Asked only for the owner; other roles' menus do not need it.
 */
export function useOwnerTeaches(isOwner: boolean): boolean {
  const query = useQuery({
    queryKey: adminKeys.ownerTeaches,
    queryFn: ({ signal }) => api.get<z.input<typeof myProfileAnswer>>("/staff/me/profile", { signal }),
    enabled: isOwner,
    staleTime: 5 * 60_000,
  });
  return Boolean(query.data?.instructor);
}

// ---------------------------------------------------------------------------------------------
// Trial once per customer (decision 0093): the desk's warning and the owner's or manager's repeat

export type CustomerTrial = z.input<typeof customerTrialAnswer>;

export function useCustomerTrial(customerId: number, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.customerTrial(customerId),
    enabled,
    queryFn: ({ signal }) => api.get<CustomerTrial>(`/customer/admin/${customerId}/trial`, { signal }),
  });
}

export function useSellTrialAgain(customerId: number) {
  return useCustomerAction(customerId, (input: DeskSaleInput) =>
    api.post<z.input<typeof deskSaleAnswer>>(`/customer/admin/${customerId}/sell/trial-again`, {
      ...input,
      location_id: deskLocationId(),
    }),
  );
}
