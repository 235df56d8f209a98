import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  customerActiveAnswer,
  customerNoteAddedAnswer,
  customerNoteBody,
  customerRecordAnswer,
  customerRecordBody,
  customerTagsAnswer,
  customerTagsBody,
  customerTagsSavedAnswer,
  customerTrialAnswer,
  deskCardsAnswer,
  deskSaleAnswer,
  deskSaleBody,
  mergeCustomerAnswer,
  mergeCustomerBody,
  savedCardSaleBody,
} from "../../../domain/api/admin-customers";
import { idParams, messageAnswer } from "../../../domain/api/wire";
import { t } from "../../../domain/messages";
import { requireAdmin } from "../../auth/auth";
import { cardGateway } from "../../payments/gateways";
import { actorOf } from "../audit/actor";
import { requestEmailChange } from "../customers/email-change.service";
import { sendPurchaseReceipt } from "../purchases/receipt-email";
import { customerTrial, type DeskSaleChannel, sellAtDesk } from "./admin-customers.service";
import {
  addNote,
  allTags,
  mergeCustomers,
  sendPasswordReset,
  setActive,
  setTags,
  updateRecord,
} from "./customer-record.service";
import { chargeSavedCardAtDesk, deskCards } from "./desk-card-sale.service";

const tags = ["admin", "clientes"];
/**
 * The customer record at the front desk (decision 0022): edit it, tag it, write internal notes,
 * send a password-reset link, deactivate / reactivate, merge two accounts, sell or gift a package
 * at the counter. Admin only; every change is audited by its service.
 */
const customerRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    "/customer/admin/:id",
    {
      preHandler: requireAdmin,
      schema: {
        errors: ["CUSTOMER_NOT_FOUND", "PHONE_IN_USE", "EMAIL_IN_USE", "STAFF_ACCOUNT_PROTECTED"],
        tags,
        summary:
          "Edita los datos del cliente (nombre, apellido, correo, teléfono, nacimiento, instagram, dirección). Un nuevo correo de acceso cambia solo cuando la persona lo confirma desde esa dirección (se avisa también a la actual); el de alguien del equipo solo lo cambia esa persona",
        params: idParams,
        body: customerRecordBody,
        response: { 200: customerRecordAnswer },
      },
    },
    async (request) => {
      const { email_change, ...result } = await updateRecord(
        app.db,
        await actorOf(request),
        request.params.id,
        request.body,
      );
      if (!email_change) return { message: t("customerUpdated"), ...result, pending_email: null };
      await requestEmailChange(app, email_change.login, email_change.new_email, { byStudio: true });
      return {
        message: t("customerEmailChangePending", { email: email_change.new_email }),
        ...result,
        pending_email: email_change.new_email,
      };
    },
  );

  app.get(
    "/customer/admin/tags",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Etiquetas de clientes en uso, con cuántos clientes tiene cada una",
        response: { 200: customerTagsAnswer },
      },
    },
    async () => ({ tags: await allTags(app.db) }),
  );

  app.put(
    "/customer/admin/:id/tags",
    {
      preHandler: requireAdmin,
      schema: {
        errors: ["CUSTOMER_NOT_FOUND"],
        tags,
        summary: "Reemplaza las etiquetas del cliente (p. ej. «lesión», «VIP»)",
        params: idParams,
        body: customerTagsBody,
        response: { 200: customerTagsSavedAnswer },
      },
    },
    async (request) => {
      const saved = await setTags(app.db, await actorOf(request), request.params.id, request.body.tags);
      return { message: t("tagsSaved"), tags: saved };
    },
  );

  app.post(
    "/customer/admin/:id/notes",
    {
      preHandler: requireAdmin,
      schema: {
        errors: ["CUSTOMER_NOT_FOUND"],
        tags,
        summary: "Agrega una nota interna (fechada y firmada; el cliente nunca la ve)",
        params: idParams,
        body: customerNoteBody,
        response: { 201: customerNoteAddedAnswer },
      },
    },
    async (request, reply) => {
      const note = await addNote(
        app.db,
        await actorOf(request),
        request.params.id,
        request.body.body,
        request.body.visible_to_coaches,
      );
      reply.status(201);
      return { message: t("noteAdded"), note };
    },
  );

  app.post(
    "/customer/admin/:id/password-reset",
    {
      preHandler: requireAdmin,
      schema: {
        errors: [
          "CUSTOMER_NOT_FOUND",
          "NO_LOGIN",
          "CUSTOMER_DEACTIVATED",
          "CUSTOMER_MERGED",
          "STAFF_ACCOUNT_PROTECTED",
        ],
        tags,
        summary:
          "Envía al cliente el enlace para restablecer su contraseña (el mismo correo de «¿Olvidaste tu contraseña?»)",
        params: idParams,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await sendPasswordReset(app.db, app.auth, await actorOf(request), request.params.id);
      return { message: t("passwordResetSent") };
    },
  );

  for (const [path, active] of [
    ["deactivate", false],
    ["reactivate", true],
  ] as const) {
    app.post(
      `/customer/admin/:id/${path}`,
      {
        preHandler: requireAdmin,
        schema: {
          errors: [
            "CUSTOMER_NOT_FOUND",
            "CUSTOMER_MERGED",
            "ALREADY_ACTIVE",
            "ALREADY_DEACTIVATED",
            "STAFF_ACCOUNT_PROTECTED",
          ],
          tags,
          summary: active
            ? "Reactiva la cuenta: puede volver a iniciar sesión y reservar"
            : "Desactiva la cuenta: no puede iniciar sesión ni reservar; su historial se conserva",
          params: idParams,
          response: { 200: customerActiveAnswer },
        },
      },
      async (request) => {
        const customer = await setActive(app.db, await actorOf(request), request.params.id, active);
        // The login's sessions were deleted in that transaction; this instance's short cache of
        // verified sessions must not keep one alive for its last seconds.
        if (!active) app.forgetSessions();
        return { message: t(active ? "customerReactivated" : "customerDeactivatedDone"), customer };
      },
    );
  }

  app.post(
    "/customer/admin/:id/merge",
    {
      preHandler: requireAdmin,
      schema: {
        errors: [
          "CUSTOMER_NOT_FOUND",
          "MERGE_SAME",
          "CUSTOMER_MERGED",
          "MERGE_SHARED_CLASS",
          "STAFF_ACCOUNT_PROTECTED",
        ],
        tags,
        summary:
          "Une otra cuenta de la misma persona a esta: compras, créditos, reservaciones, listas de espera y demás pasan a este cliente; la otra queda desactivada",
        params: idParams,
        body: mergeCustomerBody,
        response: { 200: mergeCustomerAnswer },
      },
    },
    async (request) => {
      const result = await mergeCustomers(
        app.db,
        await actorOf(request),
        request.params.id,
        request.body.other_customer_id,
      );
      app.forgetSessions(); // the merged-away login's sessions are gone (see deactivate)
      return { message: t("customersMerged"), ...result };
    },
  );

  // The counter's sale, and the same sale repeating a trial on purpose: owner and manager only
  // (docs/product-rules.md#trial-once, decision 0093).
  const sellRoute = (path: string, channel: DeskSaleChannel, summary: string) =>
    app.post(
      path,
      {
        preHandler: requireAdmin,
        schema: {
          errors: [
            "CUSTOMER_NOT_FOUND",
            "PACKAGE_NOT_FOUND",
            "CUSTOMER_DEACTIVATED",
            "CUSTOMER_MERGED",
            "TRIAL_ALREADY_USED_DESK",
          ],
          tags,
          summary,
          params: idParams,
          body: deskSaleBody,
          response: { 200: deskSaleAnswer },
        },
      },
      async (request) => {
        const purchase = await sellAtDesk(
          app.db,
          (await app.appConfig.get()).timezone,
          await actorOf(request),
          request.params.id,
          request.body,
          new Date(),
          channel,
        );
        await sendPurchaseReceipt(app, purchase.purchase_id);
        const gift = request.body.payment === "gift";
        return { message: t(gift ? "deskGiftDone" : "deskSaleDone"), purchase_id: purchase.purchase_id };
      },
    );
  sellRoute(
    "/customer/admin/:id/sell",
    "desk",
    "Vende un paquete en mostrador (efectivo, terminal de tarjeta o transferencia) o lo regala; envía el recibo o el aviso del regalo. Una segunda clase de prueba: 409 TRIAL_ALREADY_USED_DESK",
  );
  sellRoute(
    "/customer/admin/:id/sell/trial-again",
    "desk_override",
    "Vende otra vez la clase de prueba a quien ya la tomó (dueña o gerente, queda en la auditoría)",
  );

  app.get(
    "/customer/admin/:id/trial",
    {
      preHandler: requireAdmin,
      schema: {
        errors: ["CUSTOMER_NOT_FOUND"],
        tags,
        summary: "La clase de prueba que el cliente ya tomó (null si no), para el aviso del mostrador",
        params: idParams,
        response: { 200: customerTrialAnswer },
      },
    },
    async (request) => customerTrial(app.db, (await app.appConfig.get()).timezone, request.params.id),
  );

  app.get(
    "/customer/admin/:id/cards",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Tarjetas guardadas del cliente que el mostrador puede cobrar (las del procesador en uso)",
        params: idParams,
        response: { 200: deskCardsAnswer },
      },
    },
    async (request) => ({ tarjetas: await deskCards(app.db, cardGateway(app), request.params.id) }),
  );

  app.post(
    "/customer/admin/:id/sell/saved-card",
    {
      preHandler: requireAdmin,
      schema: {
        errors: [
          "CUSTOMER_NOT_FOUND",
          "PACKAGE_NOT_FOUND",
          "PAYMENT_SOURCE_NOT_FOUND",
          "DESK_CARD_SUBSCRIPTION",
          "CARD_DECLINED",
          "CHARGE_PROCESSOR_UNREACHABLE",
        ],
        tags,
        summary: "Vende un paquete en mostrador cobrándolo a una tarjeta guardada del cliente",
        description:
          "Cargo sin el cliente presente con la tarjeta que guardó en este estudio (decisión 0022). Idempotente por idempotency_key; el cargo se registra antes de pedirlo al procesador (decisión 0066): 502 CHARGE_PROCESSOR_UNREACHABLE si no respondió, y se termina solo. 402 CARD_DECLINED con el motivo del banco (la compra queda fallida, sin créditos); 404 si la tarjeta no es del cliente o es de otro procesador.",
        params: idParams,
        body: savedCardSaleBody,
        response: { 200: deskSaleAnswer },
      },
    },
    async (request) => {
      const { purchase_id } = await chargeSavedCardAtDesk(
        app,
        cardGateway(app),
        await actorOf(request),
        request.params.id,
        request.body,
      );
      // Claimed once (decision 0051): a retry that finished an interrupted charge sends it, a replay nothing.
      await sendPurchaseReceipt(app, purchase_id);
      return { message: t("deskCardCharged"), purchase_id };
    },
  );
};

export default customerRecordRoutes;
