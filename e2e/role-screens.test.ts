import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { StaffRole } from "../domain/staff";
import { homeFor, navFor } from "../web/features/admin/nav";
import { DESKTOP, goInApp, launchBrowser, openQuietPage, PHONE, screenshot } from "./browser";

const baseUrl = inject("baseUrl");

/**
 * Each role's back office in Chromium at 390 and 1280 px (decision 0070): the menu it is shown is
 * the one nav.ts derives from the permissions table, every screen of it opens (at 1280 px; the
 * first three at 390 px), and so do a
 * customer's page with its "Más acciones" menu and a class's panel, and no request of any of it
 * answers 403. web/features/admin/role-screens.test.ts proves the same of every control in the
 * source; this walk is the same claim seen by a person.
 */
// Not the owner: the table lets the owner call every route, so nothing can answer it 403, and
// e2e/admin-axe.test.ts opens every admin screen as the owner at both widths already.
const PEOPLE: { role: StaffRole; email: string }[] = [
  { role: "manager", email: "gerente@demo.mx" },
  { role: "front_desk", email: "recepcion@demo.mx" },
  { role: "coach", email: "santiago@demo.mx" },
];

async function signIn(page: Page, email: string, home: string): Promise<void> {
  await page.goto(`/entrar?redirect=${encodeURIComponent(home)}`);
  await page.getByLabel(/^Correo electrónico/).fill(email);
  await page.getByLabel(/^Contraseña/).fill("demo1234");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await page.waitForURL((url) => url.pathname === home, { timeout: 120_000 });
}

/** Waits until the screen has drawn and its requests have answered. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.locator("main h1").first().waitFor();
}

describe("every role's back office answers no 403 (decision 0070)", () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const { role, email } of PEOPLE) {
    for (const viewport of [PHONE, DESKTOP]) {
      it(`${role} at ${viewport.width} px: its menu, its screens, a customer and a class`, async () => {
        const { page, context, problems } = await openQuietPage(browser, baseUrl, viewport);
        const refused: string[] = [];
        page.on("response", (res) => {
          if (res.status() === 403 && new URL(res.url()).pathname.startsWith("/api/"))
            refused.push(
              `${res.request().method()} ${new URL(res.url()).pathname} on ${new URL(page.url()).pathname}`,
            );
        });
        try {
          const home = homeFor(role);
          await signIn(page, email, home);
          await settle(page);

          // The menu shown is the one derived from the table: same links, same order.
          if (viewport === PHONE)
            await page.getByRole("button", { name: "Abrir menú de administración" }).click();
          const nav = page.getByRole("navigation", { name: "Administración" }).last();
          await nav.getByRole("link").first().waitFor();
          const shown = await nav
            .getByRole("link")
            .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
          const expected = navFor(role)
            .filter((item) => !item.children)
            .map((item) => item.to);
          expect(shown.filter((path) => path.startsWith("/admin"))).toEqual(expected);
          if (viewport === PHONE) await page.keyboard.press("Escape");
          await screenshot(page, `role-screens-${role}-${viewport.width}`);

          const paths = navFor(role).flatMap((item) => (item.children ?? [item]).map((i) => i.to));
          // Every screen at 1280 px; at 390 px the first three (the same screens and calls,
          // narrower: the phone's part is its menu, a customer and a class).
          for (const path of viewport === PHONE ? paths.slice(0, 3) : paths) {
            await goInApp(page, path);
            await page.waitForURL((url) => url.pathname === path);
            await settle(page);
          }

          if (paths.includes("/admin/clientes")) {
            await goInApp(page, "/admin/clientes");
            const first = page.locator('main a[href^="/admin/clientes/"]').first();
            await first.waitFor();
            await first.click();
            await page.waitForURL((url) => /^\/admin\/clientes\/\d+$/.test(url.pathname));
            await settle(page);
            await page.getByRole("button", { name: "Más acciones" }).click();
            await page.getByRole("menuitem").first().waitFor();
            await screenshot(page, `role-screens-${role}-${viewport.width}-customer`);
            await page.keyboard.press("Escape");
          }
          if (paths.includes("/admin/horario")) {
            await goInApp(page, "/admin/horario");
            const firstClass = page.locator("section button").filter({ hasText: "·" }).first();
            await firstClass.waitFor();
            await firstClass.click();
            await page.getByRole("dialog").waitFor();
            await page.waitForLoadState("networkidle");
            await screenshot(page, `role-screens-${role}-${viewport.width}-class`);
            await page.keyboard.press("Escape");
          }
          if (paths.includes("/admin/mis-clases")) {
            await goInApp(page, "/admin/mis-clases");
            const card = page.locator('main a[href^="/admin/mis-clases/"]').first();
            if ((await card.count()) > 0) {
              await card.click();
              await page.waitForURL((url) => /^\/admin\/mis-clases\/\d+$/.test(url.pathname));
              await settle(page);
            }
          }
          await page.waitForLoadState("networkidle");
          expect(refused).toEqual([]);
          expect(problems).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});
