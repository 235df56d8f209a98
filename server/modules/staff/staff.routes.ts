import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  acceptInvitationAnswer,
  acceptInvitationBody,
  changeRoleAnswer,
  changeRoleBody,
  firstOwnerAnswer,
  firstOwnerBody,
  firstOwnerOpenAnswer,
  invitationAnswer,
  invitationQuery,
  inviteBody,
  myClassesAnswer,
  myClassesQuery,
  myProfileAnswer,
  myProfileBody,
  okAnswer,
  rosterAnswer,
  staffAnswer,
  staffInvitation,
  staffPermissionsAnswer,
  staffUserParams,
} from "../../../domain/api/staff";
import { idParams } from "../../../domain/api/wire";
import { authRateLimit, requireAdmin, signedInUser } from "../../auth/auth";
import { allowedRoutes } from "../../plugins/permissions";
import { actorOf } from "../audit/actor";
import * as coach from "./coach.service";
import * as staff from "./staff.service";

const tags = ["equipo"];

/**
 * The studio's team (decision 0031): the owner's staff screen, the invitation link, the first owner
 * of an empty studio, and each staff member's own day and profile. Who may call each route is in
 * server/plugins/permissions.ts (requireAdmin reads it).
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
          200: staffAnswer,
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
        body: inviteBody,
        response: { 200: staffInvitation },
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
        params: idParams,
        response: { 200: okAnswer },
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
        params: staffUserParams,
        body: changeRoleBody,
        response: { 200: changeRoleAnswer },
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
        params: staffUserParams,
        response: { 200: okAnswer },
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
        querystring: invitationQuery,
        response: { 200: invitationAnswer },
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
        body: acceptInvitationBody,
        response: { 200: acceptInvitationAnswer },
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
        response: { 200: firstOwnerOpenAnswer },
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
        summary:
          "Crea la cuenta del propietario en un estudio nuevo (una sola vez), con el código de configuración que el servidor muestra al arrancar",
        errors: ["SETUP_CLOSED", "SETUP_CODE_INVALID", "ACCOUNT_EXISTS", "PASSWORD_POLICY"],
        body: firstOwnerBody,
        response: { 200: firstOwnerAnswer },
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
        querystring: myClassesQuery,
        response: { 200: myClassesAnswer },
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
        params: idParams,
        response: { 200: rosterAnswer },
      },
    },
    async (request) => coach.roster(app.db, request.params.id, await app.appConfig.get()),
  );

  app.get(
    "/staff/me/profile",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Mi perfil de coach y el resumen de mis calificaciones",
        response: { 200: myProfileAnswer },
      },
    },
    async (request) => coach.myProfile(app.db, await signedInUser(request)),
  );

  app.get(
    "/staff/me/permissions",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Qué puedo hacer: las rutas del panel que mi rol puede usar, de la misma tabla con la que el servidor decide",
        response: { 200: staffPermissionsAnswer },
      },
    },
    async (request) => {
      const me = await signedInUser(request);
      // requireAdmin let only staff through.
      const role = me.staff_role!;
      return { staff_role: role, ...allowedRoutes(role) };
    },
  );

  app.put(
    "/staff/me/profile",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Edita mi perfil de coach (bio, frase, Instagram, música)",
        body: myProfileBody,
        response: { 200: myProfileAnswer },
      },
    },
    async (request) => coach.updateMyProfile(app.db, await signedInUser(request), request.body),
  );
};

export default staffRoutes;
