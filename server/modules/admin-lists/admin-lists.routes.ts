import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { t } from "../../../domain/messages";
import type { Db } from "../../db/client";
import { INVOICE_STATUSES, PAYMENT_PROVIDERS, PURCHASE_STATUSES } from "../../db/schema/purchases";
import { requireAdmin, signedInUser } from "../../plugins/auth";
import { classSummaryRow } from "../dashboard/dashboard.routes";
import {
  listClasses,
  listInvoices,
  listPurchases,
  listReservations,
  listWaitlistEntries,
  removeWaitlistEntry,
} from "./admin-lists.service";
import { CLASS_SORTS, RESERVATION_SORTS } from "./classes.repository";
import { listQuery, optionalId } from "./list-query";
import { INVOICE_SORTS, PURCHASE_SORTS } from "./payments.repository";
import { WAITLIST_SORTS, WAITLIST_STATES } from "./waitlist-entries.repository";

const tags = ["admin", "listas"];
const paging = { total: z.number(), page: z.number(), pageSize: z.number() };
const customer = { customer_id: z.number(), customer_name: z.string(), customer_email: z.string() };
const totals = z.object({
  count: z.number(),
  total_payment: z.number(),
  by_status: z.array(z.object({ status: z.string(), count: z.number(), total_payment: z.number() })),
});

/** Purchases and charges: newest first, by their own status, package, origin and payment option. */
const paymentQuery = <
  const K extends readonly ["created_at", ...string[]],
  const S extends readonly [string, ...string[]],
>(
  sorts: K,
  statuses: S,
) =>
  listQuery(
    sorts,
    { sort: "created_at", order: "desc" },
    {
      status: z.enum(statuses).optional(),
      class_package_id: optionalId,
      provider: z.enum(PAYMENT_PROVIDERS).optional(),
      payment_method_id: optionalId,
    },
  );
const queryDoc =
  "page, pageSize (máx. 100), sort (lista permitida), order asc|desc, query (texto), from/to (días AAAA-MM-DD del estudio, inclusive).";

/** One page of `row`s with the paging fields and whatever else the list answers (`extra`). */
const pageOf = <R extends z.ZodType, E extends z.ZodRawShape>(row: R, extra: E) =>
  z.object({ rows: z.array(row), ...paging, ...extra });

/** A payment list's page: its rows and the totals of the whole filtered set. */
const paymentPage = <R extends z.ZodType>(row: R) => pageOf(row, { totals });
type PaymentPage<R extends z.ZodType> = ReturnType<typeof paymentPage<R>>;

/** The options of an admin list route: admin only, the list's query string and page schema. */
function listRoute<Q extends z.ZodType, P extends z.ZodType>(
  doc: { summary: string; description: string },
  querystring: Q,
  page: P,
) {
  return {
    preHandler: requireAdmin,
    schema: {
      tags,
      summary: doc.summary,
      description: `${queryDoc} ${doc.description}`,
      querystring,
      response: { 200: page },
    },
  };
}

const classRow = z.object({
  ...classSummaryRow,
  coaches: z.string().nullable(),
  checked_in: z.number(),
  waiting: z.number(),
});
const reservationRow = z.object({
  class_reservation_id: z.number(),
  single_class_id: z.number(),
  class_date: z.date(),
  class_cancelledAt: z.date().nullable(),
  class_type: z.string(),
  location: z.string().nullable(),
  ...customer,
  guest: z.string().nullable(),
  spot: z.string().nullable(),
  attend: z.boolean(),
  paid_with: z.string(),
  cancelledAt: z.date().nullable(),
  createdAt: z.date(),
});
const purchaseRow = z.object({
  purchase_id: z.number(),
  createdAt: z.date(),
  ...customer,
  class_package_id: z.number(),
  title: z.string(),
  status: z.string(),
  provider: z.string(),
  payment_method_id: z.number().nullable(),
  payment_method: z.string().nullable(),
  amount: z.number(),
  discount_total: z.number(),
  total_payment: z.number(),
  /** Given back in refunds (issue 21.4). */
  refunded_total: z.number(),
  /** IVA included in total_payment (issue 20.5): "16", "8", "0" or "exento", and the parts. */
  iva_rate: z.string(),
  subtotal: z.number(),
  iva: z.number(),
  is_gift: z.boolean(),
  subscription: z.boolean(),
  cancelledAt: z.date().nullable(),
  updatedAt: z.date(),
  can_confirm: z.boolean(),
});
const invoiceRow = z.object({
  invoice_id: z.number(),
  purchase_id: z.number(),
  createdAt: z.date(),
  ...customer,
  class_package_id: z.number(),
  title: z.string(),
  status: z.string(),
  purchase_status: z.string(),
  provider: z.string(),
  payment_method_id: z.number().nullable(),
  payment_method: z.string().nullable(),
  total_payment: z.number(),
  period_start: z.date().nullable(),
  period_end: z.date().nullable(),
  confirm: z.enum(["invoice", "purchase"]).nullable(),
});
const waitlistRow = z.object({
  waitlist_id: z.number(),
  single_class_id: z.number(),
  class_date: z.date(),
  class_cancelledAt: z.date().nullable(),
  class_type: z.string(),
  location: z.string().nullable(),
  ...customer,
  status: z.string(),
  position: z.number().nullable(),
  offer_expires_at: z.date().nullable(),
  removedAt: z.date().nullable(),
  createdAt: z.date(),
});

/**
 * The back office's lists (issue #8, "Lists"): classes by date, reservations by customer,
 * purchases and charges with their totals, and waitlist entries. Admin only; every list pages
 * in SQL and sorts only by the keys it allows.
 */
const adminListsRoutes: FastifyPluginAsyncZod = async (app) => {
  const timeZone = async () => (await app.appConfig.get()).timezone;

  /** Purchases and charges: the same filters and the same page with totals, each with its own rows. */
  function paymentListRoute<Q extends z.ZodType, R extends z.ZodType>(
    path: string,
    doc: { summary: string; description: string },
    querystring: Q,
    row: R,
    list: (db: Db, timeZone: string, input: z.output<Q>) => Promise<z.output<PaymentPage<R>>>,
  ) {
    app.get(path, listRoute(doc, querystring, paymentPage(row)), async (request) =>
      // Fastify cannot resolve a generic schema's type; the querystring schema has checked it.
      list(app.db, await timeZone(), request.query as z.output<Q>),
    );
  }

  app.get(
    "/admin/lists/classes",
    listRoute(
      {
        summary:
          "Clases de un rango de días (por omisión hoy y los 7 siguientes) con reservados y asistencias",
        description: "query busca en tipo, ubicación y coach.",
      },
      listQuery(CLASS_SORTS, { sort: "date", order: "asc" }),
      pageOf(classRow, { from: z.string(), to: z.string() }),
    ),
    async (request) => listClasses(app.db, await timeZone(), request.query),
  );

  app.get(
    "/admin/lists/reservations",
    listRoute(
      {
        summary: "Reservaciones por nombre o correo del cliente, en un rango de días de clase",
        description: "state: active | cancelled | all.",
      },
      listQuery(
        RESERVATION_SORTS,
        { sort: "class_date", order: "asc" },
        { state: z.enum(["active", "cancelled", "all"]).default("all") },
      ),
      pageOf(reservationRow, {}),
    ),
    async (request) => listReservations(app.db, await timeZone(), request.query),
  );

  paymentListRoute(
    "/admin/lists/purchases",
    {
      summary: "Compras filtradas (estado, paquete, origen, método, fechas, cliente) con sus totales",
      description: "Los totales son de todo el conjunto filtrado, no sólo de la página.",
    },
    paymentQuery(PURCHASE_SORTS, PURCHASE_STATUSES),
    purchaseRow,
    listPurchases,
  );

  paymentListRoute(
    "/admin/lists/invoices",
    {
      summary: "Cargos (primer pago y renovaciones) filtrados, con sus totales",
      description: "confirm dice cómo se confirma un cargo en efectivo pendiente.",
    },
    paymentQuery(INVOICE_SORTS, INVOICE_STATUSES),
    invoiceRow,
    listInvoices,
  );

  app.get(
    "/admin/lists/waitlists",
    listRoute(
      {
        summary: "Entradas de listas de espera (activas y pasadas) con clase, cliente y lugar en la fila",
        description:
          "from/to filtran por el día de la clase. status: active | past | waiting | offered | promoted | expired | left.",
      },
      listQuery(
        WAITLIST_SORTS,
        { sort: "class_date", order: "desc" },
        { status: z.enum(WAITLIST_STATES).optional() },
      ),
      pageOf(waitlistRow, {}),
    ),
    async (request) => {
      const { status, ...rest } = request.query;
      return listWaitlistEntries(app.db, await timeZone(), { ...rest, state: status });
    },
  );

  app.delete(
    "/admin/lists/waitlists/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Quita a un cliente de una lista de espera (queda en el historial como 'left'); se audita",
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await removeWaitlistEntry(app.db, { user_id: (await signedInUser(request)).id }, request.params.id);
      return { message: t("waitlistEntryRemoved") };
    },
  );
};

export default adminListsRoutes;
