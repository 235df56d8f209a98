/**
 * Renders a public page to HTML on the server (decision 0012), so a visitor's phone paints the
 * studio's page as soon as the HTML arrives instead of after the JavaScript and the config. Built
 * by `vite build --ssr` into dist/ssr and called by server/plugins/page-render.ts, which answers
 * the page's API requests in-process and caches the result.
 *
 * Data: the page's own useQuery/useSuspenseQuery calls say what it needs. Each pass renders the
 * app, then fetches every query the pass created and has no data yet; the next pass renders with
 * that data. It stops when a pass asks for nothing new, and the queries go to the browser in the
 * HTML so its first render is the same and nothing is fetched twice.
 */
import { type DehydratedState, dehydrate, type Query, type QueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import type { AppConfig } from "../domain/app-config";
import { DEFAULT_TIMEZONE } from "../domain/format";
import { type ZoneOffsets, zoneOffsetsAround } from "../domain/zone-offsets";
import { App, createQueryClient } from "./app/app";
import { setApiTransport } from "./lib/api-client";
import { appConfigQueryKey } from "./lib/app-config";
import { setServerOrigin } from "./lib/site-origin";
import { type CollectedSeo, SeoCollectorContext } from "./lib/use-seo";

export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  head: CollectedSeo;
  state: ServerState;
}

/** What the browser's first render starts from (web/app/boot.tsx reads it from #ssr-state). */
export interface ServerState {
  /** TanStack Query's dehydrated cache: the page's data. */
  queries: DehydratedState;
  /** The studio zone's offsets, so the page's dates need no Intl time-zone data in the browser. */
  zoneOffsets: ZoneOffsets;
}

/** Passes before giving up: the home page needs three (layout, page, sections' data). */
const MAX_PASSES = 5;

export function configureServerRendering(options: { transport: ApiTransport; origin: string }): void {
  setApiTransport(options.transport);
  setServerOrigin(options.origin);
}

/** The page being rendered, for the router (App takes a router component, not a URL). */
const RenderedUrl = createContext("/");

function ServerRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location={useContext(RenderedUrl)}>{children}</StaticRouter>;
}

async function renderToHtml(node: ReactNode): Promise<string> {
  // No size makes React move a boundary out of place: that takes inline scripts, which the site's
  // Content-Security-Policy (script-src 'self') rightly blocks. The page is sent whole anyway.
  const { prelude } = await prerenderToNodeStream(node, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

/** A query the page rendered but that has no data yet (and is not switched off). */
function waitingForData(query: Query): boolean {
  if (query.state.status !== "pending") return false;
  const enabled = (query.options as { enabled?: unknown }).enabled;
  return typeof enabled === "function" ? enabled(query) !== false : enabled !== false;
}

function failedQuery(queryClient: QueryClient): Query | undefined {
  return queryClient
    .getQueryCache()
    .getAll()
    .find((query) => query.state.status === "error");
}

/**
 * Renders `url` (path and query string). Throws when the page cannot be rendered exactly as the
 * browser would (a request failed, or it needs more passes): the server then sends the plain app
 * shell, which loads the page in the browser as before.
 */
export async function renderPage(url: string): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });

  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    const seo: Partial<CollectedSeo> = {};
    const html = await renderToHtml(
      <RenderedUrl value={url}>
        <SeoCollectorContext value={seo}>
          <App queryClient={queryClient} Router={ServerRouter} />
        </SeoCollectorContext>
      </RenderedUrl>,
    );
    const failed = failedQuery(queryClient);
    if (failed) throw new Error(`La consulta ${JSON.stringify(failed.queryKey)} falló al renderizar ${url}`);
    const waiting = queryClient.getQueryCache().getAll().filter(waitingForData);
    if (waiting.length === 0) {
      const config = queryClient.getQueryData<AppConfig>(appConfigQueryKey);
      if (!config) throw new Error(`Sin configuración del estudio al renderizar ${url}`);
      const state: ServerState = {
        queries: dehydrate(queryClient),
        zoneOffsets: zoneOffsetsAround(config.timezone || DEFAULT_TIMEZONE),
      };
      return { html, head: completeHead(seo, config), state };
    }
    await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
  }
  throw new Error(`${url} pidió datos nuevos en ${MAX_PASSES} pasadas`);
}

/** Pages that only set a title get the studio's description and picture, as useSeo does. */
function completeHead(seo: Partial<CollectedSeo>, config: AppConfig): CollectedSeo {
  return {
    title: seo.title || config.business_name,
    description:
      seo.description || (config.hero_subtitle || config.business_name).replace(/\s+/g, " ").trim(),
    image: seo.image ?? config.hero_image ?? "",
    type: seo.type ?? "website",
  };
}
