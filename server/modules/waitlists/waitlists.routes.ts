import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { t } from "../../../domain/messages";
import { WAITLIST_STATUSES } from "../../db/schema/waitlists";
import { currentCustomerId, requireUser } from "../../plugins/auth";
import { notifyBookingConfirmed } from "../notifications/notifications.service";
import {
  acceptOffer,
  getMyWaitlist,
  getMyWaitlistForClass,
  joinWaitlist,
  leaveWaitlist,
  listMyWaitlists,
} from "./waitlists.service";

const id = z.coerce.number().int().positive();
const tags = ["listas de espera"];

const entryOut = z
  .object({
    waitlist_id: z.number(),
    single_class_id: z.number(),
    status: z.enum(WAITLIST_STATUSES),
    position: z.number().nullable(),
    offer_expires_at: z.string().nullable(),
    class_reservation_id: z.number().nullable(),
    createdAt: z.string(),
  })
  .loose();

/**
 * Mis Listas de Espera and the class card's waitlist button (seed 000 "Waitlist"); the promotion
 * jobs are in waitlists.jobs.ts.
 */
const waitlistsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/waitlist",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Mis listas de espera: clase, coach, fecha, cuándo me anoté, lugar en la fila y estado",
        response: { 200: z.object({ waitlists: z.array(entryOut) }) },
      },
    },
    async (request) => {
      const config = await app.appConfig.get();
      return { waitlists: await listMyWaitlists(app.db, config, await currentCustomerId(request)) };
    },
  );

  app.get(
    "/waitlist/class/:single_class_id",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Mi lugar en la lista de espera de una clase (null si no estoy anotada)",
        params: z.object({ single_class_id: id }),
        response: { 200: z.object({ waitlist: entryOut.nullable() }) },
      },
    },
    async (request) => ({
      waitlist: await getMyWaitlistForClass(
        app.db,
        await currentCustomerId(request),
        request.params.single_class_id,
      ),
    }),
  );

  app.get(
    "/waitlist/:id",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Una de mis entradas de lista de espera",
        params: z.object({ id }),
        response: { 200: z.object({ waitlist: entryOut }) },
      },
    },
    async (request) => ({
      waitlist: await getMyWaitlist(app.db, await currentCustomerId(request), request.params.id),
    }),
  );

  app.post(
    "/waitlist",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Anotarme en la lista de espera de una clase llena. 409 si ya tengo lugar o ya estoy anotada; 412 si la clase aún tiene lugares",
        body: z.object({
          single_class_id: id,
          // The seeds' payload carries customer_id: accepted and ignored (the session decides).
          customer_id: z.unknown().optional(),
        }),
        response: { 200: z.object({ message: z.string(), waitlist: entryOut }) },
      },
    },
    async (request) => {
      const config = await app.appConfig.get();
      const customerId = await currentCustomerId(request);
      const waitlist = await joinWaitlist(app.db, config, customerId, request.body.single_class_id);
      return { message: t("waitlistJoined"), waitlist };
    },
  );

  app.put(
    "/waitlist",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Acepta el lugar ofrecido (modo oferta): { waitlist_id, accept: true }. El primero en aceptar se queda con el lugar; 412 si la oferta terminó o alguien lo tomó",
        body: z.object({ waitlist_id: id, accept: z.literal(true) }),
        response: {
          200: z.object({
            message: z.string(),
            class_reservation_id: z.number(),
            single_class_id: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const config = await app.appConfig.get();
      const customerId = await currentCustomerId(request);
      const booked = await acceptOffer(app.db, config, customerId, request.body.waitlist_id);
      await notifyBookingConfirmed(app, booked.class_reservation_id);
      return { message: t("waitlistOfferAccepted"), ...booked };
    },
  );

  app.delete(
    "/waitlist/:id",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Eliminarme de una lista de espera",
        params: z.object({ id }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await leaveWaitlist(app.db, await currentCustomerId(request), request.params.id);
      return { message: t("waitlistLeft") };
    },
  );
};

export default waitlistsRoutes;
