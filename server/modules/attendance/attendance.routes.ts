import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  attendBody,
  checkInAllAnswer,
  checkInAnswer,
  checkInBody,
  classAttendanceAnswer,
  seatAnswer,
  walkInAnswer,
  walkInBody,
} from "../../../domain/api/attendance";
import { idParams } from "../../../domain/api/wire";
import { t } from "../../../domain/messages";
import { requireAdmin } from "../../auth/auth";
import { actorOf } from "../audit/actor";
import {
  addWalkIn,
  checkInAll,
  classAttendance,
  markAttendance,
  reservationForCheckIn,
  setCheckInStatus,
} from "./attendance.service";

const tags = ["asistencia"];

/**
 * Check-in for staff: the reservation page the QR opens, the per-class list with each seat's
 * state (Asistió / No asistió / Cancelación tardía), "Marcar a todos" and walk-ins.
 */
const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/class_reservations/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Reservación para registrar asistencia (destino del código QR)",
        params: idParams,
        response: {
          200: checkInAnswer,
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return reservationForCheckIn(app.db, request.params.id);
    },
  );

  app.put(
    "/admin/class_reservations/:id/attend",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Marca (o desmarca) la asistencia de una reservación",
        params: idParams,
        body: attendBody,
        response: { 200: seatAnswer },
      },
    },
    async (request) => ({
      message: t("attendanceSaved"),
      class_reservation: await markAttendance(app.db, request.params.id, request.body.attend),
    }),
  );

  app.put(
    "/admin/class_reservations/:id/check_in",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Estado de una reservación en recepción: attended (Asistió), no_show (No asistió: alimenta las penalizaciones), late_cancel (Cancelación tardía: libera el lugar sin devolver el crédito) o pending",
        params: idParams,
        body: checkInBody,
        response: { 200: seatAnswer },
      },
    },
    async (request) => {
      const { status } = request.body;
      const seat = await setCheckInStatus(app, await actorOf(request), request.params.id, status);
      return {
        message: t(
          status === "late_cancel"
            ? "lateCancelSaved"
            : status === "pending"
              ? "attendanceRemoved"
              : "attendanceSaved",
        ),
        class_reservation: seat,
      };
    },
  );

  app.get(
    "/admin/single_class/:id/attendance",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Lista de asistencia de una clase: personas, invitados, lugares, pago y estado, con cuántos hay en cada estado",
        params: idParams,
        response: {
          200: classAttendanceAnswer,
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return classAttendance(app.db, request.params.id, await app.appConfig.get());
    },
  );

  app.post(
    "/admin/single_class/:id/check_in_all",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Marcar a todos: registra la asistencia de cada lugar de la clase aún sin marcar",
        params: idParams,
        response: { 200: checkInAllAnswer },
      },
    },
    async (request) => ({
      message: t("checkInAllSaved"),
      marked: await checkInAll(app.db, await actorOf(request), request.params.id),
    }),
  );

  app.post(
    "/admin/single_class/:id/walk_in",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Agrega a alguien que llegó sin reservar: un cliente existente (customer_id) o uno nuevo (nombre y teléfono), con su crédito o pagando en efectivo un paquete; queda con asistencia",
        params: idParams,
        body: walkInBody,
        response: { 200: walkInAnswer },
      },
    },
    async (request) => {
      const { customer, ...rest } = request.body;
      const created = await addWalkIn(app, await actorOf(request), request.params.id, {
        ...rest,
        customer: customer ? { ...customer, email: customer.email || null } : null,
      });
      return { message: t("walkInSaved"), ...created };
    },
  );
};

export default attendanceRoutes;
