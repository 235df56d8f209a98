import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  deskFacturaBody,
  facturaCancelAnswer,
  facturaCancelBody,
  facturacionSettingsAnswer,
  facturaGlobalBody,
  facturasListAnswer,
  facturasListQuery,
  globalPurchasesAnswer,
  invoiceableAnswer,
  invoiceableQuery,
} from "../../../domain/api/facturas";
import {
  facturaAnswer,
  facturaDocParams,
  facturaRequestBody,
  facturasAnswer,
} from "../../../domain/api/fiscal";
import { idParams } from "../../../domain/api/wire";
import { currentCustomerId, requireAdmin, requireUser } from "../../auth/auth";
import { listCfdisOfCustomer } from "./invoicing.repository";
import {
  anyCfdi,
  cancelInvoice,
  cfdiDocument,
  cfdiOut,
  checkCancellationNow,
  customerCfdi,
  deskInvoice,
  facturacionSettings,
  globalPurchases,
  invoiceablePurchases,
  issueGlobalNow,
  listFacturas,
  myInvoices,
  requestInvoice,
  retryInvoice,
} from "./invoicing.service";

const tags = ["facturas"];
const facturaDocument = {
  description: "La representación impresa (PDF) o el CFDI timbrado (XML)",
  contentTypes: ["application/pdf", "application/xml"],
};
/** Facturas CFDI 4.0 (decision 0036): the customer's own, and the back office's view. */
const invoicingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/facturas",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Mis facturas (y notas de crédito)",
        response: { 200: facturasAnswer },
      },
    },
    async (request) => ({ facturas: await myInvoices(app.db, await currentCustomerId(request)) }),
  );

  app.post(
    "/facturas",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Pide la factura de una compra pagada",
        description:
          "Idempotente: una factura por compra (la existente se devuelve). Sin FACTURAPI_KEY emite una vista previa sin validez fiscal. 404 PURCHASE_NOT_FOUND, 409 PURCHASE_NOT_PAID / PURCHASE_REFUNDED / IN_GLOBAL_INVOICE / INVOICE_PERIOD_CLOSED, 412 FISCAL_DATA_MISSING, 422 INVOICE_REFUSED (el PAC rechazó los datos), 503 PAC_UNAVAILABLE.",
        body: facturaRequestBody,
        response: { 200: facturaAnswer },
      },
    },
    async (request) => {
      const row = await requestInvoice(app, await currentCustomerId(request), request.body.purchase_id);
      return { factura: cfdiOut(row) };
    },
  );

  app.get(
    "/facturas/:id/:format",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Descarga el PDF o el XML de una factura propia",
        params: facturaDocParams,
        documentedAnswer: facturaDocument,
      },
    },
    async (request, reply) => {
      const row = await customerCfdi(app.db, await currentCustomerId(request), request.params.id);
      const doc = await cfdiDocument(app, row, request.params.format);
      return reply
        .header("content-type", doc.contentType)
        .header("content-disposition", `attachment; filename="${doc.filename}"`)
        .header("cache-control", "private, no-store")
        .send(doc.body);
    },
  );

  app.get(
    "/facturas/admin/customer/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Las facturas de un cliente (admin)",
        params: idParams,
        response: { 200: facturasAnswer },
      },
    },
    async (request) => ({ facturas: (await listCfdisOfCustomer(app.db, request.params.id)).map(cfdiOut) }),
  );

  app.get(
    "/facturas/admin/:id/:format",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Descarga el PDF o el XML de una factura (admin)",
        params: facturaDocParams,
        documentedAnswer: facturaDocument,
      },
    },
    async (request, reply) => {
      const doc = await cfdiDocument(app, await anyCfdi(app.db, request.params.id), request.params.format);
      return reply
        .header("content-type", doc.contentType)
        .header("content-disposition", `attachment; filename="${doc.filename}"`)
        .header("cache-control", "private, no-store")
        .send(doc.body);
    },
  );

  app.post(
    "/facturas/admin/:id/retry",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Reintenta una factura que falló (admin)",
        description:
          "412 INVOICE_NOT_FAILED si no falló o se está emitiendo; 409 PURCHASE_REFUNDED si ya no queda monto; 422 / 503 como al pedirla. Una nota de crédito (egreso) también se reintenta.",
        params: idParams,
        response: { 200: facturaAnswer },
      },
    },
    async (request) => ({ factura: cfdiOut(await retryInvoice(app, request.params.id)) }),
  );

  // The back office's facturas (docs/decisions/0058): list, desk issue, cancel, factura global.
  app.get(
    "/facturas/admin",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Todas las facturas, con filtros (admin)",
        querystring: facturasListQuery,
        response: { 200: facturasListAnswer },
      },
    },
    async (request) => ({ facturas: await listFacturas(app, request.query) }),
  );

  app.post(
    "/facturas/admin",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Factura una compra pagada en el mostrador (admin)",
        description:
          "Con los datos de facturación guardados del cliente o los escritos ahora (save: true los guarda). Idempotente: una factura por compra. 409 / 412 / 422 / 503 como al pedirla el cliente.",
        body: deskFacturaBody,
        response: { 200: facturaAnswer },
      },
    },
    async (request) => ({ factura: cfdiOut(await deskInvoice(app, request.body)) }),
  );

  app.get(
    "/facturas/admin/settings",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Estado del proveedor de facturación y las claves del estudio (admin)",
        response: { 200: facturacionSettingsAnswer },
      },
    },
    async () => facturacionSettings(app),
  );

  app.get(
    "/facturas/admin/invoiceable",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Compras pagadas sin factura de un cliente, para facturar en el mostrador (admin)",
        querystring: invoiceableQuery,
        response: { 200: invoiceableAnswer },
      },
    },
    async (request) => ({ purchases: await invoiceablePurchases(app, request.query.q) }),
  );

  app.get(
    "/facturas/admin/:id/purchases",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Las compras que cubre una factura global (admin)",
        params: idParams,
        response: { 200: globalPurchasesAnswer },
      },
    },
    async (request) => ({ purchases: await globalPurchases(app, request.params.id) }),
  );

  app.post(
    "/facturas/admin/:id/cancel",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Cancela una factura con el motivo del SAT (admin)",
        description:
          "Motivo 01 con el folio de la factura sustituta; 02, 03, 04. Responde la respuesta del PAC en palabras. 409 INVOICE_NOT_CANCELLABLE, 422 INVOICE_REFUSED, 503 PAC_UNAVAILABLE.",
        params: idParams,
        body: facturaCancelBody,
        response: { 200: facturaCancelAnswer },
      },
    },
    async (request) => {
      const { row, pac_answer } = await cancelInvoice(app, request.params.id, request.body);
      return { factura: cfdiOut(row), pac_answer };
    },
  );

  app.post(
    "/facturas/admin/:id/cancellation-status",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Consulta al SAT una cancelación en espera del receptor (admin)",
        description:
          "Lo mismo que hace el trabajo de seguimiento cada 10 minutos (decisión 0072): aceptada, la factura queda cancelada; rechazada o vencida, sigue vigente (y si era por un reembolso, se emite la nota de crédito). 409 NO_CANCELLATION_PENDING, 503 PAC_UNAVAILABLE.",
        params: idParams,
        response: { 200: facturaCancelAnswer },
      },
    },
    async (request) => {
      const { row, pac_answer } = await checkCancellationNow(app, request.params.id);
      return { factura: cfdiOut(row), pac_answer };
    },
  );

  app.post(
    "/facturas/admin/global",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Emite la factura global de un periodo cerrado (admin)",
        description:
          "Sin periodo, el vencido. Idempotente: una factura global por periodo; una que falló se reintenta. 409 GLOBAL_PERIOD_OPEN / NOTHING_TO_INVOICE.",
        body: facturaGlobalBody,
        response: { 200: facturaAnswer },
      },
    },
    async (request) => ({ factura: cfdiOut(await issueGlobalNow(app, request.body.period)) }),
  );
};

export default invoicingRoutes;
