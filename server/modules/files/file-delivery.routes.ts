import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { storedFileParams } from "../../../domain/api/files";
import { notFound } from "../../../domain/errors";
import {
  contentDisposition,
  fileStores,
  PRIVATE_PREFIX,
  PUBLIC_PREFIX,
  type StorageKind,
} from "./file-storage";
import { deliverFile, privatizeLegacyCustomerUploads } from "./files.service";

/** Our stored names only (uuid.ext): anything else is not a file of ours, whatever it decodes to. */
const STORED_NAME = /^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

/**
 * The files that do not come from the static /files/uploads/ folder, registered outside /api
 * (their URLs are the files' `src`, used in <img> and links):
 * - /files/private/<name>: a private file, for its owner and staff only (the session cookie or
 *   Bearer token). Streamed from disk, or a redirect to a signed URL that lives minutes. Anyone
 *   else gets 404, as for a file that does not exist. Never cacheable by shared caches.
 * - /files/s3/uploads/<name>: a public file in the bucket when S3_PUBLIC_URL is not set: a
 *   redirect to a signed URL, itself cacheable a little less than the URL lives.
 * Visitors reach both, so they are public routes; the owner check is inside (deliverFile).
 */
const fileDeliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const stores = fileStores(app);

  app.addHook("onReady", async () => {
    // A failure here must not keep the studio closed: the files stay as they were, and it is retried at the next start.
    try {
      const moved = await privatizeLegacyCustomerUploads(app.db, app.config.dataDir);
      if (moved > 0) app.log.info({ moved }, "customers' earlier uploads made private");
    } catch (error) {
      app.log.warn({ err: error }, "could not make customers' earlier uploads private");
    }
  });

  async function send(
    reply: FastifyReply,
    key: string,
    storage: StorageKind | undefined,
    isPrivate: boolean,
  ) {
    const { delivery, meta } = await deliverFile(app.db, stores, await reply.request.getUser(), {
      key,
      storage,
    });
    reply.header("cache-control", isPrivate ? "private, no-store" : "public, max-age=3000");
    reply.header("x-content-type-options", "nosniff");
    if ("redirect" in delivery) return reply.redirect(delivery.redirect, 302);
    reply.header("content-type", meta.contentType);
    reply.header("content-length", delivery.size);
    if (meta.downloadName) reply.header("content-disposition", contentDisposition(meta.downloadName));
    return reply.send(delivery.stream);
  }

  app.get(
    "/files/private/:name",
    { schema: { hide: true, params: storedFileParams } },
    async (request, reply) => {
      if (!STORED_NAME.test(request.params.name)) throw notFound();
      return send(reply, `${PRIVATE_PREFIX}${request.params.name}`, undefined, true);
    },
  );

  app.get(
    "/files/s3/uploads/:name",
    { schema: { hide: true, params: storedFileParams } },
    async (request, reply) => {
      if (!STORED_NAME.test(request.params.name)) throw notFound();
      return send(reply, `${PUBLIC_PREFIX}${request.params.name}`, "aws", false);
    },
  );
};

export default fileDeliveryRoutes;
