import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  closeKioskBody,
  kioskCheckInAnswer,
  kioskCheckInBody,
  kioskStateAnswer,
  openKioskAnswer,
  openKioskBody,
} from "../../../domain/api/kiosk";
import { messageAnswer } from "../../../domain/api/wire";
import { t } from "../../../domain/messages";
import { requireAdmin } from "../../auth/auth";
import { actorOf } from "../audit/actor";
import { checkInAtKiosk, closeKiosk, kioskOf, kioskState, openKiosk } from "./kiosk.service";

const tags = ["quiosco"];

/** The device cookie: sent only to the kiosk's own routes, never readable by the page. */
const COOKIE = "kiosk_session";
const COOKIE_PATH = "/api/kiosk";

function tokenOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === COOKIE) return decodeURIComponent(value.join("="));
  }
  return undefined;
}

function setCookie(request: FastifyRequest, reply: FastifyReply, token: string | null) {
  const secure = request.server.config.publicUrl.startsWith("https:") ? "; Secure" : "";
  const value = token
    ? `${COOKIE}=${encodeURIComponent(token)}; Max-Age=${60 * 60 * 24 * 30}`
    : `${COOKIE}=; Max-Age=0`;
  reply.header("set-cookie", `${value}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict${secure}`);
}

/**
 * The check-in kiosk (decision 0097): staff open it (POST /admin/kiosk, their session), then the
 * tablet speaks only to /kiosk/* with its device cookie: its state, check in one person, close
 * with the PIN. Nothing here lists customers.
 */
const kioskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/admin/kiosk",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Abre el modo quiosco en este dispositivo con un PIN para salir (de 4 a 8 números); la cookie del quiosco solo sirve para registrar asistencias",
        body: openKioskBody,
        response: { 200: openKioskAnswer },
      },
    },
    async (request, reply) => {
      const opened = await openKiosk(app.db, await actorOf(request), request.body);
      setCookie(request, reply, opened.token);
      return { message: t("kioskOpened"), kiosk_session_id: opened.kiosk_session_id };
    },
  );

  app.get(
    "/kiosk",
    {
      schema: {
        tags,
        summary: "Estado del quiosco de este dispositivo (401 si no está abierto)",
        response: { 200: kioskStateAnswer },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const kiosk = await kioskOf(app.db, tokenOf(request));
      return kioskState(kiosk, await app.appConfig.get());
    },
  );

  app.post(
    "/kiosk/check-in",
    {
      // A cap per device address besides the wrong-phone count per kiosk (lookupAllowed).
      config: { rateLimit: { max: 120, timeWindow: "10 minutes" } },
      schema: {
        tags,
        summary:
          "Registra la asistencia de quien muestra su código QR o escribe su teléfono, si su clase de hoy está en la ventana de registro",
        body: kioskCheckInBody,
        response: { 200: kioskCheckInAnswer },
      },
    },
    async (request) => {
      const kiosk = await kioskOf(app.db, tokenOf(request));
      return checkInAtKiosk(app.db, await app.appConfig.get(), kiosk, request.body);
    },
  );

  app.post(
    "/kiosk/close",
    {
      config: { rateLimit: { max: 30, timeWindow: "10 minutes" } },
      schema: {
        tags,
        summary: "Sale del modo quiosco con el PIN con que se abrió",
        body: closeKioskBody,
        response: { 200: messageAnswer },
      },
    },
    async (request, reply) => {
      const kiosk = await kioskOf(app.db, tokenOf(request));
      await closeKiosk(app.db, kiosk, request.body.pin);
      setCookie(request, reply, null);
      return { message: t("kioskClosed") };
    },
  );
};

export default kioskRoutes;
