/**
 * The site's origin ("https://estudio.mx"): the browser's, or, while the server renders a public
 * page (web/entry-server.tsx), the configured PUBLIC_URL, so links compare the same on both sides.
 */
let serverOrigin = "";

export function setServerOrigin(origin: string): void {
  serverOrigin = origin.replace(/\/+$/, "");
}

export function siteOrigin(): string {
  return typeof window === "undefined" ? serverOrigin : window.location.origin;
}
