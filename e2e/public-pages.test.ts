import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchBrowser, openWatchedPage, PHONE, screenshot } from "./browser";

const baseUrl = inject("baseUrl");

describe("public pages of the demo studio", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const [label, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`home page loads with the studio's name and no console error (${label})`, async () => {
      const { page, context, problems } = await openWatchedPage(browser, baseUrl, viewport);
      await page.goto("/");
      await expect.poll(() => page.title()).toContain("Estudio Pulso");
      await expect.poll(() => page.locator("footer").count()).toBeGreaterThan(0);
      await page.waitForLoadState("networkidle");
      await screenshot(page, `home-${label}`);
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`/calendario loads with no console error (${label})`, async () => {
      const { page, context, problems } = await openWatchedPage(browser, baseUrl, viewport);
      await page.goto("/calendario");
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).first().textContent())
        .toMatch(/Calendario|Horario/);
      await page.waitForLoadState("networkidle");
      await screenshot(page, `calendario-${label}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("unknown paths show the Spanish 404 page", async () => {
    const { page, context, problems } = await openWatchedPage(browser, baseUrl, DESKTOP);
    await page.goto("/esta-pagina-no-existe-123");
    await expect.poll(() => page.getByText("Página no encontrada").count()).toBeGreaterThan(0);
    // The page itself is a client route: the only failed request is the page lookup.
    expect(problems.filter((p) => !p.includes("/api/pages/esta-pagina-no-existe-123"))).toEqual([]);
    await context.close();
  });

  it("the account area sends a visitor to sign in, keeping where they were going", async () => {
    const { page, context } = await openWatchedPage(browser, baseUrl, DESKTOP);
    await page.goto("/mystudio/reservaciones");
    await page.waitForURL(/\/entrar/);
    expect(decodeURIComponent(page.url())).toContain("/mystudio/reservaciones");
    await context.close();
  });
});
