import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  emailChangeAnswer,
  emailChangeBody,
  emailConfirmAnswer,
  emailConfirmBody,
  mySessionsAnswer,
  passwordPolicyAnswer,
  phoneAnswer,
  phoneQuery,
  profileAnswer,
  profileUpdateAnswer,
  profileUpdateBody,
  recoverAnswer,
  recoverBody,
  sessionAnswer,
  sessionIdParams,
  signupAnswer,
  signupBody,
  signupDocumentedBody,
} from "../../../domain/api/customers";
import { messageAnswer } from "../../../domain/api/wire";
import { normalizePhone, signupSchema } from "../../../domain/customers";
import { AppError } from "../../../domain/errors";
import { messages } from "../../../domain/messages";
import { authRateLimit, currentCustomerId, fromBrowser, requireUser, signedInUser } from "../../auth/auth";
import {
  countNamedIdentity,
  limitDistinctIdentities,
  limitDistinctIdentitiesBeforeSending,
  recordNamedIdentity,
  refusalWhileThrottled,
} from "../../auth/guessing-limit";
import { passwordProblemFor } from "../../auth/password-check";
import { actorOf } from "../audit/actor";
import { editCustomerAsAdmin } from "./customer-edit.service";
import { findCustomerByPhone } from "./customers.repository";
import {
  getCurrentCustomer,
  getProfile,
  isPhoneInUse,
  passwordPolicy,
  requestRecovery,
  signUpCustomer,
  updateProfile,
} from "./customers.service";
import { confirmEmailChange, requestEmailChange } from "./email-change.service";
import { parseBody } from "./parse-body";
import { endMySession, mySessions } from "./sessions.service";

const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/customer",
    {
      onRequest: requireUser,
      schema: {
        tags: ["clientes"],
        summary: "Mi perfil: datos, foto, dirección y campos obligatorios faltantes",
        response: { 200: profileAnswer },
      },
    },
    async (request) => ({ customer: await getProfile(app.db, await signedInUser(request)) }),
  );

  app.put(
    "/customer",
    {
      onRequest: requireUser,
      schema: {
        errors: ["PHONE_IN_USE", "FILE_NOT_OWNED", "STAFF_ACCOUNT_PROTECTED"],
        tags: ["clientes"],
        summary:
          "Actualiza un perfil. Un cliente: el suyo (customer_id, si viene, debe ser el propio; si no, 403). Un administrador: con el customer_id de otro cliente edita su nombre, apellido y teléfono (auditado)",
        body: profileUpdateBody,
        response: { 200: profileUpdateAnswer },
      },
    },
    async (request) => {
      const current = await signedInUser(request);
      const target = request.body.customer_id ?? current.customer_id;
      if (target !== current.customer_id) {
        if (current.role !== "admin") throw AppError.of("FORBIDDEN", { message: "profileNotYours" });
        const { name, last_name, phone } = request.body;
        const customer = await editCustomerAsAdmin(app.db, await actorOf(request), target!, {
          name,
          last_name,
          phone,
        });
        return { customer: { ...customer, role: "customer" as const }, message: messages.profileUpdated };
      }
      const { customer_id: _ownId, ...profile } = request.body;
      await updateProfile(app.db, await currentCustomerId(request), profile);
      return { customer: await getProfile(app.db, current), message: messages.profileUpdated };
    },
  );

  app.post(
    "/customer/email",
    {
      onRequest: requireUser,
      // Every request sends an email to the address it names: it waits before sending (0056 §3).
      preHandler: limitDistinctIdentitiesBeforeSending,
      onResponse: countNamedIdentity({ always: true }),
      config: { rateLimit: authRateLimit() },
      schema: {
        errors: ["EMAIL_UNCHANGED", "ACCOUNT_EXISTS"],
        tags: ["clientes"],
        summary:
          "Pide cambiar mi correo: envía un enlace de confirmación (24 h, un solo uso) a la nueva dirección; el correo actual sigue hasta que se abra",
        body: emailChangeBody,
        response: { 200: emailChangeAnswer },
      },
    },
    async (request) => requestEmailChange(app, await signedInUser(request), request.body.email),
  );

  app.post(
    "/customer/email/confirm",
    {
      config: { rateLimit: authRateLimit() },
      schema: {
        errors: ["INVALID_TOKEN", "ACCOUNT_EXISTS"],
        tags: ["clientes"],
        summary: "Confirma el cambio de correo con el enlace recibido en la nueva dirección",
        body: emailConfirmBody,
        response: { 200: emailConfirmAnswer },
      },
    },
    async (request) => confirmEmailChange(app, request.body.token),
  );

  app.get(
    "/session",
    {
      schema: {
        tags: ["clientes"],
        summary: "Sesión actual: el cliente con sesión iniciada, o null para un visitante (siempre 200)",
        response: { 200: sessionAnswer },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const current = await request.getUser();
      return { customer: current ? await getCurrentCustomer(app.db, current) : null };
    },
  );

  app.get(
    "/account/sessions",
    {
      onRequest: requireUser,
      schema: {
        tags: ["clientes"],
        summary:
          "Mis sesiones abiertas: dispositivo, lugar (dirección IP) y hora de cada una; nunca su token",
        response: { 200: mySessionsAnswer },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { sessions: await mySessions(app, request) };
    },
  );

  app.delete(
    "/account/sessions/:id",
    {
      onRequest: requireUser,
      schema: {
        errors: ["SESSION_NOT_FOUND"],
        tags: ["clientes"],
        summary: "Cierra una de mis sesiones (también la actual)",
        params: sessionIdParams,
        response: { 200: messageAnswer },
      },
    },
    async (request) => endMySession(app, request, request.params.id),
  );

  app.get(
    "/customer/phone",
    {
      config: { rateLimit: authRateLimit({ max: 60 }) },
      preHandler: limitDistinctIdentities,
      schema: {
        tags: ["clientes"],
        summary:
          "¿Ya hay una cuenta con este teléfono? A visitantes y clientes solo responde sí o no (el propio no cuenta); a un administrador, también quién es",
        querystring: phoneQuery,
        response: { 200: phoneAnswer },
      },
    },
    async (request) => {
      const current = await request.getUser();
      const phone = normalizePhone(request.query.phone);
      if (current?.role === "admin") {
        const customer = phone.length > 0 ? await findCustomerByPhone(app.db, phone) : null;
        return { exists: customer !== null, customer };
      }
      const exists = phone.length > 0 && (await isPhoneInUse(app.db, phone, current?.customer_id ?? null));
      // A phone that has an account is what a guesser is after: that answer counts, and while
      // this address waits (decision 0056 §3) it is a 429 instead.
      if (exists) {
        const refusal = refusalWhileThrottled(request, null);
        if (refusal) throw refusal;
        recordNamedIdentity(request);
      }
      return { exists };
    },
  );

  for (const url of ["/customer/signup", "/customer"]) {
    app.post(
      url,
      {
        config: { rateLimit: authRateLimit() },
        preHandler: limitDistinctIdentities,
        onResponse: countNamedIdentity(),
        schema: {
          tags: ["clientes"],
          summary:
            "Registro completo: teléfono libre, cuenta, registro de cliente y sesión iniciada (cookie y cabecera set-auth-token), todo o nada",
          body: signupBody,
          documentedBody: signupDocumentedBody,
          errors: ["PHONE_IN_USE", "ACCOUNT_EXISTS", "PASSWORD_POLICY", "MUST_ACCEPT_TERMS"],
          response: { 201: signupAnswer },
        },
      },
      async (request, reply) => {
        try {
          const config = await app.appConfig.get();
          const input = parseBody(signupSchema(passwordPolicy(config)), request.body);
          const weak = await passwordProblemFor(app, input.password, {
            email: input.email,
            names: [input.name, input.last_name],
          });
          if (weak) throw new AppError(400, "PASSWORD_POLICY", weak, { fields: { password: weak } });
          const { customer, headers } = await signUpCustomer({ db: app.db, auth: app.auth, config }, input);
          const cookies = headers.getSetCookie();
          if (cookies.length > 0) reply.header("set-cookie", cookies);
          const token = fromBrowser(request) ? null : headers.get("set-auth-token");
          if (token)
            reply.header("set-auth-token", token).header("access-control-expose-headers", "set-auth-token");
          return reply.status(201).send({ customer: { ...customer, role: "customer" as const } });
        } catch (error) {
          // "Already has an account" tells a guesser something: a 429 while this address waits
          // (decision 0056 §3); a new account goes through.
          if (error instanceof AppError && error.status === 409) throw refusalWhileThrottled(request, error);
          throw error;
        }
      },
    );
  }

  app.post(
    "/customer/recover",
    {
      config: { rateLimit: authRateLimit() },
      preHandler: limitDistinctIdentitiesBeforeSending,
      onResponse: countNamedIdentity({ always: true }),
      schema: {
        tags: ["clientes"],
        summary: "Envía el correo para restablecer la contraseña (misma respuesta exista o no la cuenta)",
        body: recoverBody,
        response: { 200: recoverAnswer },
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
        response: { 200: passwordPolicyAnswer },
      },
    },
    async () => ({ policy: passwordPolicy(await app.appConfig.get()) }),
  );
};

export default customersRoutes;
