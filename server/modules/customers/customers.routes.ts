import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { unauthorized } from "../../../domain/errors";
import { requireUser } from "../../plugins/auth";
import { getCurrentCustomer } from "./customers.service";

const customerOut = z
  .object({
    customer_id: z.number().nullable(),
    uid: z.string().nullable(),
    name: z.string(),
    last_name: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
    birthdate: z.string().nullable(),
    instagram: z.string().nullable(),
    role: z.enum(["customer", "admin"]),
  })
  .loose();

const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/customer",
    {
      preHandler: requireUser,
      schema: {
        tags: ["clientes"],
        summary: "Cliente con sesión iniciada",
        response: { 200: z.object({ customer: customerOut }) },
      },
    },
    async (request) => {
      const current = await request.getUser();
      if (!current) throw unauthorized();
      return { customer: await getCurrentCustomer(app.db, current) };
    },
  );

  app.get(
    "/session",
    {
      schema: {
        tags: ["clientes"],
        summary: "Sesión actual: el cliente con sesión iniciada, o null para un visitante (siempre 200)",
        response: { 200: z.object({ customer: customerOut.nullable() }) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const current = await request.getUser();
      return { customer: current ? await getCurrentCustomer(app.db, current) : null };
    },
  );
};

export default customersRoutes;
