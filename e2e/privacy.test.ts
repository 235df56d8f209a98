import fs from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { messages } from "../domain/messages";
import { apiCall, apiSignIn, STRONG_PASSWORD, signUpCustomer } from "./api";
import { wcagViolations } from "./axe";
import { DESKTOP, launchBrowser, openQuietPage, PHONE, screenshot, signInAs } from "./browser";

const baseUrl = inject("baseUrl");
describe("Tus datos: download them, ask to close the account, the studio confirms", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const viewport of [PHONE, DESKTOP]) {
    it(`downloads the CSV, asks to close and is signed out once the studio confirms (${viewport.width} px)`, async () => {
      // A customer of its own: closing an account cannot touch anyone else's.
      const { email } = await signUpCustomer("Rosa", "Privada");
      const { page, context, problems } = await openQuietPage(browser, baseUrl, viewport);
      await signInAs(page, email, "/mystudio/informacion", STRONG_PASSWORD);
      await page.getByRole("heading", { name: "Tus datos" }).waitFor();

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Descargar CSV (hoja de cálculo)" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^mis-datos-.*\.csv$/);
      const csv = fs.readFileSync((await download.path())!, "utf8");
      expect(csv).toContain("seccion,registro,campo,valor");
      expect(csv).toContain(`"profile","1","email","${email}"`);

      await page.getByRole("heading", { name: "Tus datos" }).scrollIntoViewIfNeeded();
      await screenshot(page, `privacy-your-data-${viewport.width}`);
      expect(await wcagViolations(page)).toEqual([]);

      await page.getByRole("button", { name: "Solicitar cierre de cuenta" }).click();
      await page.getByRole("dialog", { name: "¿Cerrar tu cuenta?" }).waitFor();
      await screenshot(page, `privacy-close-confirm-${viewport.width}`);
      await page.getByRole("button", { name: "Sí, solicitar el cierre" }).click();
      await expect.poll(() => page.getByText(messages.closureRequested).count()).toBe(1);
      await expect.poll(() => page.getByText(/Solicitaste cerrar tu cuenta el/).count()).toBe(1);
      await screenshot(page, `privacy-close-requested-${viewport.width}`);

      // The studio sees the request on the customer's page and confirms it there: the person is
      // anonymised and the login stops working.
      const customerToken = await apiSignIn(email, STRONG_PASSWORD);
      const { customer } = (await apiCall("/api/customer", { token: customerToken })).json;
      const desk = await openQuietPage(browser, baseUrl, viewport);
      await signInAs(desk.page, "admin@demo.mx", `/admin/clientes/${customer.customer_id}`);
      await desk.page.getByText("Pidió cerrar su cuenta", { exact: true }).first().waitFor();
      await desk.page.getByRole("button", { name: "Más acciones" }).click();
      await desk.page.getByRole("menuitem", { name: "Cerrar cuenta y borrar datos personales" }).click();
      const confirm = desk.page.getByRole("dialog", { name: "Cerrar cuenta y borrar datos personales" });
      await confirm.waitFor();
      // The menu fades out while the dialog opens: axe reads the page once it has gone.
      await expect.poll(() => desk.page.locator(".mantine-Menu-dropdown").count()).toBe(0);
      await screenshot(desk.page, `privacy-admin-close-${viewport.width}`);
      expect(await wcagViolations(desk.page)).toEqual([]);
      await confirm.getByRole("button", { name: "Confirmar" }).click();
      await desk.page.getByText("Cuenta cerrada: sus datos personales se borraron.").waitFor();
      await desk.page.getByRole("heading", { name: "Cliente eliminado" }).waitFor();
      expect(desk.problems).toEqual([]);
      await desk.context.close();
      await page.goto("/mystudio/informacion");
      await page.waitForURL(/\/entrar/);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
