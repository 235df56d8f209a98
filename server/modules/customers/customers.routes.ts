import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { normalizePhone, profileUpdateSchema, signupSchema } from "../../../domain/customers";
import { messages } from "../../../domain/messages";
import { authRateLimit, currentCustomerId, requireUser, signedInUser } from "../../plugins/auth";
import {
  getCurrentCustomer,
  getProfile,
  isPhoneInUse,
  passwordPolicy,
  requestRecovery,
  signUpCustomer,
  updateProfile,
} from "./customers.service";
import { parseBody } from "./parse-body";

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

const profileOut = customerOut.extend({
  file: z
    .object({ file_id: z.number(), src: z.string(), name: z.string(), type: z.string().nullable() })
    .nullable(),
  address: z.record(z.string(), z.unknown()).nullable(),
  missing_fields: z.array(z.object({ key: z.string(), label: z.string() })),
});

const policyOut = z.object({
  min_length: z.number(),
  max_length: z.number().nullable(),
  require_lowercase: z.boolean(),
  require_uppercase: z.boolean(),
  require_numeric: z.boolean(),
  require_symbol: z.boolean(),
});

// The body is validated in the handler: its password rules depend on the studio's policy.
const signupBody = z.record(z.string(), z.unknown());

const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/customer",
    {
      onRequest: requireUser,
      schema: {
        tags: ["clientes"],
        summary: "Mi perfil: datos, foto, dirección y campos obligatorios faltantes",
        response: { 200: z.object({ customer: profileOut }) },
      },
    },
    async (request) => ({ customer: await getProfile(app.db, await signedInUser(request)) }),
  );

  app.put(
    "/customer",
    {
      onRequest: requireUser,
      schema: {
        tags: ["clientes"],
        summary: "Actualiza mi perfil (customer_id y las listas del perfil se ignoran)",
        body: profileUpdateSchema,
        response: { 200: z.object({ customer: profileOut, message: z.string() }) },
      },
    },
    async (request) => {
      await updateProfile(app.db, await currentCustomerId(request), request.body);
      return {
        customer: await getProfile(app.db, await signedInUser(request)),
        message: messages.profileUpdated,
      };
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

  app.get(
    "/customer/phone",
    {
      config: { rateLimit: authRateLimit({ max: 60 }) },
      schema: {
        tags: ["clientes"],
        summary: "¿Ya hay una cuenta con este teléfono? Solo responde sí o no (el propio no cuenta)",
        querystring: z.object({ phone: z.string().min(1).max(30) }),
        response: { 200: z.object({ exists: z.boolean() }) },
      },
    },
    async (request) => {
      const current = await request.getUser();
      const phone = normalizePhone(request.query.phone);
      return {
        exists: phone.length > 0 && (await isPhoneInUse(app.db, phone, current?.customer_id ?? null)),
      };
    },
  );

  for (const url of ["/customer/signup", "/customer"]) {
    app.post(
      url,
      {
        config: { rateLimit: authRateLimit() },
        schema: {
          tags: ["clientes"],
          summary:
            "Registro completo: teléfono libre, cuenta, registro de cliente y sesión iniciada (cookie y cabecera set-auth-token), todo o nada",
          body: signupBody,
          response: { 201: z.object({ customer: customerOut }) },
        },
      },
      async (request, reply) => {
        const config = await app.appConfig.get();
        const input = parseBody(signupSchema(passwordPolicy(config)), request.body);
        const { customer, headers } = await signUpCustomer({ db: app.db, auth: app.auth, config }, input);
        const cookies = headers.getSetCookie();
        if (cookies.length > 0) reply.header("set-cookie", cookies);
        const token = headers.get("set-auth-token");
        if (token)
          reply.header("set-auth-token", token).header("access-control-expose-headers", "set-auth-token");
        return reply.status(201).send({ customer: { ...customer, role: "customer" as const } });
      },
    );
  }

  app.post(
    "/customer/recover",
    {
      config: { rateLimit: authRateLimit() },
      schema: {
        tags: ["clientes"],
        summary: "Envía el correo para restablecer la contraseña (misma respuesta exista o no la cuenta)",
        body: z.object({ email: z.string().trim().toLowerCase().max(254) }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const email = z.email().safeParse(request.body.email);
      if (email.success) await requestRecovery(app.auth, email.data);
      return { message: messages.recoverySent };
    },
  );

  app.get(
    "/auth-policy",
    {
      schema: {
        tags: ["clientes"],
        summary: "Política de contraseñas del estudio",
        response: { 200: z.object({ policy: policyOut }) },
      },
    },
    async () => ({ policy: passwordPolicy(await app.appConfig.get()) }),
  );
};

export default customersRoutes;
