import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { STAFF_ROLES, staffRoleSchema } from "../../../domain/staff";
import { authRateLimit, requireAdmin, signedInUser } from "../../plugins/auth";
import { actorOf } from "../audit/actor";
import * as coach from "./coach.service";
import * as staff from "./staff.service";

const tags = ["equipo"];
const role = z.enum(STAFF_ROLES);
const email = z.string().trim().toLowerCase().email({ message: "Escribe un correo válido." }).max(254);
const text = (max: number) => z.string().trim().max(max).nullable().optional();

const classOut = z.object({
  single_class_id: z.number(),
  class_date: z.date(),
  duration_minutes: z.number(),
  capacity: z.number().nullable(),
  class_type: z.string(),
  location: z.string().nullable(),
});

/**
 * The studio's team (issue 26): the owner's staff screen, the invitation link, the first owner of
 * an empty studio, and each staff member's own day and profile. Who may call each route is in
 * server/security/permissions.ts (requireAdmin reads it).
 */
const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/staff",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "El equipo del estudio y las invitaciones pendientes (propietario)",
        response: {
          200: z.object({
            staff: z.array(
              z.object({
                user_id: z.string(),
                name: z.string(),
                email: z.string(),
                role,
                customer_id: z.number().nullable(),
                instructor_id: z.number().nullable(),
              }),
            ),
            invitations: z.array(
              z.object({
                staff_invitation_id: z.number(),
                email: z.string(),
                role,
                instructor_id: z.number().nullable(),
                expires_at: z.date(),
              }),
            ),
          }),
        },
      },
    },
    async () => staff.listStaff(app.db),
  );

  app.post(
    "/staff/invitations",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Invita a alguien al equipo por correo (enlace de un solo uso que vence en 7 días)",
        body: z.object({
          email,
          role: staffRoleSchema,
          instructor_id: z.number().int().positive().nullable().optional(),
        }),
        response: {
          200: z.object({
            staff_invitation_id: z.number(),
            email: z.string(),
            role,
            instructor_id: z.number().nullable(),
            expires_at: z.date(),
          }),
        },
      },
    },
    async (request) => staff.inviteStaff(app, await actorOf(request), request.body),
  );

  app.delete(
    "/staff/invitations/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Retira una invitación pendiente",
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: z.object({ ok: z.boolean() }) },
      },
    },
    async (request) => staff.withdrawInvitation(app.db, await actorOf(request), request.params.id),
  );

  app.put(
    "/staff/:id/role",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Cambia el rol de alguien del equipo (y, para un coach, su perfil de coach)",
        params: z.object({ id: z.string().min(1).max(100) }),
        body: z.object({
          role: staffRoleSchema,
          instructor_id: z.number().int().positive().nullable().optional(),
        }),
        response: { 200: z.object({ user_id: z.string(), role }) },
      },
    },
    async (request) => staff.changeRole(app, await actorOf(request), request.params.id, request.body),
  );

  app.delete(
    "/staff/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Quita el acceso al panel (la cuenta y su historial de cliente se conservan)",
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: z.object({ ok: z.boolean() }) },
      },
    },
    async (request) => staff.removeAccess(app, await actorOf(request), request.params.id),
  );

  // ----- The invitation link (public: its single-use, expiring secret is the credential) -----

  app.get(
    "/staff/invitation",
    {
      config: { rateLimit: authRateLimit({ max: 30 }) },
      schema: {
        tags,
        summary: "Qué invitación es este enlace (correo, rol, si ya tiene cuenta)",
        querystring: z.object({ token: z.string().min(3).max(200) }),
        response: {
          200: z.object({ email: z.string(), role, studio: z.string(), has_account: z.boolean() }),
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return staff.describeInvitation(app, request.query.token);
    },
  );

  app.post(
    "/staff/invitation/accept",
    {
      config: { rateLimit: authRateLimit() },
      schema: {
        tags,
        summary: "Acepta una invitación: crea la cuenta o confirma la existente con su contraseña",
        body: z.object({
          token: z.string().min(3).max(200),
          name: z.string().trim().max(120).optional(),
          password: z.string().min(1, { message: "Escribe tu contraseña." }).max(200),
        }),
        response: { 200: z.object({ email: z.string(), role }) },
      },
    },
    async (request) => staff.acceptInvitation(app, request.body),
  );

  // ----- The first owner of an empty studio (public until it exists, then closed for good) -----

  app.get(
    "/setup/first-owner",
    {
      schema: {
        tags,
        summary: "¿Se puede crear aquí al propietario? Solo en un estudio sin equipo, una vez",
        response: { 200: z.object({ open: z.boolean() }) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { open: await staff.firstOwnerOpen(app.db) };
    },
  );

  app.post(
    "/setup/first-owner",
    {
      config: { rateLimit: authRateLimit() },
      schema: {
        tags,
        summary: "Crea la cuenta del propietario en un estudio nuevo (una sola vez)",
        body: z.object({
          name: z.string().trim().min(2, { message: "Escribe tu nombre." }).max(120),
          email,
          password: z.string().min(1, { message: "Escribe una contraseña." }).max(200),
        }),
        response: { 200: z.object({ email: z.string() }) },
      },
    },
    async (request) => staff.createFirstOwner(app, request.body),
  );

  // ----- Each staff member's own day and profile -----

  app.get(
    "/staff/me/classes",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Mis clases: las que doy entre dos fechas (hoy y la semana por omisión), con reservaciones y lista de espera",
        querystring: z.object({
          from: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Usa una fecha AAAA-MM-DD." })
            .optional(),
          days: z.coerce.number().int().min(1).max(31).default(7),
        }),
        response: {
          200: z.object({
            instructor_id: z.number().nullable(),
            from: z.string(),
            to: z.string(),
            classes: z.array(
              classOut.extend({ cancelled: z.boolean(), booked: z.number(), waiting: z.number() }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const { timezone } = await app.appConfig.get();
      return coach.myClasses(
        app.db,
        await signedInUser(request),
        timezone,
        request.query.from,
        request.query.days,
      );
    },
  );

  app.get(
    "/staff/me/classes/:id/roster",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Lista de la clase: lugares, asistencia, notas para coaches y lista de espera",
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: {
          200: z.object({
            single_class: classOut,
            seats: z.array(
              z.object({
                class_reservation_id: z.number(),
                name: z.string(),
                is_guest: z.boolean(),
                spot: z.string().nullable(),
                attend: z.boolean(),
                notes: z.array(z.object({ body: z.string(), createdAt: z.date() })),
              }),
            ),
            waitlist: z.array(z.object({ position: z.number(), name: z.string() })),
          }),
        },
      },
    },
    async (request) => coach.roster(app.db, request.params.id),
  );

  const profileOut = z.object({
    name: z.string(),
    email: z.string(),
    role,
    instructor: z
      .object({
        instructor_id: z.number(),
        name: z.string(),
        last_name: z.string().nullable(),
        nick_name: z.string().nullable(),
        quote: z.string().nullable(),
        short_bio: z.string().nullable(),
        instagram: z.string().nullable(),
        music_type: z.string().nullable(),
      })
      .nullable(),
    ratings: z.object({ count: z.number(), average: z.number().nullable() }).nullable(),
  });

  app.get(
    "/staff/me/profile",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Mi perfil de coach y el resumen de mis calificaciones",
        response: { 200: profileOut },
      },
    },
    async (request) => coach.myProfile(app.db, await signedInUser(request)),
  );

  app.put(
    "/staff/me/profile",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Edita mi perfil de coach (bio, frase, Instagram, música)",
        body: z.object({
          nick_name: text(60),
          quote: text(300),
          short_bio: text(2000),
          instagram: text(100),
          music_type: text(100),
        }),
        response: { 200: profileOut },
      },
    },
    async (request) => coach.updateMyProfile(app.db, await signedInUser(request), request.body),
  );
};

export default staffRoutes;
