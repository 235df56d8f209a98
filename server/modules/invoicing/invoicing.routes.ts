import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  facturaAnswer,
  facturaDocParams,
  facturaRequestBody,
  facturasAnswer,
} from "../../../domain/api/fiscal";
import { idParams } from "../../../domain/api/wire";
import { currentCustomerId, requireAdmin, requireUser } from "../../plugins/auth";
import { listCfdisOfCustomer } from "./invoicing.repository";
import {
  anyCfdi,
  cfdiDocument,
  cfdiOut,
  customerCfdi,
  myInvoices,
  requestInvoice,
  retryInvoice,
} from "./invoicing.service";

const tags = ["facturas"];
const facturaDocument = {
  description: "La representación impresa (PDF) o el CFDI timbrado (XML)",
  contentTypes: ["application/pdf", "application/xml"],
};
/** Facturas CFDI 4.0 (issue 20.2, decision 0036): the customer's own, and the back office's view. */
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
        description: "409 INVOICE_NOT_FAILED si no falló; 422 / 503 como al pedirla.",
        params: idParams,
        response: { 200: facturaAnswer },
      },
    },
    async (request) => ({ factura: cfdiOut(await retryInvoice(app, request.params.id)) }),
  );
};

export default invoicingRoutes;
