import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../../domain/errors";
import { servedInline } from "../../domain/uploads";
import { HtmlDocument } from "./html-document";
import { loadPageRenderer } from "./page-render";

export type StaticWebOptions = { webDist: string; ssrDist: string; dataDir: string };

/**
 * Serves the built SPA: hashed files under /assets/ are cached for a year (immutable); every other
 * file is revalidated; any unknown non-API path gets index.html so client routes work on reload.
 * Unknown /api paths answer the JSON 404 instead. Public pages for visitors without a session come
 * rendered from the server when the SSR build exists (page-render.ts, decision 0012).
 */
export default fp(async function staticWebPlugin(app: FastifyInstance, opts: StaticWebOptions) {
  const root = path.resolve(opts.webDist);
  const indexPath = path.join(root, "index.html");
  const hasBuild = fs.existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header("cache-control", "public, max-age=31536000, immutable");
        } else {
          res.header("cache-control", "public, max-age=0, must-revalidate");
        }
      },
    });
  }
  // Uploaded files live in DATA_DIR/files, served read-only under /files/. Private uploads
  // (DATA_DIR/files/private) are never served from here: only by the owner-checking route of
  // modules/files/file-delivery.routes.ts.
  const filesRoot = path.join(opts.dataDir, "files");
  fs.mkdirSync(filesRoot, { recursive: true });
  await app.register(fastifyStatic, {
    root: filesRoot,
    prefix: "/files/",
    decorateReply: !hasBuild,
    allowedPath: (pathName) => !/^[/\\]*private([/\\]|$)/i.test(pathName),
    setHeaders(res, filePath) {
      res.header("cache-control", "public, max-age=86400");
      res.header("x-content-type-options", "nosniff");
      if (!servedInline(filePath)) res.header("content-disposition", "attachment");
    },
  });

  const indexHtml = hasBuild ? fs.readFileSync(indexPath, "utf8") : null;
  const shell = indexHtml ? new HtmlDocument(indexHtml) : null;
  const renderer = indexHtml
    ? await loadPageRenderer(app, { ssrDir: opts.ssrDist, template: indexHtml })
    : null;
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split("?")[0]!;
    const looksLikeFile = /\.[a-z0-9]{2,5}$/i.test(url);
    if (url.startsWith("/api/") || url === "/api" || looksLikeFile || request.method !== "GET" || !shell) {
      const error = AppError.of(404, "NOT_FOUND", url.startsWith("/api") ? "routeNotFound" : "notFound");
      return reply.status(404).send(error.toBody());
    }
    const page = (await renderer?.render(request)) ?? shell;
    return page.send(request, reply);
  });
});
