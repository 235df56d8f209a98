import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  acceptOfferAnswer,
  acceptOfferBody,
  classWaitlistAnswer,
  classWaitlistParams,
  joinWaitlistAnswer,
  joinWaitlistBody,
  myWaitlistsAnswer,
  waitlistAnswer,
} from "../../../domain/api/waitlists";
import { idParams, messageAnswer } from "../../../domain/api/wire";
import { t } from "../../../domain/messages";
import { currentCustomerId, requireUser } from "../../auth/auth";
import { notifyBookingConfirmed } from "../notifications/notifications.service";
import {
  acceptOffer,
  getMyWaitlist,
  getMyWaitlistForClass,
  joinWaitlist,
  leaveWaitlist,
  listMyWaitlists,
} from "./waitlists.service";

const tags = ["listas de espera"];

/**
 * Mis Listas de Espera and the class card's waitlist button (docs/product-rules.md#waitlists); the
 * promotion jobs are in waitlists.jobs.ts.
 */
const waitlistsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/waitlist",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Mis listas de espera: clase, coach, fecha, cuándo me anoté, lugar en la fila y estado",
        response: { 200: myWaitlistsAnswer },
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
        params: classWaitlistParams,
        response: { 200: classWaitlistAnswer },
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
        params: idParams,
        response: { 200: waitlistAnswer },
        errors: ["WAITLIST_NOT_FOUND"],
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
        body: joinWaitlistBody,
        response: { 200: joinWaitlistAnswer },
        errors: [
          "WAITLIST_DISABLED",
          "CLASS_NOT_FOUND",
          "CLASS_CANCELLED",
          "CLASS_HAS_SEATS",
          "WAITLIST_CLOSED",
          "ALREADY_BOOKED",
          "ALREADY_ON_WAITLIST",
        ],
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
        body: acceptOfferBody,
        response: { 200: acceptOfferAnswer },
        // A seat gone meanwhile answers WAITLIST_OFFER_TAKEN, not the booking's SOLD_OUT.
        errors: [
          "WAITLIST_DISABLED",
          "WAITLIST_NOT_FOUND",
          "WAITLIST_NO_OFFER",
          "WAITLIST_OFFER_EXPIRED",
          "WAITLIST_OFFER_TAKEN",
          "CLASS_CANCELLED",
          "ALREADY_BOOKED",
          "NO_CREDITS",
          "NEEDS_PACKAGE",
          "PENALTY_ACTIVE",
          "MEMBERSHIP_FROZEN",
        ],
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
        params: idParams,
        response: { 200: messageAnswer },
        errors: ["WAITLIST_NOT_FOUND"],
      },
    },
    async (request) => {
      await leaveWaitlist(app.db, await currentCustomerId(request), request.params.id);
      return { message: t("waitlistLeft") };
    },
  );
};

export default waitlistsRoutes;
