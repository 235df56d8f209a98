import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  changeCreditBucketBody,
  createCreditBucketBody,
  creditBucketAnswer,
  creditBucketSavedAnswer,
  creditsAnswer,
  creditsQuery,
  penaltiesAnswer,
} from "../../../domain/api/credits";
import { idParams, messageAnswer } from "../../../domain/api/wire";
import { forbidden } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import { currentCustomerId, requireAdmin, requireUser, signedInUser } from "../../auth/auth";
import { actorOf } from "../audit/actor";
import { customerPenalties } from "../penalties/penalties.service";
import {
  bucketById,
  changeBucket,
  createBucket,
  customerBuckets,
  myCredits,
  myPenalties,
  removeBucket,
} from "./credits.service";

/**
 * Credit buckets: the signed-in customer's own (read-only), and the contract's /available_classes
 * resource for administrators (any customer's buckets with `customer_id`, create, change,
 * delete; every change audited with before and after, decision 0020).
 */
const creditsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/available_classes",
    {
      preHandler: requireUser,
      schema: {
        tags: ["créditos"],
        summary:
          "Mis créditos vigentes (-1 = ilimitados) y el resumen del distintivo de créditos. Un administrador pasa customer_id para ver todos los de un cliente",
        querystring: creditsQuery,
        response: { 200: creditsAnswer },
      },
    },
    async (request) => {
      const { customer_id } = request.query;
      if (customer_id === undefined) return myCredits(app.db, await currentCustomerId(request), false);
      const user = await signedInUser(request);
      if (user.role !== "admin") throw forbidden();
      const buckets = await customerBuckets(app.db, customer_id);
      const summary = await myCredits(app.db, customer_id, false);
      return { ...summary, available_classes: buckets };
    },
  );

  app.get(
    "/available_classes/date/all",
    {
      preHandler: requireUser,
      schema: {
        tags: ["créditos"],
        summary: "Todos mis paquetes de créditos, también vencidos o agotados",
        response: { 200: creditsAnswer },
      },
    },
    async (request) => myCredits(app.db, await currentCustomerId(request), true),
  );

  app.get(
    "/available_classes/:id",
    {
      preHandler: requireUser,
      schema: {
        tags: ["créditos"],
        summary: "Un paquete de créditos (propio; un administrador, de cualquier cliente)",
        params: idParams,
        response: { 200: creditBucketAnswer },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const owner = user.role === "admin" ? null : await currentCustomerId(request);
      return { available_class: await bucketById(app.db, request.params.id, owner) };
    },
  );

  app.post(
    "/available_classes",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["créditos"],
        summary: "Agrega créditos a un cliente a mano (auditado)",
        body: createCreditBucketBody,
        response: { 200: creditBucketSavedAnswer },
      },
    },
    async (request) => {
      const config = await app.appConfig.get();
      const { customer_id, ...input } = request.body;
      const bucket = await createBucket(app.db, await actorOf(request), customer_id, input, config.timezone);
      return { message: t("creditBucketSaved"), available_class: bucket };
    },
  );

  app.put(
    "/available_classes",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["créditos"],
        summary: "Ajusta un paquete de créditos: cantidad, vencimiento, tipos de clase, horarios (auditado)",
        body: changeCreditBucketBody,
        response: { 200: creditBucketSavedAnswer },
      },
    },
    async (request) => {
      const config = await app.appConfig.get();
      const { available_class_id, ...input } = request.body;
      const bucket = await changeBucket(
        app.db,
        await actorOf(request),
        available_class_id,
        input,
        config.timezone,
      );
      return { message: t("creditBucketSaved"), available_class: bucket };
    },
  );

  app.delete(
    "/available_classes/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["créditos"],
        summary: "Elimina un paquete de créditos (auditado)",
        params: idParams,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await removeBucket(app.db, await actorOf(request), request.params.id);
      return { message: t("creditBucketDeleted") };
    },
  );

  app.get(
    "/class_reservation_penaltys",
    {
      preHandler: requireUser,
      schema: {
        tags: ["créditos"],
        summary:
          "Mis penalizaciones por inasistencia. Un administrador pasa customer_id para ver las de un cliente",
        querystring: creditsQuery,
        response: { 200: penaltiesAnswer },
      },
    },
    async (request) => {
      const { customer_id } = request.query;
      if (customer_id === undefined) {
        return { class_reservation_penaltys: await myPenalties(app.db, await currentCustomerId(request)) };
      }
      const user = await signedInUser(request);
      if (user.role !== "admin") throw forbidden();
      return { class_reservation_penaltys: await customerPenalties(app.db, customer_id) };
    },
  );
};

export default creditsRoutes;
