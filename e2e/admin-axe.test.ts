import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiCall, apiSignIn, type Json } from "./api";
import { wcagViolations } from "./axe";
import { DESKTOP, goInApp, launchBrowser, openQuietPage, PHONE, signInAs } from "./browser";

const baseUrl = inject("baseUrl");
const root = path.resolve(import.meta.dirname, "..");

/**
 * Every admin route as the router declares it (web/app/routes/admin-routes.ts): a screen added
 * there is walked here without touching this file. The catch-all "*" is not a screen.
 */
function adminRoutePaths(): string[] {
  const source = fs.readFileSync(path.join(root, "web/app/routes/admin-routes.ts"), "utf8");
  const start = source.indexOf("return [");
  const block = source.slice(start, source.indexOf("\n  ];", start));
  const paths = [...block.matchAll(/path: "([^"]+)"/g)].map((m) => m[1]!).filter((p) => p !== "*");
  return [...(block.includes("index: true") ? [""] : []), ...paths];
}

/** The catalogue's screens (":slug?"), from the catalogue definitions. */
function catalogueSlugs(): string[] {
  const dir = path.join(root, "web/features/admin-catalogue/catalogues");
  const slugs = fs
    .readdirSync(dir)
    .flatMap((f) =>
      [...fs.readFileSync(path.join(dir, f), "utf8").matchAll(/slug: "([a-z-]+)"/g)].map((m) => m[1]!),
    );
  return [...new Set(slugs)].sort();
}

/**
 * Real addresses for a route's parameters, from the demo studio. A new route with a parameter
 * not known here fails the journey with its name, so it gets a sample instead of being skipped.
 */
function urlsFor(route: string, samples: Record<string, string>): string[] {
  if (route.endsWith("/:slug?")) {
    const base = route.replace("/:slug?", "");
    return [`/admin/${base}`, ...catalogueSlugs().map((slug) => `/admin/${base}/${slug}`)];
  }
  if (!route.includes(":")) return [`/admin${route ? `/${route}` : ""}`];
  const sample = samples[route];
  if (!sample)
    throw new Error(`Sin ejemplo para la ruta de administración "${route}": agrégalo en admin-axe.test.ts`);
  return [`/admin/${sample}`];
}

/** Waits until the screen has its heading and no loader, and its requests have settled. */
async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect.poll(() => page.locator("h1").first().isVisible()).toBe(true);
  await expect.poll(() => page.locator(".mantine-Loader-root").count()).toBe(0);
}

describe("back office: every admin screen is axe-clean (WCAG 2 A and AA)", () => {
  let browser: Browser;
  let samples: Record<string, string>;
  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await apiSignIn("admin@demo.mx");
    const found = (await apiCall("/api/customer/query?query=cliente%40demo.mx", { token: admin })).json;
    const ana = found.customers[0] as Json;
    const detail = (await apiCall(`/api/customer/admin/${ana.customer_id}`, { token: admin })).json;
    const reservation = (detail.reservations as Json[])[0]!;
    samples = {
      "clientes/:id": `clientes/${ana.customer_id}`,
      "reservaciones/:id": `reservaciones/${reservation.class_reservation_id}`,
      "clases/:id/asistencia": `clases/${reservation.single_class_id}/asistencia`,
      "mis-clases/:id": `mis-clases/${reservation.single_class_id}`,
    };
  });
  afterAll(() => browser?.close());

  it("finds the admin routes in the router", () => {
    const routes = adminRoutePaths();
    expect(routes).toContain("");
    expect(routes).toContain("configuracion");
    expect(routes).toContain("clases/:id/asistencia");
  });

  for (const [label, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`every admin route at ${viewport.width} px (${label})`, async () => {
      const { page, context, problems } = await openQuietPage(browser, baseUrl, viewport);
      await signInAs(page, "admin@demo.mx", "/admin");
      const failures: string[] = [];
      const urls = adminRoutePaths().flatMap((route) => urlsFor(route, samples));
      for (const url of urls) {
        await goInApp(page, url);
        await settled(page);
        for (const v of await wcagViolations(page)) failures.push(`${url}: ${v}`);
        // Configuración keeps one tab mounted at a time: each tab is its own screen.
        if (url === "/admin/configuracion") {
          const tabs = page.getByRole("tab");
          for (let i = 1; i < (await tabs.count()); i++) {
            await tabs.nth(i).click();
            const name = await tabs.nth(i).textContent();
            for (const v of await wcagViolations(page)) failures.push(`${url} [${name}]: ${v}`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    }, 900_000);
  }
});
