import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { t } from "../../../domain/messages";
import { requireAdmin } from "../../plugins/auth";
import { classAttendance, markAttendance, reservationForCheckIn } from "./attendance.service";

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
    is_cash: z.boolean(),
    is_paid: z.boolean(),
    paid_with: z.string(),
    cancelled: z.boolean(),
  })
  .loose();
const classOut = z.object({ single_class_id: z.number(), class_date: z.string() }).loose();

/** Check-in for staff: the reservation page the QR opens and the per-class attendance list. */
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

  app.get(
    "/admin/single_class/:id/attendance",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Lista de asistencia de una clase: personas, invitados, lugares, pago y asistencia",
        params: z.object({ id }),
        response: {
          200: z.object({ single_class: classOut, reservations: z.array(seatOut), attended: z.number() }),
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return classAttendance(app.db, request.params.id);
    },
  );
};

export default attendanceRoutes;
