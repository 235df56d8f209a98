import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { t } from "../../../domain/messages";
import { INVOICE_STATUSES, PAYMENT_PROVIDERS, PURCHASE_STATUSES } from "../../db/schema/purchases";
import { requireAdmin, signedInUser } from "../../plugins/auth";
import {
  listClasses,
  listInvoices,
  listPurchases,
  listReservations,
  listWaitlistEntries,
  removeWaitlistEntry,
} from "./admin-lists.service";
import { CLASS_SORTS, RESERVATION_SORTS } from "./classes.repository";
import { listQuery, optionalId, rangeError, rangeIsOrdered } from "./list-query";
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
const paymentFilters = {
  class_package_id: optionalId,
  provider: z.enum(PAYMENT_PROVIDERS).optional(),
  payment_method_id: optionalId,
};
const queryDoc =
  "page, pageSize (máx. 100), sort (lista permitida), order asc|desc, query (texto), from/to (días AAAA-MM-DD del estudio, inclusive).";

const classRow = z.object({
  single_class_id: z.number(),
  class_date: z.date(),
  duration_minutes: z.number(),
  capacity: z.number().nullable(),
  cancelledAt: z.date().nullable(),
  class_type: z.string(),
  color: z.string().nullable(),
  location: z.string().nullable(),
  coaches: z.string().nullable(),
  booked: z.number(),
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

  app.get(
    "/admin/lists/classes",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Clases de un rango de días (por omisión hoy y los 7 siguientes) con reservados y asistencias",
        description: `${queryDoc} query busca en tipo, ubicación y coach.`,
        querystring: listQuery(CLASS_SORTS, { sort: "date", order: "asc" }).refine(
          rangeIsOrdered,
          rangeError,
        ),
        response: { 200: z.object({ rows: z.array(classRow), ...paging, from: z.string(), to: z.string() }) },
      },
    },
    async (request) => listClasses(app.db, await timeZone(), request.query),
  );

  app.get(
    "/admin/lists/reservations",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Reservaciones por nombre o correo del cliente, en un rango de días de clase",
        description: `${queryDoc} state: active | cancelled | all.`,
        querystring: listQuery(RESERVATION_SORTS, { sort: "class_date", order: "asc" })
          .extend({ state: z.enum(["active", "cancelled", "all"]).default("all") })
          .refine(rangeIsOrdered, rangeError),
        response: { 200: z.object({ rows: z.array(reservationRow), ...paging }) },
      },
    },
    async (request) => listReservations(app.db, await timeZone(), request.query),
  );

  app.get(
    "/admin/lists/purchases",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Compras filtradas (estado, paquete, origen, método, fechas, cliente) con sus totales",
        description: `${queryDoc} Los totales son de todo el conjunto filtrado, no sólo de la página.`,
        querystring: listQuery(PURCHASE_SORTS, { sort: "created_at", order: "desc" })
          .extend({ status: z.enum(PURCHASE_STATUSES).optional(), ...paymentFilters })
          .refine(rangeIsOrdered, rangeError),
        response: { 200: z.object({ rows: z.array(purchaseRow), ...paging, totals }) },
      },
    },
    async (request) => listPurchases(app.db, await timeZone(), request.query),
  );

  app.get(
    "/admin/lists/invoices",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Cargos (primer pago y renovaciones) filtrados, con sus totales",
        description: `${queryDoc} confirm dice cómo se confirma un cargo en efectivo pendiente.`,
        querystring: listQuery(INVOICE_SORTS, { sort: "created_at", order: "desc" })
          .extend({ status: z.enum(INVOICE_STATUSES).optional(), ...paymentFilters })
          .refine(rangeIsOrdered, rangeError),
        response: { 200: z.object({ rows: z.array(invoiceRow), ...paging, totals }) },
      },
    },
    async (request) => listInvoices(app.db, await timeZone(), request.query),
  );

  app.get(
    "/admin/lists/waitlists",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Entradas de listas de espera (activas y pasadas) con clase, cliente y lugar en la fila",
        description: `${queryDoc} from/to filtran por el día de la clase. status: active | past | waiting | offered | promoted | expired | left.`,
        querystring: listQuery(WAITLIST_SORTS, { sort: "class_date", order: "desc" })
          .extend({ status: z.enum(WAITLIST_STATES).optional() })
          .refine(rangeIsOrdered, rangeError),
        response: { 200: z.object({ rows: z.array(waitlistRow), ...paging }) },
      },
    },
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
