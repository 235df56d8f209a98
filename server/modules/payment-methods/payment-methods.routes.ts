import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  cardSetupAnswer,
  cardSetupBody,
  finishCardSetupBody,
  paymentMethodAnswer,
  paymentMethodBody,
  paymentMethodSavedAnswer,
  paymentMethodsAnswer,
  paymentMethodsQuery,
  paymentMethodUpdateBody,
  saveCardBody,
  savedCardAnswer,
  savedCardsAnswer,
} from "../../../domain/api/payment-methods";
import { idParams, messageAnswer } from "../../../domain/api/wire";
import { AppError, notFound } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import { currentCustomerId, requireAdmin, requireUser } from "../../auth/auth";
import { cardGateway } from "../../payments/gateways";
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
        querystring: paymentMethodsQuery,
        response: { 200: paymentMethodsAnswer },
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
        response: { 200: paymentMethodAnswer },
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
        body: paymentMethodBody,
        response: { 200: paymentMethodSavedAnswer },
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
        body: paymentMethodUpdateBody,
        response: { 200: paymentMethodSavedAnswer },
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
        response: { 200: messageAnswer },
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
        response: { 200: savedCardsAnswer },
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
        body: saveCardBody,
        response: { 200: savedCardAnswer },
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
        body: cardSetupBody,
        response: { 200: cardSetupAnswer },
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
        body: finishCardSetupBody,
        response: { 200: savedCardAnswer },
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
        response: { 200: messageAnswer },
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
