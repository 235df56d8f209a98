import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  fiscalDataAnswer,
  fiscalDataBody,
  fiscalDataDeletedAnswer,
  fiscalDataSavedAnswer,
} from "../../../domain/api/fiscal";
import { currentCustomerId, requireUser } from "../../auth/auth";
import { deleteMyFiscalData, myFiscalData, saveMyFiscalData } from "./fiscal.service";

const tags = ["facturación"];

/**
 * The signed-in customer's datos de facturación (decision 0032). No id in the path or body: every
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
        response: { 200: fiscalDataAnswer },
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
        body: fiscalDataBody,
        response: { 200: fiscalDataSavedAnswer },
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
        response: { 200: fiscalDataDeletedAnswer },
      },
    },
    async (request) => ({ deleted: await deleteMyFiscalData(app.db, await currentCustomerId(request)) }),
  );
};

export default fiscalRoutes;
