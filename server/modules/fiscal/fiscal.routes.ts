import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { fiscalDataSchema } from "../../../domain/fiscal/fiscal-data";
import { currentCustomerId, requireUser } from "../../plugins/auth";
import { deleteMyFiscalData, myFiscalData, saveMyFiscalData } from "./fiscal.service";

const fiscalDataOut = z.object({
  rfc: z.string(),
  person: z.enum(["fisica", "moral"]),
  razon_social: z.string(),
  regimen_fiscal: z.string(),
  regimen_fiscal_text: z.string(),
  codigo_postal: z.string(),
  uso_cfdi: z.string(),
  uso_cfdi_text: z.string(),
  catalog_version: z.string(),
  updatedAt: z.date(),
});
const tags = ["facturación"];

/**
 * The signed-in customer's datos de facturación (issue 20.1). No id in the path or body: every
 * call reads or writes the caller's own row only.
 */
const fiscalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/fiscal-data",
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Mis datos de facturación (null si no los he dado)",
        response: { 200: z.object({ fiscal_data: fiscalDataOut.nullable() }) },
      },
    },
    async (request) => ({ fiscal_data: await myFiscalData(app.db, await currentCustomerId(request)) }),
  );

  app.put(
    "/fiscal-data",
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Guarda mis datos de facturación",
        description:
          "RFC (formato, fecha y dígito verificador; no el genérico), razón social, régimen fiscal y uso de CFDI de los catálogos del SAT (el uso debe corresponder al régimen y al tipo de persona) y código postal. Un error por campo en `fields`.",
        body: fiscalDataSchema,
        response: { 200: z.object({ fiscal_data: fiscalDataOut }) },
      },
    },
    async (request) => ({
      fiscal_data: await saveMyFiscalData(app.db, await currentCustomerId(request), request.body),
    }),
  );

  app.delete(
    "/fiscal-data",
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Borra mis datos de facturación",
        response: { 200: z.object({ deleted: z.boolean() }) },
      },
    },
    async (request) => ({ deleted: await deleteMyFiscalData(app.db, await currentCustomerId(request)) }),
  );
};

export default fiscalRoutes;
