import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { t } from "../../../domain/messages";
import { requireAdmin } from "../../plugins/auth";
import { actorOf } from "../audit/actor";
import {
  addWalkIn,
  CHECK_IN_STATUSES,
  checkInAll,
  classAttendance,
  markAttendance,
  reservationForCheckIn,
  setCheckInStatus,
} from "./attendance.service";

const id = z.coerce.number().int().positive();
const tags = ["asistencia"];

const seatOut = z
  .object({
    class_reservation_id: z.number(),
    single_class_id: z.number(),
    customer_id: z.number(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    guest: z.string().nullable(),
    guest_of_id: z.number().nullable(),
    spot: z.string().nullable(),
    attend: z.boolean(),
    status: z.enum(CHECK_IN_STATUSES),
    is_cash: z.boolean(),
    is_paid: z.boolean(),
    paid_with: z.string(),
    cancelled: z.boolean(),
  })
  .loose();
const classOut = z.object({ single_class_id: z.number(), class_date: z.string() }).loose();
const counts = z.object({
  pending: z.number(),
  attended: z.number(),
  no_show: z.number(),
  late_cancel: z.number(),
});

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
        params: z.object({ id }),
        response: {
          200: z.object({ class_reservation: seatOut, guests: z.array(seatOut), single_class: classOut }),
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
        params: z.object({ id }),
        body: z.object({ attend: z.boolean() }),
        response: { 200: z.object({ message: z.string(), class_reservation: seatOut }) },
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
        params: z.object({ id }),
        body: z.object({
          status: z.enum(CHECK_IN_STATUSES, {
            message: "Elige Asistió, No asistió o Cancelación tardía.",
          }),
        }),
        response: { 200: z.object({ message: z.string(), class_reservation: seatOut }) },
      },
    },
    async (request) => {
      const { status } = request.body;
      const seat = await setCheckInStatus(app, await actorOf(request), request.params.id, status);
      return {
        message: t(status === "late_cancel" ? "lateCancelSaved" : "attendanceSaved"),
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
        params: z.object({ id }),
        response: {
          200: z.object({
            single_class: classOut,
            reservations: z.array(seatOut),
            attended: z.number(),
            counts,
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return classAttendance(app.db, request.params.id);
    },
  );

  app.post(
    "/admin/single_class/:id/check_in_all",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Marcar a todos: registra la asistencia de cada lugar de la clase aún sin marcar",
        params: z.object({ id }),
        response: { 200: z.object({ message: z.string(), marked: z.number() }) },
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
        params: z.object({ id }),
        body: z.object({
          customer_id: id.nullish(),
          customer: z
            .object({
              name: z.string().trim().min(2, { message: "Escribe el nombre." }).max(80),
              last_name: z.string().trim().max(80).nullish(),
              phone: z
                .string()
                .trim()
                .regex(/^\d{10}$/, { message: "El teléfono debe tener 10 dígitos." }),
              email: z.email({ message: "Correo inválido." }).nullish().or(z.literal("")),
            })
            .nullish(),
          payment: z.enum(["credit", "cash"], { message: "Elige cómo paga: crédito o efectivo." }),
          class_package_id: id.nullish(),
          amount: z.number().min(0).max(1_000_000).nullish(),
        }),
        response: {
          200: z.object({ message: z.string(), customer_id: z.number(), class_reservation_id: z.number() }),
        },
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
