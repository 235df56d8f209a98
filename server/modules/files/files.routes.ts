import multipart, { type MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fileAnswer, filesAnswer, renameFileBody, uploadedAnswer } from "../../../domain/api/files";
import { deletedAnswer } from "../../../domain/api/forms";
import { idParams } from "../../../domain/api/wire";
import { AppError } from "../../../domain/errors";
import { requireUser, signedInUser } from "../../auth/auth";
import { fileStores, type StorageKind } from "./file-storage";
import {
  deleteUserFile,
  fileForUser,
  filePublic,
  filesForUser,
  fileTooLarge,
  MAX_FILE_BYTES,
  renameUserFile,
  storeUpload,
  uploadIsPrivate,
} from "./files.service";

const uploaded = { 201: uploadedAnswer };

/** A multipart text field's value, if the client sent it. */
function field(part: MultipartFile, name: string): unknown {
  return (part.fields[name] as { value?: unknown } | undefined)?.value;
}

/**
 * Uploads (/files). Where the bytes go is the studio's files_location: this server's
 * disk (DATA_DIR/files, the default) or an S3-compatible bucket ('aws'); POST /files/s3 always
 * uses the bucket. A customer's uploads are private (served only to them and staff, see
 * file-delivery.routes.ts); staff uploads are public catalogue images unless `private=true`.
 */
const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
  });
  const stores = fileStores(app);

  async function upload(request: FastifyRequest, location?: StorageKind) {
    const owner = await signedInUser(request);
    const part = await request.file();
    if (!part) throw AppError.of("FILE_MISSING");
    const buffer = await part.toBuffer().catch((error: { code?: string }) => {
      // The generic 413 speaks of "content"; here we can name the file and the limit.
      if (error?.code === "FST_REQ_FILE_TOO_LARGE") throw fileTooLarge();
      throw error;
    });
    const row = await storeUpload(app.db, stores, {
      buffer,
      filename: part.filename,
      kind: field(part, "kind") === "image" ? "image" : "file",
      owner,
      isPrivate: uploadIsPrivate(owner, ["true", "1"].includes(String(field(part, "private")))),
      location,
    });
    return { file_id: row.file_id, file: filePublic(row) };
  }

  app.post(
    "/files",
    {
      onRequest: requireUser,
      schema: {
        tags: ["archivos"],
        summary:
          "Sube un archivo (multipart: file; kind=image acepta solo imágenes; private=true lo reserva al dueño y al staff)",
        consumes: ["multipart/form-data"],
        response: uploaded,
      },
    },
    async (request, reply) => reply.status(201).send(await upload(request)),
  );

  app.post(
    "/files/s3",
    {
      onRequest: requireUser,
      schema: {
        tags: ["archivos"],
        summary: "Sube un archivo al almacenamiento en la nube (S3), sea cual sea files_location",
        consumes: ["multipart/form-data"],
        response: uploaded,
      },
    },
    async (request, reply) => reply.status(201).send(await upload(request, "aws")),
  );

  app.get(
    "/files",
    {
      onRequest: requireUser,
      schema: {
        tags: ["archivos"],
        summary: "Mis archivos (todos para un administrador)",
        response: { 200: filesAnswer },
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
        response: { 200: fileAnswer },
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
        body: renameFileBody,
        response: { 200: fileAnswer },
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
        response: { 200: deletedAnswer },
      },
    },
    async (request) => {
      await deleteUserFile(app.db, stores, await signedInUser(request), request.params.id);
      return { deleted: true as const };
    },
  );
};

export default filesRoutes;
