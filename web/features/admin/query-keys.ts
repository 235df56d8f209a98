import type { TableState } from "../../components/admin/admin-table";

const all = ["admin"] as const;
const customers = [...all, "customers"] as const;
const customer = (id: number) => [...all, "customer", id] as const;
const audit = [...all, "audit"] as const;

/**
 * Query keys of the admin feature (dashboard, customers, audit log, outbox), from one factory
 * (docs/decisions/0133): every query and invalidation of the feature takes its key from here. The
 * values are the ones the feature always used, so prefix invalidations elsewhere keep matching
 * (the admin lists' saves invalidate all of `["admin"]`).
 */
export const adminKeys = {
  all,
  dashboard: [...all, "dashboard"] as const,
  /** Every customer list page and the tag counts: refreshed after any change to a customer. */
  customers,
  customerList: (state: TableState, tag: string | null) => [...customers, state, tag] as const,
  customerTags: [...customers, "tags"] as const,
  /** One customer's page; its parts below share the prefix, so invalidating it refreshes them all. */
  customer,
  customerCards: (id: number) => [...customer(id), "cards"] as const,
  customerFacturas: (id: number) => [...customer(id), "facturas"] as const,
  customerTrial: (id: number) => [...customer(id), "trial"] as const,
  customerBuckets: (id: number) => [...customer(id), "buckets"] as const,
  customerPenalties: (id: number) => [...customer(id), "penalties"] as const,
  /** The same value as the shared customer picker's (web/components/admin/customer-picker.tsx). */
  customerSearch: (query: string) => [...all, "customer-search", query] as const,
  classTypeOptions: [...all, "class_types", "options"] as const,
  packageChoices: [...all, "package-choices"] as const,
  paymentMethodChoices: [...all, "payment-method-choices"] as const,
  upcomingClasses: (start: string, end: string) => [...all, "upcoming-classes", start, end] as const,
  audit,
  auditPage: (page: number, pageSize: number, actorUserId: string | null) =>
    [...audit, page, pageSize, actorUserId] as const,
  auditActors: [...audit, "actors"] as const,
  outbox: [...all, "outbox"] as const,
  ownerTeaches: [...all, "owner-teaches"] as const,
  /** The admin lists' queries (web/features/admin-lists): a refund or freeze changes their rows. */
  lists: [...all, "lists"] as const,
};
