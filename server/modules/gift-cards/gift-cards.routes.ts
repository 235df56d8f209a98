import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  buyGiftCardBody,
  creditAdjustAnswer,
  creditAdjustBody,
  creditAnswer,
  deskGiftCardBody,
  deskRedeemAnswer,
  deskRedeemBody,
  giftCardBalanceAnswer,
  giftCardBalanceQuery,
  giftCardDetailAnswer,
  giftCardRefundAnswer,
  giftCardRefundBody,
  giftCardSoldAnswer,
  giftCardsAnswer,
  giftCardsQuery,
  myBalancesAnswer,
} from "../../../domain/api/gift-cards";
import { idParams } from "../../../domain/api/wire";
import { t } from "../../../domain/messages";
import { currentCustomerId, requireAdmin, requireUser } from "../../auth/auth";
import { cardGateway } from "../../payments/gateways";
import { actorOf } from "../audit/actor";
import {
  adjustCredit,
  adminGiftCards,
  checkGiftCard,
  creditOf,
  giftCardDetail,
  giftCardsCsv,
  myBalances,
  redeemAtDesk,
  refundGiftCard,
  sellGiftCard,
} from "./gift-cards.service";

/**
 * Gift cards and saldo a favor (decisions 0090, 0091): customers buy cards and read their balance;
 * the desk sells, redeems and lists them; owner and manager refund a card and correct credit.
 */
const tags = ["tarjetas-de-regalo"];

/** Guessing a code is slowed: a few checks a minute per address (a code has ~79 random bits anyway). */
const guessLimit = { max: 10, timeWindow: "1 minute" };

const giftCardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/gift-cards",
    {
      preHandler: requireUser,
      config: { rateLimit: guessLimit },
      schema: {
        tags,
        summary:
          "Compra una tarjeta de regalo en línea (monto o paquete; para otra persona, con mensaje y fecha de envío)",
        body: buyGiftCardBody,
        response: { 200: giftCardSoldAnswer },
        errors: [
          "GIFT_CARD_AMOUNT_INVALID",
          "GIFT_CARD_DELIVERY_INVALID",
          "GIFT_CARD_DELIVERY_PAST",
          "MESSAGING_PHONE_INVALID",
          "GIFT_CARDS_DISABLED",
          "GIFT_CARD_KEY_REUSED",
          "PACKAGE_NOT_FOUND",
        ],
      },
    },
    async (request) => {
      const user = await request.getUser();
      const { payment_method, ...sale } = request.body;
      const result = await sellGiftCard(
        app,
        { ...sale, buyer_name: user?.name ?? "", buyer_email: user?.email ?? null },
        {
          via: "online",
          buyer_customer_id: await currentCustomerId(request),
          gateway: cardGateway(app),
          payment_method,
        },
      );
      return { message: t("giftCardSold"), ...result };
    },
  );

  app.get(
    "/gift-cards/balance",
    {
      config: { rateLimit: guessLimit },
      schema: {
        tags,
        summary: "Saldo y vigencia de una tarjeta de regalo por su código",
        querystring: giftCardBalanceQuery,
        response: { 200: giftCardBalanceAnswer },
        errors: ["GIFT_CARD_INVALID"],
      },
    },
    async (request) => checkGiftCard(app, request.query.code),
  );

  app.get(
    "/gift-cards/me",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Mi saldo a favor, sus movimientos y las tarjetas que compré",
        response: { 200: myBalancesAnswer },
      },
    },
    async (request) => myBalances(app, await currentCustomerId(request)),
  );

  app.get(
    "/gift-cards/admin",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Tarjetas de regalo con saldo, vigencia y estado",
        querystring: giftCardsQuery,
        response: { 200: giftCardsAnswer },
      },
    },
    async (request) => adminGiftCards(app, request.query),
  );

  app.get(
    "/gift-cards/admin/csv",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Tarjetas de regalo (CSV)",
        documentedAnswer: { description: "Tarjetas de regalo (CSV)", contentTypes: ["text/csv"] },
      },
    },
    async (_request, reply) => {
      reply.header("content-disposition", 'attachment; filename="tarjetas-de-regalo.csv"');
      reply.header("cache-control", "no-store");
      return reply.type("text/csv; charset=utf-8").send(await giftCardsCsv(app));
    },
  );

  app.get(
    "/gift-cards/admin/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Una tarjeta de regalo y sus movimientos",
        params: idParams,
        response: { 200: giftCardDetailAnswer },
        errors: ["GIFT_CARD_NOT_FOUND"],
      },
    },
    async (request) => giftCardDetail(app, request.params.id),
  );

  app.post(
    "/gift-cards/admin",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Vende una tarjeta de regalo en recepción (código para imprimir)",
        body: deskGiftCardBody,
        response: { 200: giftCardSoldAnswer },
        errors: [
          "LOCATION_NOT_FOUND",
          "GIFT_CARD_AMOUNT_INVALID",
          "GIFT_CARD_DELIVERY_INVALID",
          "GIFT_CARD_DELIVERY_PAST",
          "MESSAGING_PHONE_INVALID",
          "GIFT_CARDS_DISABLED",
          "GIFT_CARD_KEY_REUSED",
          "PACKAGE_NOT_FOUND",
        ],
      },
    },
    async (request) => {
      const { payment, reference, location_id, ...sale } = request.body;
      const result = await sellGiftCard(app, sale, {
        via: "desk",
        payment,
        reference,
        location_id,
        actor: await actorOf(request),
      });
      return { message: t("giftCardSold"), ...result };
    },
  );

  app.post(
    "/gift-cards/admin/redeem",
    {
      preHandler: requireAdmin,

      schema: {
        tags,
        summary: "Cobra en recepción parte del saldo de una tarjeta de regalo",
        body: deskRedeemBody,
        response: { 200: deskRedeemAnswer },
        errors: ["GIFT_CARD_INVALID", "GIFT_CARD_EXPIRED", "GIFT_CARD_SPENT"],
      },
    },
    async (request) => ({
      message: t("giftCardRedeemed"),
      ...(await redeemAtDesk(app.db, await actorOf(request), request.body)),
    }),
  );

  app.post(
    "/gift-cards/admin/:id/refund",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Reembolsa a quien la compró una tarjeta de regalo sin usar (30 días)",
        params: idParams,
        body: giftCardRefundBody,
        response: { 200: giftCardRefundAnswer },
        errors: ["GIFT_CARD_NOT_FOUND", "GIFT_CARD_NOT_REFUNDABLE", "GIFT_CARD_REFUND_TOO_LATE"],
      },
    },
    async (request) => ({
      message: t("giftCardRefunded"),
      gift_card: await refundGiftCard(app, cardGateway(app), await actorOf(request), request.params.id),
    }),
  );

  app.get(
    "/gift-cards/admin/customers/:id/credit",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Saldo a favor de un cliente y sus movimientos",
        params: idParams,
        response: { 200: creditAnswer },
      },
    },
    async (request) => creditOf(app.db, request.params.id),
  );

  app.post(
    "/gift-cards/admin/customers/:id/credit",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Ajusta el saldo a favor de un cliente (con motivo; nunca bajo cero)",
        params: idParams,
        body: creditAdjustBody,
        response: { 200: creditAdjustAnswer },
        errors: ["CREDIT_ADJUST_INVALID", "CREDIT_INSUFFICIENT"],
      },
    },
    async (request) => ({
      message: t("creditAdjusted"),
      ...(await adjustCredit(app.db, await actorOf(request), request.params.id, request.body)),
    }),
  );
};

export default giftCardsRoutes;
