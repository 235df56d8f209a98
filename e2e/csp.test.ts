import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiCall, apiSignIn, type Json } from "./api";
import { DESKTOP, launchBrowser, openQuietPage, signInAs, type WatchedPage } from "./browser";

const baseUrl = inject("baseUrl");

/**
 * Every screen of the site, as a visitor and as the demo customer, loads without one console
 * error and without one Content-Security-Policy violation (the page's own
 * `securitypolicyviolation` events, recorded from before its first script runs). Checkout
 * included. The routes are the web router's, with real ids of the demo studio; a screen added
 * later belongs in these lists. The back office's screens are walked by admin-axe.test.ts, at two
 * widths, from the router itself: a CSP violation is a console error there, which fails it.
 */

/** The first value of `key` found anywhere in an API answer (lists are read loosely). */
function firstValue(json: unknown, key: string): string | number | undefined {
  if (Array.isArray(json)) {
    for (const item of json) {
      const found = firstValue(item, key);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (json && typeof json === "object") {
    const record = json as Json;
    if (typeof record[key] === "string" || typeof record[key] === "number") return record[key];
    for (const value of Object.values(record)) {
      const found = firstValue(value, key);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

type Routes = { visitor: string[]; customer: string[] };

async function routesOfDemoStudio(): Promise<Routes> {
  const admin = await apiSignIn("admin@demo.mx");
  const customer = await apiSignIn("cliente@demo.mx");
  // A list the demo does not offer (a screen that needs a membership) leaves its route out.
  const get = async (path: string, token?: string) =>
    (await apiCall(path, { token }).catch(() => null))?.json;
  const packageId = firstValue(await get("/api/class_packages"), "class_package_id");
  const instructorId = firstValue(await get("/api/instructors"), "instructor_id");
  const slug = firstValue(await get("/api/pages"), "slug");
  const videoId = firstValue(await get("/api/videos", admin), "video_id");
  const purchaseId = firstValue(await get("/api/purchases", customer), "purchase_id");
  const when = <T>(value: unknown, path: T) => (value === undefined ? [] : [path]);
  return {
    visitor: [
      "/",
      "/entrar",
      "/registro",
      "/recuperar",
      "/restablecer?token=prueba",
      "/confirmar-correo?token=prueba",
      "/calendario",
      "/paquetes",
      "/avisos",
      "/ubicacion",
      "/preguntas-frecuentes",
      ...when(instructorId, `/coach/${instructorId}`),
      ...when(instructorId, `/instructor/${instructorId}`),
      ...when(packageId, `/checkout/${packageId}`),
      ...when(slug, `/${slug}`),
    ],
    customer: [
      "/mystudio",
      "/mystudio/online",
      ...when(videoId, `/mystudio/video/${videoId}`),
      "/mystudio/reservaciones",
      "/mystudio/waitlists",
      "/mystudio/paquetes",
      "/mystudio/informacion",
      "/mystudio/membresias",
      "/mystudio/pagos",
      "/mystudio/metodos",
      "/mystudio/creditos",
      "/calendario",
      ...when(packageId, `/checkout/${packageId}`),
      ...when(purchaseId, `/gracias/${purchaseId}`),
    ],
  };
}

/** Records CSP violations from the document's first moment (before any of its scripts run). */
async function watchCsp(watched: WatchedPage): Promise<void> {
  await watched.context.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = list;
    document.addEventListener("securitypolicyviolation", (event) => {
      list.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}

/** Opens each path and returns what went wrong on it: console errors, page errors, CSP reports. */
async function visitAll(watched: WatchedPage, paths: string[]): Promise<string[]> {
  const { page, problems } = watched;
  const found: string[] = [];
  for (const path of paths) {
    problems.length = 0;
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // Parts of long pages hydrate as they near the screen: bring the end into view as well.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState("networkidle");
    const csp = await violations(page);
    for (const problem of [...problems, ...csp.map((v) => `CSP: ${v}`)]) found.push(`${path}: ${problem}`);
  }
  return found;
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

// The visits run at once, each in its own browser context: most of their time is waiting for
// the network to settle on each screen, and a context's wait does not hold up the others.
describe.concurrent("no console error and no CSP violation on any screen", () => {
  let browser: Browser;
  let routes: Routes;
  beforeAll(async () => {
    browser = await launchBrowser();
    routes = await routesOfDemoStudio();
  });
  afterAll(() => browser?.close());

  it("the CSP listener reports a violation when one happens (the check can fail)", async () => {
    const watched = await openQuietPage(browser, baseUrl, DESKTOP);
    await watchCsp(watched);
    await watched.page.goto("/entrar");
    await watched.page.waitForLoadState("networkidle");
    await watched.page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__inline = 1";
      document.body.append(script);
    });
    await expect.poll(() => violations(watched.page)).toEqual([expect.stringContaining("script-src")]);
    await watched.context.close();
  });

  it("as a visitor", async () => {
    const watched = await openQuietPage(browser, baseUrl, DESKTOP);
    await watchCsp(watched);
    expect(await visitAll(watched, routes.visitor)).toEqual([]);
    await watched.context.close();
  }, 300_000);

  it("as the demo customer", async () => {
    const watched = await openQuietPage(browser, baseUrl, DESKTOP);
    await watchCsp(watched);
    await signInAs(watched.page, "cliente@demo.mx", "/mystudio/reservaciones");
    expect(await visitAll(watched, routes.customer)).toEqual([]);
    await watched.context.close();
  }, 300_000);
});
