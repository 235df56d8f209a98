import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { messages } from "../domain/messages";
import { linkInNewestMail, STRONG_PASSWORD } from "./api";
import { DESKTOP, launchBrowser, openQuietPage, PHONE, screenshot, signInAs } from "./browser";

const baseUrl = inject("baseUrl");

/** The reset link of the newest email to this address, as its recipient gets it (MAIL_DIR). */
async function resetLinkFor(email: string): Promise<string> {
  await expect
    .poll(() => {
      try {
        return linkInNewestMail(email, /https?:\/\/\S+\/restablecer\?token=\S+/);
      } catch {
        return "";
      }
    })
    .not.toBe("");
  return linkInNewestMail(email, /https?:\/\/\S+\/restablecer\?token=\S+/);
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel(/^Correo electrónico/).fill(email);
  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

/**
 * The account home may open a modal once its data arrives ('Completar Información', the daily
 * promotion): close whatever opens, until the screen stays clear for a moment.
 */
async function landed(page: Page) {
  await page.waitForURL(/\/mystudio$/);
  await page.waitForLoadState("networkidle");
  for (let clear = 0; clear < 2; ) {
    await page.waitForTimeout(400);
    if (await page.locator(".mantine-Modal-overlay").count()) {
      await page.keyboard.press("Escape");
      clear = 0;
    } else clear += 1;
  }
  await expect.poll(() => page.locator(".mantine-Modal-overlay").count()).toBe(0);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Menú de usuario" }).click();
  await page.getByRole("menuitem", { name: "Salir" }).click();
  await page.waitForURL(/\/entrar/);
}

describe("accounts: sign-up, sign-in, recovery, profile", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("signs up with terms and a custom field, signs out and in, recovers the password, edits profile and address", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, DESKTOP);
    const email = `e2e.${Date.now()}@prueba.mx`;
    const phone = `55${String(Date.now()).slice(-8)}`;

    await page.goto("/registro");
    await page.getByLabel(/^Nombre/).fill("Renata");
    await page.getByLabel(/^Apellido/).fill("Quiroga");
    await page.getByLabel(/^Correo electrónico/).fill(email);
    await page.getByLabel(/^Teléfono/).fill(`(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`);
    await page.getByLabel(/^Contraseña/).fill(STRONG_PASSWORD);
    await page.getByLabel(/^Confirma tu contraseña/).fill(STRONG_PASSWORD);
    await page.getByRole("textbox", { name: "¿Cómo nos conociste?" }).click();
    await page.getByRole("option", { name: "Otro" }).click();
    await page.getByLabel("Cuéntanos cómo").fill("Un volante");
    await page.getByLabel(/lesión o condición/).fill("Ninguna");
    await screenshot(page, "accounts-signup-desktop");
    // Without the terms checkbox the form refuses with the terms message.
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await expect.poll(() => page.getByText(messages.mustAcceptTerms).count()).toBeGreaterThan(0);
    await page.getByRole("checkbox", { name: /Acepto/ }).check();
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    // A new account is welcomed once, with where to start (account-security.test.ts looks closer).
    await page.waitForURL(/\/mystudio$/);
    const welcome = page.getByRole("dialog", { name: /Te damos la bienvenida/ });
    await welcome.waitFor();
    await welcome.getByRole("link", { name: "Ir al calendario" }).click();
    await expect.poll(() => welcome.count()).toBe(0);
    await landed(page);

    await signOut(page);
    await signIn(page, email, "incorrecta");
    await expect.poll(() => page.getByText(messages.wrongPassword).count()).toBe(1);
    await signIn(page, `nadie.${email}`, "incorrecta");
    await expect.poll(() => page.getByText(messages.userNotFound).count()).toBe(1);
    await screenshot(page, "accounts-login-error-desktop");
    await signIn(page, email, STRONG_PASSWORD);
    await landed(page);

    await page.goto("/mystudio/informacion");
    await page.getByRole("button", { name: "Editar" }).first().click();
    await page.getByLabel(/^Nombre/).fill("Renata Sofía");
    await page.getByLabel("Fecha de nacimiento").fill("1992-03-14");
    await screenshot(page, "accounts-profile-edit-desktop");
    await page.getByRole("button", { name: "Guardar" }).first().click();
    await expect.poll(() => page.getByText(messages.profileUpdated).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText("14-03-1992").count()).toBe(1);
    await expect.poll(() => page.getByRole("heading", { name: "Renata Sofía Quiroga" }).count()).toBe(1);

    await page.getByRole("button", { name: "Editar" }).nth(1).click();
    await page.getByRole("button", { name: "Guardar" }).first().click();
    await expect.poll(() => page.getByText(messages.cityRequired).count()).toBe(1);
    await page.getByLabel(/^Calle/).fill("Av. Álvaro Obregón");
    await page.getByLabel(/^Ciudad/).fill("Ciudad de México");
    await page.getByLabel(/^Estado/).fill("CDMX");
    await page.getByLabel(/^País/).fill("México");
    await page.getByRole("button", { name: "Guardar" }).first().click();
    await expect.poll(() => page.getByText(/Av\. Álvaro Obregón.*Ciudad de México/).count()).toBe(1);
    await page.waitForLoadState("networkidle");
    await screenshot(page, "accounts-profile-desktop");

    await signOut(page);
    await page.goto("/recuperar");
    await page.getByLabel(/^Correo electrónico/).fill(email);
    await page.getByRole("button", { name: "Recuperar" }).click();
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: messages.recoverySent }).count())
      .toBe(1);
    const link = await resetLinkFor(email);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
    await page.getByLabel(/^Nueva contraseña/).fill("Nopal.Lunar.Brinca.71");
    await page.getByLabel(/^Confirma tu contraseña/).fill("Nopal.Lunar.Brinca.71");
    await page.getByRole("button", { name: "Guardar contraseña" }).click();
    await page.waitForURL(/\/entrar$/);
    await signIn(page, email, "Nopal.Lunar.Brinca.71");
    await landed(page);

    expect(problems).toEqual([]);
    await context.close();
  });

  it("a signed-in user at /entrar goes to /mystudio; the phone layout renders the forms", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, PHONE);
    await page.goto("/registro");
    await page.waitForLoadState("networkidle");
    await screenshot(page, "accounts-signup-phone");
    await expect.poll(() => page.getByRole("button", { name: "Crear cuenta" }).count()).toBe(1);
    await screenshot(page, "accounts-signup-phone");
    await page.goto("/entrar");
    await signIn(page, "cliente@demo.mx", "demo1234");
    await landed(page);
    await page.goto("/entrar");
    await landed(page);
    await page.goto("/mystudio/informacion");
    await expect.poll(() => page.getByText("Dirección de Facturación").count()).toBe(1);
    await page.waitForLoadState("networkidle");
    await screenshot(page, "accounts-profile-phone");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Mis Cargos shows each charge's date and status in view, as a table on desktop and cards on a phone", async () => {
    // Read only: the demo customer's two paid charges (sign-up fee and 10 Clases). Journeys that ran
    // earlier on this worker's server may have added hers (a desk grant, a counter sale), so the
    // seeded charge is found by its package, not by its place in the list.
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context } = await openQuietPage(browser, baseUrl, viewport);
      await signInAs(page, "cliente@demo.mx", "/mystudio/pagos");
      const rows = page.getByTestId("charge-row");
      await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
      const first = rows.filter({ hasText: "10 Clases" }).first();
      for (const text of ["10 Clases", "$1,350.00 MXN", "Pagado", /\d{1,2} [a-z]{3} \d{4}/]) {
        await expect
          .poll(() => first.getByText(text).first().isVisible(), { message: String(text) })
          .toBe(true);
      }
      // Nothing sideways: the whole row fits the screen.
      const box = await first.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `account-charges-${viewport.width}`);
      await context.close();
    }
  });

  it("on a phone every account page keeps its content off the screen's edges", async () => {
    // /mystudio/paquetes once ran its cards from edge to edge: the account layout gives no side
    // padding and that page had turned its own off.
    const { page, context } = await openQuietPage(browser, baseUrl, PHONE);
    await signInAs(page, "cliente@demo.mx", "/mystudio/reservaciones");
    for (const route of [
      "/mystudio/reservaciones",
      "/mystudio/waitlists",
      "/mystudio/paquetes",
      "/mystudio/informacion",
      "/mystudio/membresias",
      "/mystudio/pagos",
      "/mystudio/metodos",
      "/mystudio/creditos",
    ]) {
      await page.goto(route);
      const heading = page.locator("main").getByRole("heading").first();
      await heading.waitFor();
      const box = (await heading.boundingBox())!;
      expect(box.x, route).toBeGreaterThanOrEqual(12);
      expect(box.x + box.width, route).toBeLessThanOrEqual(PHONE.width - 12);
    }
    await context.close();
  });
});
