import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { forbidden } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import { currentCustomerId, requireAdmin, requireUser, signedInUser } from "../../plugins/auth";
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

const id = z.coerce.number().int().positive();

const bucketOut = z
  .object({
    available_class_id: z.number(),
    available_classes: z.number(),
    expiration_date: z.string().nullable(),
    class_type_names: z.array(z.string()),
    allowed_times: z.string().nullable(),
  })
  .loose();

const creditsOut = z.object({
  available_classes: z.array(bucketOut),
  total: z.number(),
  unlimited: z.boolean(),
  unlimited_expiration: z.string().nullable(),
});

/** A bucket's editable fields: -1 is unlimited; an expiry as "YYYY-MM-DD" or ISO, null never. */
const bucketFields = {
  available_classes: z
    .number()
    .int()
    .min(-1, { message: t("creditAmountInvalid") }),
  expiration_date: z.string().max(40).nullable(),
  class_type_id: id.nullable(),
  class_types: z.union([z.array(id).max(100), z.string().max(500)]).nullable(),
  allowed_times: z.string().max(500).nullable(),
};

const penaltyListOut = z.object({
  class_reservation_penaltys: z.array(
    z
      .object({
        class_reservation_penalty_id: z.number(),
        no_shows: z.number(),
        start_date: z.string(),
        end_date: z.string(),
        active: z.boolean(),
      })
      .loose(),
  ),
});

/**
 * Credit buckets: the signed-in customer's own (read-only), and the spec's /available_classes
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
        querystring: z.object({ customer_id: id.optional() }),
        response: { 200: creditsOut },
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
        response: { 200: creditsOut },
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
        params: z.object({ id }),
        response: { 200: z.object({ available_class: bucketOut }) },
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
        body: z.object({
          customer_id: id,
          available_classes: bucketFields.available_classes,
          expiration_date: bucketFields.expiration_date.optional(),
          class_type_id: bucketFields.class_type_id.optional(),
          class_types: bucketFields.class_types.optional(),
          allowed_times: bucketFields.allowed_times.optional(),
        }),
        response: { 200: z.object({ message: z.string(), available_class: bucketOut }) },
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
        body: z.object({
          available_class_id: id,
          available_classes: bucketFields.available_classes.optional(),
          expiration_date: bucketFields.expiration_date.optional(),
          class_type_id: bucketFields.class_type_id.optional(),
          class_types: bucketFields.class_types.optional(),
          allowed_times: bucketFields.allowed_times.optional(),
        }),
        response: { 200: z.object({ message: z.string(), available_class: bucketOut }) },
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
        params: z.object({ id }),
        response: { 200: z.object({ message: z.string() }) },
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
        querystring: z.object({ customer_id: id.optional() }),
        response: { 200: penaltyListOut },
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
