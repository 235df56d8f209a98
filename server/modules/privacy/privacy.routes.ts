import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { closureRequestedAnswer, closureStatusAnswer } from "../../../domain/api/customers";
import { accountClosedAnswer, dataExportQuery } from "../../../domain/api/privacy";
import { idParams } from "../../../domain/api/wire";
import { t } from "../../../domain/messages";
import { currentCustomerId, requireAdmin, requireUser } from "../../auth/auth";
import { actorOf } from "../audit/actor";
import { fileStores } from "../files/file-storage";
import {
  closeCustomerAccount,
  closureStatus,
  exportCustomerData,
  exportToCsv,
  requestClosure,
} from "./privacy.service";

/**
 * ARCO rights (Mexico's LFPDPPP): a customer downloads everything the studio holds about them
 * and asks to close the account; the studio confirms the closure from the admin.
 */
const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/customer/data-export",
    {
      preHandler: requireUser,
      schema: {
        tags: ["privacidad"],
        summary: "Descarga todo lo que el estudio guarda sobre mí (JSON o CSV)",
        documentedAnswer: {
          description: "Mis datos, como archivo JSON o CSV",
          contentTypes: ["application/json", "text/csv"],
        },
        querystring: dataExportQuery,
      },
    },
    async (request, reply) => {
      const data = await exportCustomerData(app.db, await currentCustomerId(request));
      const day = data.generated_at.slice(0, 10);
      reply.header("cache-control", "no-store");
      if (request.query.format === "csv") {
        reply.header("content-disposition", `attachment; filename="mis-datos-${day}.csv"`);
        return reply.type("text/csv; charset=utf-8").send(exportToCsv(data));
      }
      reply.header("content-disposition", `attachment; filename="mis-datos-${day}.json"`);
      return reply.type("application/json; charset=utf-8").send(JSON.stringify(data, null, 2));
    },
  );

  app.get(
    "/customer/closure-request",
    {
      preHandler: requireUser,
      schema: {
        tags: ["privacidad"],
        summary: "Estado de mi solicitud para cerrar la cuenta",
        response: { 200: closureStatusAnswer },
      },
    },
    async (request) => closureStatus(app.db, await currentCustomerId(request)),
  );

  app.post(
    "/customer/closure-request",
    {
      preHandler: requireUser,
      schema: {
        tags: ["privacidad"],
        summary: "Pide al estudio cerrar mi cuenta y borrar mis datos personales",
        response: { 200: closureRequestedAnswer },
      },
    },
    async (request) => {
      const customerId = await currentCustomerId(request);
      const user = await request.getUser();
      const status = await requestClosure(app, customerId, user?.id ?? "");
      return { ...status, message: t("closureRequested") };
    },
  );

  app.post(
    "/admin/customers/:id/close",
    {
      preHandler: requireAdmin,
      schema: {
        errors: ["CUSTOMER_NOT_FOUND", "ACCOUNT_CLOSED", "STAFF_ACCOUNT_PROTECTED"],
        tags: ["privacidad"],
        summary:
          "Confirma el cierre de una cuenta: borra los datos personales, conserva compras y asistencias",
        params: idParams,
        response: { 200: accountClosedAnswer },
      },
    },
    async (request) => {
      const { uploads, ...result } = await closeCustomerAccount(
        app.db,
        await actorOf(request),
        request.params.id,
      );
      // Its sessions were deleted in the transaction; none may live on in the short session cache.
      app.forgetSessions();
      // The uploads' rows went with the closure; their stored objects go now (decision 0056 §2).
      // One that cannot be removed (a bucket that is down) is logged: nothing points at it any more.
      const stores = fileStores(app);
      for (const upload of uploads) {
        if (!upload.path) continue;
        await (await stores.forKind(upload.storage))
          .remove(upload.path)
          .catch((error) => request.log.error({ err: error }, "privacy: could not remove an upload"));
      }
      return { ...result, message: t("accountClosed") };
    },
  );
};

export default privacyRoutes;
