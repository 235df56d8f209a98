import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  classListQuery,
  classPage,
  INVOICE_SORTS,
  invoiceRow,
  PURCHASE_SORTS,
  paymentListQuery,
  paymentPage,
  purchaseRow,
  reservationListQuery,
  reservationPage,
  waitlistListQuery,
  waitlistPage,
} from "../../../domain/api/admin-lists";
import { idParams, messageAnswer } from "../../../domain/api/wire";
import { t } from "../../../domain/messages";
import { requireAdmin, signedInUser } from "../../auth/auth";
import type { Db } from "../../db/client";
import { INVOICE_STATUSES, PAYMENT_PROVIDERS, PURCHASE_STATUSES } from "../../db/schema/purchases";
import {
  listClasses,
  listInvoices,
  listPurchases,
  listReservations,
  listWaitlistEntries,
  removeWaitlistEntry,
} from "./admin-lists.service";

const tags = ["admin", "listas"];

const queryDoc =
  "page, pageSize (máx. 100), sort (lista permitida), order asc|desc, query (texto), from/to (días AAAA-MM-DD del estudio, inclusive).";

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

/**
 * The back office's lists: classes by date, reservations by customer,
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
      classListQuery,
      classPage,
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
      reservationListQuery,
      reservationPage,
    ),
    async (request) => listReservations(app.db, await timeZone(), request.query),
  );

  paymentListRoute(
    "/admin/lists/purchases",
    {
      summary: "Compras filtradas (estado, paquete, origen, método, fechas, cliente) con sus totales",
      description: "Los totales son de todo el conjunto filtrado, no sólo de la página.",
    },
    paymentListQuery(PURCHASE_SORTS, PURCHASE_STATUSES, PAYMENT_PROVIDERS),
    purchaseRow,
    listPurchases,
  );

  paymentListRoute(
    "/admin/lists/invoices",
    {
      summary: "Cargos (primer pago y renovaciones) filtrados, con sus totales",
      description: "confirm dice cómo se confirma un cargo en efectivo pendiente.",
    },
    paymentListQuery(INVOICE_SORTS, INVOICE_STATUSES, PAYMENT_PROVIDERS),
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
      waitlistListQuery,
      waitlistPage,
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
        params: idParams,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await removeWaitlistEntry(app.db, { user_id: (await signedInUser(request)).id }, request.params.id);
      return { message: t("waitlistEntryRemoved") };
    },
  );
};

export default adminListsRoutes;
