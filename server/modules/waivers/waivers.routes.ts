import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adminSignaturesAnswer,
  adminWaiversAnswer,
  currentWaiverAnswer,
  customerWaiverAnswer,
  deskSignWaiverBody,
  myWaiverAnswer,
  publishedWaiverAnswer,
  publishWaiverBody,
  signedWaiverAnswer,
  signWaiverBody,
} from "../../../domain/api/waivers";
import { idParams } from "../../../domain/api/wire";
import { t } from "../../../domain/messages";
import { currentCustomerId, requireAdmin, requireUser, signedInUser } from "../../auth/auth";
import type { Delivery, ObjectMeta } from "../files/file-storage";
import { contentDisposition, fileStores } from "../files/file-storage";
import * as service from "./waivers.service";

const tags = ["carta responsiva"];
const pdfAnswer = { description: "La carta responsiva firmada (PDF)", contentTypes: ["application/pdf"] };

/**
 * The carta responsiva (decision 0099): customers read and sign the current version and download
 * their signed copies; staff publish versions, see who signed which and collect a signature on the
 * desk's tablet (who may: domain/staff-permissions.ts).
 */
const waiversRoutes: FastifyPluginAsyncZod = async (app) => {
  const stores = fileStores(app);
  const deps = async (): Promise<service.WaiverDeps> => ({
    db: app.db,
    mailer: app.mailer,
    stores,
    config: await app.appConfig.get(),
    publicUrl: app.config.publicUrl,
    log: app.log,
  });
  const device = (request: FastifyRequest) => ({
    ip: request.ip ?? null,
    userAgent: (request.headers["user-agent"] as string | undefined) ?? null,
  });

  async function sendPdf(reply: FastifyReply, found: { delivery: Delivery; meta: ObjectMeta }) {
    reply.header("cache-control", "private, no-store");
    reply.header("x-content-type-options", "nosniff");
    if ("redirect" in found.delivery) return reply.redirect(found.delivery.redirect, 302);
    reply.header("content-type", "application/pdf");
    reply.header("content-length", found.delivery.size);
    if (found.meta.downloadName) {
      reply.header("content-disposition", contentDisposition(found.meta.downloadName));
    }
    return reply.send(found.delivery.stream);
  }

  app.get(
    "/waivers/current",
    {
      schema: {
        tags,
        summary:
          "La carta responsiva vigente (null si el estudio no ha publicado una) y si el estudio la exige",
        response: { 200: currentWaiverAnswer },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return service.currentWaiver(app.db, await app.appConfig.get());
    },
  );

  app.get(
    "/waivers/mine",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Mi situación con la carta responsiva vigente y mis copias firmadas",
        response: { 200: myWaiverAnswer },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.mySignatures(app.db, await app.appConfig.get(), await currentCustomerId(request));
    },
  );

  app.post(
    "/waivers/sign",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Firmar la carta responsiva vigente (firma dibujada como PNG o nombre escrito); se guarda el PDF firmado y se envía por correo",
        body: signWaiverBody,
        response: { 200: signedWaiverAnswer },
        errors: ["WAIVER_NOT_FOUND", "WAIVER_NOT_CURRENT", "WAIVER_SIGNATURE_INVALID"],
      },
    },
    async (request) => {
      const signature = await service.signWaiver(await deps(), request.body, {
        customerId: await currentCustomerId(request),
        ...device(request),
        collectedBy: null,
      });
      return { message: t("waiverSigned"), signature };
    },
  );

  app.get(
    "/waivers/mine/:id/pdf",
    {
      preHandler: requireUser,
      schema: { tags, summary: "Mi copia firmada (PDF)", params: idParams, documentedAnswer: pdfAnswer },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await service.signedPdf(app.db, stores, request.params.id, await currentCustomerId(request)),
      ),
  );

  app.get(
    "/admin/waivers",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Versiones de la carta responsiva con cuántas personas firmaron cada una",
        response: { 200: adminWaiversAnswer },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return service.adminVersions(app.db, await app.appConfig.get());
    },
  );

  app.post(
    "/admin/waivers",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Publicar una nueva versión de la carta responsiva (texto enriquecido, se limpia como las páginas); las anteriores se conservan y se pide firmar de nuevo",
        body: publishWaiverBody,
        response: { 201: publishedWaiverAnswer },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      return reply.status(201).send(await service.publishVersion(app.db, user.id, request.body));
    },
  );

  app.get(
    "/admin/waivers/:id/signatures",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Quién firmó una versión de la carta responsiva, cuándo y desde qué IP",
        params: idParams,
        response: { 200: adminSignaturesAnswer },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.signaturesOfVersion(app.db, request.params.id);
    },
  );

  app.get(
    "/admin/waiver-signatures/:id/pdf",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Descargar el PDF firmado de una firma",
        params: idParams,
        documentedAnswer: pdfAnswer,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await service.signedPdf(app.db, stores, request.params.id, null)),
  );

  app.get(
    "/admin/customers/:id/waiver",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "La situación de un cliente con la carta responsiva vigente y sus firmas",
        params: idParams,
        response: { 200: customerWaiverAnswer },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.customerWaiver(app.db, await app.appConfig.get(), request.params.id);
    },
  );

  app.post(
    "/admin/customers/:id/waiver",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Recabar en la tableta de recepción la firma de un cliente (queda registrado quién la recabó)",
        params: idParams,
        body: deskSignWaiverBody,
        response: { 200: signedWaiverAnswer },
        errors: ["WAIVER_NOT_FOUND", "WAIVER_NOT_CURRENT", "WAIVER_SIGNATURE_INVALID", "CUSTOMER_NOT_FOUND"],
      },
    },
    async (request) => {
      const staff = await signedInUser(request);
      const signature = await service.signWaiver(await deps(), request.body, {
        customerId: request.params.id,
        ...device(request),
        collectedBy: { id: staff.id, name: staff.name },
      });
      return { message: t("waiverSignedAtDesk"), signature };
    },
  );
};

export default waiversRoutes;
