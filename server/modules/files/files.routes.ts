import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../domain/errors";
import { requireUser, signedInUser } from "../../plugins/auth";
import {
  deleteUserFile,
  fileForUser,
  filePublic,
  filesForUser,
  fileTooLarge,
  MAX_FILE_BYTES,
  renameUserFile,
  storeUpload,
} from "./files.service";

const fileOut = z.object({
  file_id: z.number(),
  name: z.string(),
  type: z.string().nullable(),
  size: z.number().nullable(),
  src: z.string(),
  customer_id: z.number().nullable(),
  createdAt: z.string(),
});
const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Uploads (seed 000 §7 /files). Local storage under DATA_DIR/files, served at /files/...; the S3
 * mode (files_location=aws, POST /files/s3) is not implemented yet.
 */
const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
  });

  app.post(
    "/files",
    {
      onRequest: requireUser,
      schema: {
        tags: ["archivos"],
        summary: "Sube un archivo (multipart: file, y kind=image para aceptar solo imágenes)",
        consumes: ["multipart/form-data"],
        response: { 201: z.object({ file_id: z.number(), file: fileOut }) },
      },
    },
    async (request, reply) => {
      const owner = await signedInUser(request);
      const part = await request.file();
      if (!part) throw AppError.of(400, "FILE_MISSING", "fileMissing");
      const buffer = await part.toBuffer().catch((error: { code?: string }) => {
        // The generic 413 speaks of "content"; here we can name the file and the limit.
        if (error?.code === "FST_REQ_FILE_TOO_LARGE") throw fileTooLarge();
        throw error;
      });
      const kindField = part.fields.kind as { value?: unknown } | undefined;
      const kind = kindField?.value === "image" ? "image" : "file";
      const row = await storeUpload(app.db, app.config.dataDir, {
        buffer,
        filename: part.filename,
        kind,
        owner,
      });
      return reply.status(201).send({ file_id: row.file_id, file: filePublic(row) });
    },
  );

  app.get(
    "/files",
    {
      onRequest: requireUser,
      schema: {
        tags: ["archivos"],
        summary: "Mis archivos (todos para un administrador)",
        response: { 200: z.object({ files: z.array(fileOut) }) },
      },
    },
    async (request) => ({ files: (await filesForUser(app.db, await signedInUser(request))).map(filePublic) }),
  );

  app.get(
    "/files/:id",
    {
      onRequest: requireUser,
      schema: {
        tags: ["archivos"],
        summary: "Un archivo propio",
        params: idParams,
        response: { 200: z.object({ file: fileOut }) },
      },
    },
    async (request) => ({
      file: filePublic(await fileForUser(app.db, await signedInUser(request), request.params.id)),
    }),
  );

  app.put(
    "/files",
    {
      onRequest: requireUser,
      schema: {
        tags: ["archivos"],
        summary: "Renombra un archivo propio",
        body: z.object({ file_id: z.number().int().positive(), name: z.string().trim().min(1).max(120) }),
        response: { 200: z.object({ file: fileOut }) },
      },
    },
    async (request) => ({
      file: filePublic(
        await renameUserFile(app.db, await signedInUser(request), request.body.file_id, request.body.name),
      ),
    }),
  );

  app.delete(
    "/files/:id",
    {
      onRequest: requireUser,
      schema: {
        tags: ["archivos"],
        summary: "Borra un archivo propio",
        params: idParams,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await deleteUserFile(app.db, app.config.dataDir, await signedInUser(request), request.params.id);
      return { deleted: true as const };
    },
  );
};

export default filesRoutes;
