import { type AppConfig, studioName } from "../../../domain/app-config";
import type { Db } from "../../db/client";
import { listInstructors } from "../instructors/instructors.service";
import { listPages } from "./pages.service";

const xmlEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * Every public URL a search engine should know: the fixed routes the studio has switched on, each
 * coach profile and each content page that has content (the same ones the footer links).
 */
export async function publicPaths(db: Db, config: AppConfig, packagesPath: string): Promise<string[]> {
  const [pages, coaches] = await Promise.all([listPages(db), listInstructors(db, false)]);
  const paths = [
    "/",
    ...(config.single_class_enabled ? ["/calendario"] : []),
    `/${packagesPath}`,
    "/avisos",
    "/ubicacion",
    "/preguntas-frecuentes",
    ...coaches.map((coach) => `/instructor/${coach.instructor_id}`),
    ...pages.filter((page) => page.content !== null).map((page) => `/${page.slug}`),
  ];
  return [...new Set(paths)];
}

export function sitemapXml(baseUrl: string, paths: string[]): string {
  const urls = paths.map((path) => `  <url><loc>${xmlEscape(baseUrl + path)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Private areas and one-off screens stay out of search results. */
export function robotsTxt(baseUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /mystudio",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /checkout/",
    "Disallow: /gracias/",
    "Disallow: /entrar",
    "Disallow: /registro",
    "Disallow: /recuperar",
    "Disallow: /restablecer",
    "Disallow: /confirmar-correo",
    "",
    `Sitemap: ${baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

/** The web app manifest: the studio's name and colours, so the installed app looks like theirs. */
export function webManifest(config: AppConfig) {
  const name = studioName(config);
  return {
    name,
    short_name: name.length > 12 ? name.slice(0, 12) : name,
    description: config.hero_subtitle || name,
    lang: "es-MX",
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: config.light,
    theme_color: config.primary,
    icons: [
      { src: "/icons/app-icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

/** A square app icon in the studio's colours with its initial (the PNGs are generic fallbacks). */
export function appIconSvg(config: AppConfig): string {
  const initial = xmlEscape((studioName(config) || "E").charAt(0).toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${config.primary}"/><stop offset="1" stop-color="${config.accent}"/></linearGradient></defs><rect width="512" height="512" rx="112" fill="url(#g)"/><text x="256" y="256" dy=".35em" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="280" font-weight="700" fill="#fff">${initial}</text></svg>\n`;
}
