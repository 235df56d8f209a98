import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  type DiscountBodyValues,
  discountAnswer,
  discountBody,
  discountCheckAnswer,
  discountCheckQuery,
  discountCodeParams,
  discountDeletedAnswer,
  discountsAnswer,
  discountUpdateBody,
} from "../../../domain/api/discounts";
import { idParams } from "../../../domain/api/wire";
import { centsToNumber, centsToString, toCents } from "../../../domain/money";
import { currentCustomerId, requireAdmin, requireUser } from "../../auth/auth";
import { getPackage } from "../packages/packages.service";
import {
  deleteDiscount,
  findDiscount,
  insertDiscount,
  listDiscounts,
  updateDiscount,
} from "./discounts.repository";
import { requireDiscount, resolveDiscount, toDiscountOut, totalsFor } from "./discounts.service";

const tags = ["descuentos"];

const toValues = (body: DiscountBodyValues) => ({
  ...body,
  amount: centsToString(toCents(body.amount)),
});

const discountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/discounts/code/:code",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Valida un código para un paquete",
        description: "412 DISCOUNT_USED_UP cuando ya se agotó; 412 DISCOUNT_INVALID en cualquier otro caso.",
        params: discountCodeParams,
        querystring: discountCheckQuery,
        response: { 200: discountCheckAnswer },
      },
    },
    async (request) => {
      const customer_id = await currentCustomerId(request);
      const pkg = await getPackage(app.db, request.query.class_package_id);
      const discount = await resolveDiscount(app.db, {
        code: request.params.code,
        class_package_id: pkg.class_package_id,
        customer_id,
      });
      const totals = totalsFor(pkg, discount);
      return {
        discount: toDiscountOut(discount),
        totals: {
          amount: centsToNumber(totals.amount),
          discount_total: centsToNumber(totals.discount_total),
          total: centsToNumber(totals.total),
        },
      };
    },
  );

  app.get(
    "/discounts/admin/all",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Descuentos (admin)",
        response: { 200: discountsAnswer },
      },
    },
    async () => ({ descuentos: (await listDiscounts(app.db)).map(toDiscountOut) }),
  );

  app.get(
    "/discounts/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Un descuento (admin)",
        params: idParams,
        response: { 200: discountAnswer },
      },
    },
    async (request) => ({
      discount: toDiscountOut(requireDiscount(await findDiscount(app.db, request.params.id))),
    }),
  );

  app.post(
    "/discounts",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Crea un descuento (admin)",
        body: discountBody,
        response: { 200: discountAnswer },
      },
    },
    async (request) => ({ discount: toDiscountOut(await insertDiscount(app.db, toValues(request.body))) }),
  );

  app.put(
    "/discounts",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Actualiza un descuento (admin)",
        body: discountUpdateBody,
        response: { 200: discountAnswer },
      },
    },
    async (request) => {
      const { discount_id, ...rest } = request.body;
      return {
        discount: toDiscountOut(requireDiscount(await updateDiscount(app.db, discount_id, toValues(rest)))),
      };
    },
  );

  app.delete(
    "/discounts/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Elimina un descuento (admin)",
        params: idParams,
        response: { 200: discountDeletedAnswer },
      },
    },
    async (request) => {
      requireDiscount((await deleteDiscount(app.db, request.params.id)) ? true : undefined);
      return { discount_id: request.params.id };
    },
  );
};

export default discountsRoutes;
