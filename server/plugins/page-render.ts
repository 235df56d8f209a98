import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HtmlDocument } from "./html-document";
import { injectPage, type PageHead } from "./page-template";
import { ScopedAsyncLocalStorage } from "./scoped-async-storage";

/**
 * Public pages rendered on the server (decision 0012): a visitor's phone paints the studio's page
 * from the first response instead of waiting for the JavaScript, and link previews (WhatsApp,
 * Facebook), which never run scripts, read each page's own title, description and picture.
 *
 * Only for visitors without a session and only for the public site: whoever is signed in, and
 * every account, admin, checkout and sign-in screen, gets the app shell as before. Anything that
 * goes wrong (no SSR build, a failed API read, a slow render) also falls back to the shell, so this
 * can make a page faster but never break it.
 */

/** The module web/entry-server.tsx builds to (vite build --ssr). */
interface ServerEntry {
  configureServerRendering(options: {
    transport: (url: string, init: RequestInit) => Promise<Response>;
    origin: string;
  }): void;
  renderPage(url: string): Promise<{ html: string; head: PageHead; state: unknown }>;
}

const RENDER_TIMEOUT_MS = 3_000;

/** Screens that are never rendered on the server: personal, forms, or payment steps. */
const CLIENT_ONLY =
  /^\/(mystudio|admin|checkout|gracias|entrar|registro|recuperar|restablecer|confirmar-correo|equipo|api|assets|files)(\/|$)/;

export function isServerRenderedPath(pathname: string): boolean {
  return !CLIENT_ONLY.test(pathname);
}

/** A session cookie (better-auth's, plain or __Secure-) or a bearer token: the app shell instead. */
function hasSession(request: FastifyRequest): boolean {
  return Boolean(request.headers.authorization) || /session_token=/.test(request.headers.cookie ?? "");
}

export interface PageRenderer {
  /** The page's HTML, or null when the app shell should be sent instead. */
  render(request: FastifyRequest): Promise<HtmlDocument | null>;
}

/** Loads the SSR build if there is one; null means pages are rendered in the browser only. */
export async function loadPageRenderer(
  app: FastifyInstance,
  options: { ssrDir: string; template: string },
): Promise<PageRenderer | null> {
  const entryPath = path.resolve(options.ssrDir, "entry-server.js");
  if (!fs.existsSync(entryPath)) {
    app.log.info({ entryPath }, "sin build de SSR: las páginas públicas se renderizan en el navegador");
    return null;
  }
  const entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;

  // The visitor's address, so the page's API reads count against their own rate limit.
  // Scoped: a plain AsyncLocalStorage would tax every later request after the first render.
  const visitor = new ScopedAsyncLocalStorage<string>();
  entry.configureServerRendering({
    origin: app.config.publicUrl,
    transport: async (url, init) => {
      const response = await app.inject({
        method: (init.method ?? "GET") as "GET",
        url,
        headers: { accept: "application/json" },
        remoteAddress: visitor.getStore() ?? "127.0.0.1",
      });
      const empty = response.statusCode === 204 || response.statusCode === 304;
      return new Response(empty ? null : response.body, {
        status: response.statusCode,
        headers: { "content-type": String(response.headers["content-type"] ?? "application/json") },
      });
    },
  });

  /** Rejects when the page cannot be rendered, so the read cache does not keep the failure. */
  const renderFresh = async (url: string, ip: string): Promise<HtmlDocument> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("la página tardó demasiado")), RENDER_TIMEOUT_MS);
    });
    try {
      const page = await Promise.race([visitor.run(ip, () => entry.renderPage(url)), timeout]);
      const pathname = url.split("?")[0] ?? "/";
      const pageUrl = new URL(pathname, app.config.publicUrl).toString();
      return new HtmlDocument(injectPage(options.template, { ...page, url: pageUrl }));
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    async render(request) {
      if (request.method !== "GET" || hasSession(request)) return null;
      const url = request.url;
      if (!isServerRenderedPath(url.split("?")[0] ?? "/")) return null;
      // Shared by every visitor for a second or so and emptied by any write through the API, like
      // the schedule (app.readCache, decision 0013).
      try {
        return await app.readCache.get(`page:${url}`, () => renderFresh(url, request.ip));
      } catch (error) {
        app.log.warn({ url, err: error }, "SSR: no se pudo renderizar; se envía el shell");
        return null;
      }
    },
  };
}
