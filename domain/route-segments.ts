/*
 * Plain lists, no imports: the router (web/app/routes/) reads them in the entry chunk every
 * visitor loads, so this file must not pull Zod or the message catalogue in (docs/decisions/0075; a first version in
 * domain/content.ts added 27 KB gzip to the home page).
 */

/**
 * First path segments of the public site's own screens (web/app/routes/public-routes.ts takes
 * them from here: one owner). A content page or the studio's packages path with one of these would be shadowed by
 * the screen, or shadow it. web/app/router.test.ts checks every public route is listed.
 */
export const PUBLIC_ROUTE_SEGMENTS = [
  "entrar",
  "registro",
  "recuperar",
  "restablecer",
  "confirmar-correo",
  "equipo",
  "calendario",
  "paquetes",
  "avisos",
  "ubicacion",
  "coach",
  "instructor",
  "preguntas-frecuentes",
  "checkout",
  "gracias",
  "mystudio",
  "admin",
  "kiosco",
] as const;

/** Segments under /mystudio (the packages path must not take one of them). */
export const ACCOUNT_ROUTE_SEGMENTS = [
  "online",
  "video",
  "reservaciones",
  "waitlists",
  "paquetes",
  "informacion",
  "membresias",
  "pagos",
  "metodos",
  "creditos",
  "carta-responsiva",
  "tarjetas-de-regalo",
  "saldo",
] as const;

/** What the server answers itself at the top level (the API, built files, feeds). */
const SERVER_PATHS = [
  "api",
  "assets",
  "demo",
  "files",
  "icons",
  "sitemap.xml",
  "robots.txt",
  "manifest.webmanifest",
  "sw.js",
] as const;

/** Slugs a content page may not take: the screens' segments and the server's own paths. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([...PUBLIC_ROUTE_SEGMENTS, ...SERVER_PATHS]);
