import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  lowStockAnswer,
  productBody,
  productSavedAnswer,
  productsAnswer,
  productUpdateBody,
  refundBody,
  refundDoneAnswer,
  saleBody,
  saleDoneAnswer,
  salesAnswer,
  salesQuery,
  stockMoveBody,
  stockMovedAnswer,
  variantIn,
  variantUpdateBody,
} from "../../../domain/api/retail";
import { idParams } from "../../../domain/api/wire";
import { t } from "../../../domain/messages";
import { centsToNumber } from "../../../domain/money";
import { requireAdmin } from "../../auth/auth";
import { actorOf } from "../audit/actor";
import { sendPurchaseReceipt } from "../purchases/receipt-email";
import {
  createProduct,
  createVariant,
  listCatalogue,
  lowStock,
  moveStock,
  recentSales,
  refundSale,
  sellAtCounter,
  updateProduct,
  updateVariant,
} from "./retail.service";

const tags = ["mostrador: productos"];

/** Retail at the counter (decision 0094): catalogue, stock, sales and refunds. Staff only. */
const retailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/retail/products",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Productos con sus variantes y existencias por sucursal",
        response: { 200: productsAnswer },
      },
    },
    async () => ({ products: await listCatalogue(app.db) }),
  );

  app.post(
    "/retail/products",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Crea un producto con sus variantes (talla, color, precio con IVA)",
        errors: ["RETAIL_VARIANT_DUPLICATE"],
        body: productBody,
        response: { 200: productSavedAnswer },
      },
    },
    async (request) => ({
      message: t("retailProductSaved"),
      product: await createProduct(app.db, await actorOf(request), request.body),
    }),
  );

  app.put(
    "/retail/products/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Edita un producto (nombre, IVA, alerta de existencias, a la venta)",
        errors: ["RETAIL_PRODUCT_NOT_FOUND"],
        params: idParams,
        body: productUpdateBody,
        response: { 200: productSavedAnswer },
      },
    },
    async (request) => ({
      message: t("retailProductSaved"),
      product: await updateProduct(app.db, request.params.id, request.body),
    }),
  );

  app.post(
    "/retail/products/:id/variants",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Agrega una variante (talla y color únicos en el producto)",
        errors: ["RETAIL_PRODUCT_NOT_FOUND", "RETAIL_VARIANT_DUPLICATE"],
        params: idParams,
        body: variantIn,
        response: { 200: productSavedAnswer },
      },
    },
    async (request) => ({
      message: t("retailProductSaved"),
      product: await createVariant(app.db, request.params.id, request.body),
    }),
  );

  app.put(
    "/retail/variants/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Edita el precio, el SKU o la venta de una variante",
        errors: ["RETAIL_VARIANT_NOT_FOUND"],
        params: idParams,
        body: variantUpdateBody,
        response: { 200: productSavedAnswer },
      },
    },
    async (request) => ({
      message: t("retailProductSaved"),
      product: await updateVariant(app.db, request.params.id, request.body),
    }),
  );

  app.post(
    "/retail/stock",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Entrada de mercancía o ajuste de conteo; nunca deja existencias negativas (409)",
        errors: ["RETAIL_VARIANT_NOT_FOUND", "RETAIL_OUT_OF_STOCK", "LOCATION_NOT_FOUND"],
        body: stockMoveBody,
        response: { 200: stockMovedAnswer },
      },
    },
    async (request) => ({
      message: t("retailStockMoved"),
      quantity: await moveStock(app.db, await actorOf(request), request.body),
    }),
  );

  app.get(
    "/retail/low-stock",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Variantes con pocas existencias, por sucursal",
        response: { 200: lowStockAnswer },
      },
    },
    async () => ({ items: await lowStock(app.db) }),
  );

  app.get(
    "/retail/sales",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Ventas de productos, las más recientes primero (por sucursal y entre dos días)",
        querystring: salesQuery,
        response: { 200: salesAnswer },
      },
    },
    async (request) => {
      const { limit, ...filter } = request.query;
      return {
        sales: await recentSales(app.db, limit, filter, (await app.appConfig.get()).timezone),
      };
    },
  );

  app.post(
    "/retail/sales",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Venta de mostrador: productos, un paquete o ambos en un solo pago",
        description:
          "Una transacción: el paquete como la venta de mostrador (decisión 0022, su regla de clase de prueba), cada producto descuenta existencias de la sucursal (409 RETAIL_OUT_OF_STOCK con lo que queda, y nada se escribe).",
        errors: [
          "RETAIL_CART_INVALID",
          "RETAIL_CUSTOMER_REQUIRED",
          "RETAIL_VARIANT_NOT_FOUND",
          "RETAIL_OUT_OF_STOCK",
          "LOCATION_NOT_FOUND",
          "CUSTOMER_NOT_FOUND",
          "PACKAGE_NOT_FOUND",
          "TRIAL_ALREADY_USED_DESK",
          "COUNTER_TENDER_INVALID",
          "GIFT_CARD_INVALID",
          "GIFT_CARD_EXPIRED",
          "GIFT_CARD_SPENT",
          "GIFT_CARD_BALANCE_SHORT",
          "CREDIT_INSUFFICIENT",
        ],
        body: saleBody,
        response: { 200: saleDoneAnswer },
      },
    },
    async (request) => {
      const done = await sellAtCounter(
        app.db,
        (await app.appConfig.get()).timezone,
        await actorOf(request),
        request.body,
      );
      if (done.purchase_id) await sendPurchaseReceipt(app, done.purchase_id);
      return {
        message: t("retailSaleDone"),
        sale_id: done.sale_id,
        purchase_id: done.purchase_id,
        total: centsToNumber(done.total_cents),
        paid_by_gift_card: centsToNumber(done.gift_card_cents),
        paid_by_credit: centsToNumber(done.credit_cents),
        collected: centsToNumber(done.total_cents - done.gift_card_cents - done.credit_cents),
      };
    },
  );

  app.post(
    "/retail/sales/:id/refund",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Devolución de productos: regresa el dinero y las unidades al inventario",
        description:
          "La caja devuelve hasta lo que cobró de la venta; lo que pagaron el saldo a favor y la tarjeta de regalo vuelve a ellos (decisión 0127).",
        errors: [
          "RETAIL_SALE_NOT_FOUND",
          "RETAIL_REFUND_INVALID",
          "RETAIL_REFUND_BALANCE_PAID",
          "LOCATION_NOT_FOUND",
        ],
        params: idParams,
        body: refundBody,
        response: { 200: refundDoneAnswer },
      },
    },
    async (request) => ({
      message: t("retailRefundDone"),
      ...(await refundSale(app.db, await actorOf(request), request.params.id, request.body)),
    }),
  );
};

export default retailRoutes;
