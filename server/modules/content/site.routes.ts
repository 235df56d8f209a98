import type { FastifyPluginAsync } from "fastify";
import { packagesPathOf } from "./content-config";
import { appIconSvg, publicPaths, robotsTxt, sitemapXml, webManifest } from "./site.service";

// Studio settings change rarely; five minutes keeps crawlers and browsers close to current.
const CACHE = "public, max-age=300";

/**
 * Files crawlers and browsers expect at the site root (not under /api): sitemap.xml and
 * robots.txt built from the real routes and pages, and the web app manifest and icon from the
 * studio config. Registered before the SPA so its fallback never answers these paths.
 */
const siteRoutes: FastifyPluginAsync = async (app) => {
  const baseUrl = () => app.config.publicUrl;
  const hide = { schema: { hide: true } };

  app.get("/sitemap.xml", hide, async (_request, reply) => {
    const config = await app.appConfig.get();
    const paths = await publicPaths(app.db, config, await packagesPathOf(app));
    return reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", CACHE)
      .send(sitemapXml(baseUrl(), paths));
  });

  app.get("/robots.txt", hide, async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", CACHE).send(robotsTxt(baseUrl())),
  );

  app.get("/manifest.webmanifest", hide, async (_request, reply) =>
    reply
      .type("application/manifest+json; charset=utf-8")
      .header("cache-control", CACHE)
      .send(JSON.stringify(webManifest(await app.appConfig.get()))),
  );

  app.get("/icons/app-icon.svg", hide, async (_request, reply) =>
    reply
      .type("image/svg+xml")
      .header("cache-control", CACHE)
      .send(appIconSvg(await app.appConfig.get())),
  );
};

export default siteRoutes;
