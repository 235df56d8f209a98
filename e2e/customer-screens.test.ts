import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { STRONG_PASSWORD } from "./api";
import { wcagViolations } from "./axe";
import { DESKTOP, launchBrowser, openQuietPage, PHONE, screenshot, signInAs } from "./browser";

const baseUrl = inject("baseUrl");
const root = path.resolve(import.meta.dirname, "..");

/**
 * Every customer route as the router declares it (web/app/routes/account-routes.tsx), as the
 * back office's axe journey reads its own: a screen added there is walked here too.
 */
function accountPaths(): string[] {
  const source = fs.readFileSync(path.join(root, "web/app/routes/account-routes.tsx"), "utf8");
  const start = source.indexOf("  return [");
  const block = source.slice(start, source.indexOf("\n  ];", start));
  const paths = [...block.matchAll(/path: "([^"]+)"/g)].map((m) => m[1]!).filter((p) => p !== "*");
  return [...(block.includes("index: true") ? [""] : []), ...paths];
}

/**
 * Same-origin requests that answered 400 or more, and console errors: a customer's screen makes
 * none (a 404 prints "Failed to load resource" in the console even when the page copes with it).
 */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on("response", (res) => {
    if (res.url().startsWith(baseUrl) && res.status() >= 400)
      failures.push(`HTTP ${res.status()} ${res.request().method()} ${res.url().slice(baseUrl.length)}`);
  });
  page.on("console", (msg) => {
    if (msg.type() === "error") failures.push(`console: ${msg.text()}`);
  });
  return failures;
}

async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect.poll(() => page.locator("h1").first().isVisible()).toBe(true);
  await expect.poll(() => page.locator(".mantine-Loader-root").count()).toBe(0);
  // Notifications fade in and out (their colours mid-fade fail contrast checks): wait them out.
  await expect.poll(() => page.locator(".mantine-Notification-root").count()).toBe(0);
}

describe("customer screens: axe-clean, no console errors, no failed requests (390 and 1280 px)", () => {
  let browser: Browser;
  let videoId = 1;
  beforeAll(async () => {
    browser = await launchBrowser();
    const videos = await fetch(`${baseUrl}/api/videos?page=1`)
      .then((r) => r.json())
      .catch(() => null);
    videoId = videos?.videos?.[0]?.video_id ?? 1;
  });
  afterAll(() => browser?.close());

  it("finds the customer routes in the router", () => {
    const paths = accountPaths();
    expect(paths).toContain("");
    expect(paths).toContain("reservaciones");
    expect(paths).toContain("video/:id");
  });

  for (const [label, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`every customer screen at ${viewport.width} px (${label})`, async () => {
      const { page, context } = await openQuietPage(browser, baseUrl, viewport);
      const failures = watchFailures(page);
      // Carlos holds the online subscription: the video screens play instead of refusing.
      await signInAs(page, "carlos.v@demo.mx", "/mystudio");
      for (const route of accountPaths()) {
        const url = `/mystudio${route ? `/${route.replace(":id", String(videoId))}` : ""}`;
        await page.goto(url);
        await settled(page);
        for (const v of await wcagViolations(page)) failures.push(`${url}: ${v}`);
      }
      await screenshot(page, `customer-screens-last-${label}`);
      expect(failures).toEqual([]);
      await context.close();
    }, 600_000);

    it(`a card purchase's thank-you page asks for nothing that is not there (${label})`, async () => {
      const { page, context } = await openQuietPage(browser, baseUrl, viewport);
      const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
      const signUp = await context.request.post(`${baseUrl}/api/customer/signup`, {
        data: {
          email: `gracias${n}@prueba.mx`,
          password: STRONG_PASSWORD,
          password_confirm: STRONG_PASSWORD,
          phone: `56${n.slice(-8)}`,
          name: "Gala",
          last_name: "Gracias",
          accept_terms: true,
        },
      });
      expect(signUp.status(), await signUp.text()).toBe(201);
      const packages = (await (await fetch(`${baseUrl}/api/class_packages`)).json()).class_packages as {
        class_package_id: number;
        title: string;
      }[];
      const five = packages.find((p) => p.title === "5 Clases")!;
      await page.goto(`/checkout/${five.class_package_id}`);
      await page.getByRole("radio", { name: /^Tarjeta/ }).check();
      await page.getByLabel("Número de tarjeta").fill("4242424242424242");
      await page.getByLabel("Vencimiento").fill("1230");
      await page.getByLabel("CVV").fill("123");
      const accept = page.getByRole("button", { name: "Aceptar" });
      if (await accept.isVisible().catch(() => false)) await accept.click();
      const legal = page.getByRole("checkbox", { name: /^Acepto/ });
      if ((await legal.count()) > 0 && !(await legal.first().isChecked())) await legal.first().check();
      const failures = watchFailures(page);
      await page.getByTestId("pay-button").click();
      await page.waitForURL(/\/gracias\/\d+/);
      await settled(page);
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).textContent())
        .not.toContain("pendiente");
      for (const v of await wcagViolations(page)) failures.push(`gracias: ${v}`);
      await screenshot(page, `card-thank-you-${label}`);
      expect(failures).toEqual([]);
      await context.close();
    });
  }
});
