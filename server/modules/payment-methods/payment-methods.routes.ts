import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, notFound } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import { cardGateway } from "../../payments/gateways";
import { currentCustomerId, requireAdmin, requireUser } from "../../plugins/auth";
import {
  deletePaymentMethod,
  findPaymentMethod,
  insertPaymentMethod,
  listPaymentMethods,
  listSources,
  softDeleteSource,
  updatePaymentMethod,
} from "./payment-methods.repository";
import {
  cleanMethodValues,
  finishCardSetup,
  saveTokenizedCard,
  startCardSetup,
  toMethodOut,
  toSourceOut,
} from "./payment-methods.service";

const bank = z
  .object({
    bank: z.string().optional(),
    card: z.string().optional(),
    account_number: z.string().optional(),
    clabe: z.string().optional(),
    beneficiary: z.string().optional(),
  })
  .nullable();
const methodOut = z.object({
  payment_method_id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  instructions: z.string().nullable(),
  provider: z.string(),
  bank,
  available: z.boolean(),
  order: z.number(),
});
const methodBody = z.object({
  name: z.string().trim().min(1).max(120),
  description: z.string().max(1000).nullable().optional(),
  instructions: z.string().max(20_000).nullable().optional(),
  provider: z.enum(["card", "cash", "paypal"]),
  bank: bank.optional(),
  available: z.boolean().default(true),
  order: z.number().int().min(0).default(0),
});
const sourceOut = z.object({
  payment_source_id: z.number(),
  source_id: z.string(),
  provider: z.string(),
  card_type: z.string().nullable(),
  last_digits: z.string().nullable(),
  exp_month: z.number().nullable(),
  exp_year: z.number().nullable(),
  createdAt: z.date(),
});
const idParams = z.object({ id: z.coerce.number().int().positive() });
const methodTags = ["métodos de pago"];
const cardTags = ["tarjetas guardadas"];

/** Checkout options (/payment_methods, admin writes) and the customer's saved cards (/metodosPago). */
const paymentMethodsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/payment_methods",
    {
      schema: {
        tags: methodTags,
        summary: "Opciones de pago del checkout",
        description: "Con ?all=1 un admin ve también las no disponibles.",
        querystring: z.object({ all: z.coerce.number().optional() }),
        response: { 200: z.object({ payment_methods: z.array(methodOut) }) },
      },
    },
    async (request) => {
      const user = await request.getUser();
      const all = request.query.all === 1 && user?.role === "admin";
      return { payment_methods: (await listPaymentMethods(app.db, !all)).map(toMethodOut) };
    },
  );

  app.get(
    "/payment_methods/:id",
    {
      schema: {
        tags: methodTags,
        summary: "Una opción de pago",
        params: idParams,
        response: { 200: z.object({ payment_method: methodOut }) },
      },
    },
    async (request) => {
      const method = await findPaymentMethod(app.db, request.params.id);
      if (!method) throw notFound();
      return { payment_method: toMethodOut(method) };
    },
  );

  app.post(
    "/payment_methods",
    {
      preHandler: requireAdmin,
      schema: {
        tags: methodTags,
        summary: "Crea una opción de pago (admin)",
        body: methodBody,
        response: { 200: z.object({ payment_method: methodOut, message: z.string() }) },
      },
    },
    async (request) => ({
      payment_method: await insertPaymentMethod(app.db, cleanMethodValues(request.body)),
      message: t("paymentMethodSaved"),
    }),
  );

  app.put(
    "/payment_methods",
    {
      preHandler: requireAdmin,
      schema: {
        tags: methodTags,
        summary: "Actualiza una opción de pago (admin)",
        body: methodBody.partial().extend({ payment_method_id: z.number().int().positive() }),
        response: { 200: z.object({ payment_method: methodOut, message: z.string() }) },
      },
    },
    async (request) => {
      const { payment_method_id, ...values } = request.body;
      const method = await updatePaymentMethod(app.db, payment_method_id, cleanMethodValues(values));
      if (!method) throw notFound();
      return { payment_method: method, message: t("paymentMethodSaved") };
    },
  );

  app.delete(
    "/payment_methods/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags: methodTags,
        summary: "Elimina una opción de pago (admin)",
        params: idParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      if (!(await deletePaymentMethod(app.db, request.params.id))) throw notFound();
      return { message: t("paymentMethodDeleted") };
    },
  );

  app.get(
    "/metodosPago",
    {
      preHandler: requireUser,
      schema: {
        tags: cardTags,
        summary: "Mis tarjetas guardadas",
        response: { 200: z.object({ metodos_pago: z.array(sourceOut) }) },
      },
    },
    async (request) => ({
      metodos_pago: (await listSources(app.db, await currentCustomerId(request))).map(toSourceOut),
    }),
  );

  app.post(
    "/metodosPago",
    {
      preHandler: requireUser,
      schema: {
        tags: cardTags,
        summary: "Guarda una tarjeta tokenizada en el navegador",
        description:
          "card_type y last_digits se leen del token, no del cuerpo: el token es la fuente de verdad.",
        body: z.object({
          token_id: z.string().min(1).max(200),
          card_type: z.string().max(20).optional(),
          last_digits: z.string().max(4).optional(),
          saveCard: z.boolean().optional(),
        }),
        response: { 200: z.object({ metodo_pago: sourceOut, message: z.string() }) },
      },
    },
    async (request) => {
      const saved = await saveTokenizedCard(
        app.db,
        await currentCustomerId(request),
        request.body.token_id,
        cardGateway(app).name,
      );
      return { metodo_pago: toSourceOut(saved), message: t("paymentSourceSaved") };
    },
  );

  app.post(
    "/metodosPago/setup",
    {
      preHandler: requireUser,
      schema: {
        tags: cardTags,
        summary: "Agregar tarjeta en la página del procesador (Stripe: Checkout en modo setup)",
        description:
          "Devuelve la url a la que va el navegador; vuelve a /mystudio/metodos?setup={id}. 412 CARD_SETUP_IN_BROWSER con el sandbox (la tarjeta se tokeniza en el navegador y se envía a POST /metodosPago).",
        body: z.object({
          idempotency_key: z
            .string()
            .min(8)
            .max(200)
            .regex(/^[\w.:-]+$/),
        }),
        response: { 200: z.object({ id: z.string(), url: z.string() }) },
      },
    },
    async (request) => {
      const user = await request.getUser();
      return startCardSetup(cardGateway(app), {
        customer_id: await currentCustomerId(request),
        email: user?.email ?? "",
        idempotency_key: request.body.idempotency_key,
        return_url: `${app.config.publicUrl}/mystudio/metodos`,
      });
    },
  );

  app.post(
    "/metodosPago/setup/complete",
    {
      preHandler: requireUser,
      schema: {
        tags: cardTags,
        summary: "Guarda la tarjeta de una configuración terminada en la página del procesador",
        description: "402 CARD_SETUP_NOT_COMPLETED si no terminó o es de otro cliente.",
        body: z.object({
          setup_id: z
            .string()
            .min(1)
            .max(200)
            .regex(/^[\w-]+$/),
        }),
        response: { 200: z.object({ metodo_pago: sourceOut, message: z.string() }) },
      },
    },
    async (request) => {
      const gateway = cardGateway(app);
      const saved = await finishCardSetup(
        app.db,
        gateway,
        await currentCustomerId(request),
        request.body.setup_id,
      );
      if (!saved) throw AppError.of("CARD_SETUP_NOT_COMPLETED");
      return { metodo_pago: toSourceOut(saved), message: t("paymentSourceSaved") };
    },
  );

  app.delete(
    "/metodosPago/:id",
    {
      preHandler: requireUser,
      schema: {
        tags: cardTags,
        summary: "Elimina una tarjeta guardada",
        params: idParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const customerId = await currentCustomerId(request);
      if (!(await softDeleteSource(app.db, customerId, request.params.id, new Date()))) {
        // Another customer's card and a card that never existed look the same: not found.
        throw notFound("paymentSourceNotFound", "PAYMENT_SOURCE_NOT_FOUND");
      }
      return { message: t("paymentSourceDeleted") };
    },
  );
};

export default paymentMethodsRoutes;
