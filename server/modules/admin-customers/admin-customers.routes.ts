import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  bookedForCustomerAnswer,
  bookForCustomerBody,
  cancelForCustomerParams,
  cancelForCustomerQuery,
  cancelledForCustomerAnswer,
  cashConfirmedAtDeskAnswer,
  classesRemovedAnswer,
  customerDetailAnswer,
  customerPage,
  customersQuery,
  giveAccessBody,
  liftPenaltyBody,
  purchaseChangedAnswer,
  purchaseIdBody,
  quickSearchAnswer,
  quickSearchQuery,
  removeClassesBody,
} from "../../../domain/api/admin-customers";
import { deskLocationQuery } from "../../../domain/api/cash-close";
import { idParams, messageAnswer } from "../../../domain/api/wire";
import { t } from "../../../domain/messages";
import { requireAdmin } from "../../auth/auth";
import { cardGateway } from "../../payments/gateways";
import { actorOf } from "../audit/actor";
import { notifyBookingConfirmedTo, notifyReservationCancelled } from "../notifications/notifications.service";
import { liftPenalty } from "../penalties/penalties.service";
import { confirmCashPurchaseAudited } from "../purchases/cash-confirmation";
import { sendPurchaseReceipt } from "../purchases/receipt-email";
import { CUSTOMER_SORTS } from "./admin-customers.repository";
import {
  bookForCustomer,
  cancelForCustomer,
  customerDetail,
  giveAccess,
  listCustomers,
  parseSort,
  quickSearch,
  removeClasses,
  revokeAccess,
} from "./admin-customers.service";
import customerRecordRoutes from "./customer-record.routes";

const tags = ["admin", "clientes"];
/**
 * The admin's customer screens: list and search, one customer's whole record, and
 * the desk's corrections, every one audited. Admin only.
 */
const adminCustomersRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = () => app.appConfig.get();
  await app.register(customerRecordRoutes);

  app.get(
    "/customer/admin/all",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Clientes: búsqueda por nombre, correo o teléfono, paginada y ordenable (sort=-createdAt)",
        querystring: customersQuery,
        response: { 200: customerPage },
      },
    },
    async (request) => {
      const { query, page, size, sort, tag } = request.query;
      return listCustomers(app.db, {
        query,
        page,
        size,
        tag: tag || undefined,
        ...parseSort(sort, CUSTOMER_SORTS),
      });
    },
  );

  app.get(
    "/customer/query",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Búsqueda rápida de clientes (diez resultados)",
        querystring: quickSearchQuery,
        response: { 200: quickSearchAnswer },
      },
    },
    async (request) => ({ customers: await quickSearch(app.db, request.query.query) }),
  );

  app.get(
    "/customer/admin/:id",
    {
      preHandler: requireAdmin,
      schema: {
        errors: ["CUSTOMER_NOT_FOUND"],
        tags,
        summary:
          "Un cliente: perfil, respuestas, créditos, compras, reservaciones, listas de espera, penalizaciones y bitácora",
        params: idParams,
        response: { 200: customerDetailAnswer },
      },
    },
    async (request) => customerDetail(app.db, await config(), request.params.id),
  );

  app.post(
    "/customer/giveAccess",
    {
      preHandler: requireAdmin,
      schema: {
        errors: [
          "CUSTOMER_NOT_FOUND",
          "PACKAGE_NOT_FOUND",
          "PAYMENT_METHOD_NOT_FOUND",
          "CUSTOMER_DEACTIVATED",
          "CUSTOMER_MERGED",
        ],
        tags,
        summary: "Otorga un paquete a un cliente (compra 'admin', créditos una sola vez)",
        body: giveAccessBody,
        response: { 200: purchaseChangedAnswer },
      },
    },
    async (request) => {
      const purchase = await giveAccess(
        app.db,
        (await config()).timezone,
        await actorOf(request),
        request.body,
      );
      // A gift is news to the customer: they hear of it (a paid grant's receipt is the sale's, /sell).
      if (request.body.is_gift) await sendPurchaseReceipt(app, purchase.purchase_id);
      return { message: t("accessGranted"), purchase_id: purchase.purchase_id };
    },
  );

  app.put(
    "/customer/revokeAccess",
    {
      preHandler: requireAdmin,
      schema: {
        errors: ["PURCHASE_NOT_FOUND", "ALREADY_REVOKED"],
        tags,
        summary: "Revoca una compra: estado revoked, se quitan sus créditos o su membresía ilimitada",
        body: purchaseIdBody,
        response: { 200: purchaseChangedAnswer },
      },
    },
    async (request) => {
      await revokeAccess(app.db, cardGateway(app), await actorOf(request), request.body.purchase_id);
      return { message: t("accessRevoked"), purchase_id: request.body.purchase_id };
    },
  );

  app.put(
    "/customer/removeClasses",
    {
      preHandler: requireAdmin,
      schema: {
        errors: ["CUSTOMER_NOT_FOUND", "NO_CLASSES_TO_REMOVE"],
        tags,
        summary: "Resta clases de los créditos que vencen primero (nunca por debajo de 0)",
        body: removeClassesBody,
        response: { 200: classesRemovedAnswer },
      },
    },
    async (request) => {
      const { removed } = await removeClasses(app.db, await actorOf(request), request.body);
      return { message: t("classesRemoved"), removed };
    },
  );

  app.put(
    "/customer/confirmCash",
    {
      preHandler: requireAdmin,
      schema: {
        errors: ["PURCHASE_NOT_FOUND"],
        tags,
        summary: "Confirma el pago en efectivo de una compra pendiente (con registro en la bitácora)",
        body: purchaseIdBody,
        querystring: deskLocationQuery,
        response: { 200: cashConfirmedAtDeskAnswer },
      },
    },
    async (request) => {
      const result = await confirmCashPurchaseAudited(
        app.db,
        (await config()).timezone,
        await actorOf(request),
        request.body.purchase_id,
        new Date(),
        request.query.location_id,
      );
      if (result.granted) await sendPurchaseReceipt(app, request.body.purchase_id);
      return { message: t("paymentSuccess"), purchase_id: request.body.purchase_id, granted: result.granted };
    },
  );

  app.put(
    "/customer/liftPenalty",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Levanta una penalización activa por inasistencias",
        body: liftPenaltyBody,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await liftPenalty(app.db, await actorOf(request), request.body.class_reservation_penalty_id);
      return { message: t("penaltyLifted") };
    },
  );

  app.post(
    "/customer/admin/:id/reservations",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Reserva una clase para el cliente: mismas reglas que su propia reservación, salvo que override_rules omita perfil, páginas, penalización y apertura",
        params: idParams,
        body: bookForCustomerBody,
        response: { 200: bookedForCustomerAnswer },
      },
    },
    async (request) => {
      const { host, customer, klass } = await bookForCustomer(
        app.db,
        await config(),
        await actorOf(request),
        request.params.id,
        { single_class_id: request.body.single_class_id, spot: request.body.spot ?? null },
        { overrideRules: request.body.override_rules === true },
      );
      // The customer hears of it as of their own booking: the desk may book for them by phone.
      await notifyBookingConfirmedTo(app, customer, host, klass);
      return { message: t("adminReservationBooked"), class_reservation_id: host.class_reservation_id };
    },
  );

  app.delete(
    "/customer/admin/:id/reservations/:reservationId",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Cancela una reservación del cliente con la política de cancelación, o con override_rules=true fuera de ella y devolviendo el crédito",
        params: cancelForCustomerParams,
        querystring: cancelForCustomerQuery,
        response: { 200: cancelledForCustomerAnswer },
      },
    },
    async (request) => {
      const result = await cancelForCustomer(
        app.db,
        await config(),
        await actorOf(request),
        request.params.id,
        request.params.reservationId,
        { overrideRules: request.query.override_rules === "true" },
      );
      await notifyReservationCancelled(
        app,
        result.customer,
        result.klass,
        result.refunded,
        request.params.reservationId,
      );
      return { message: t("reservationCancelled"), refunded: result.refunded };
    },
  );
};

export default adminCustomersRoutes;
