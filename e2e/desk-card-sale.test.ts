import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { messages } from "../domain/messages";
import { tokenizeSandboxCard } from "../domain/sandbox-card";
import { apiCall, apiSignIn, type Json, STRONG_PASSWORD, signUpCustomer } from "./api";
import { wcagViolations } from "./axe";
import { DESKTOP, launchBrowser, openQuietPage, PHONE, screenshot, signInAs } from "./browser";

/** The desk charges a package to the card a customer saved (decision 0022, addendum). */
const baseUrl = inject("baseUrl");
for (const [size, viewport] of [
  ["390", PHONE],
  ["1280", DESKTOP],
] as const) {
  describe(`charging a saved card at the counter at ${size} px`, () => {
    let browser: Browser;
    let adminToken: string;
    beforeAll(async () => {
      browser = await launchBrowser();
      adminToken = await apiSignIn("admin@demo.mx");
    });
    afterAll(async () => {
      await browser?.close();
    });

    it("offers the customer's saved cards, charges one and the customer gets the receipt", async () => {
      const customer = await signUpCustomer(`Alma${size}`, "Tarjeta");
      const none = await signUpCustomer(`Sara${size}`, "Tarjeta");
      // The customer saved a card in Mis Métodos de Pago (the sandbox tokenises it in the browser).
      const token = await apiSignIn(customer.email, STRONG_PASSWORD);
      await apiCall("/api/metodosPago", {
        method: "POST",
        token,
        body: { token_id: tokenizeSandboxCard("4242424242424242", { month: 12, year: 2099 }) },
      });

      const { page, context, problems } = await openQuietPage(browser, baseUrl, viewport);
      await signInAs(page, "admin@demo.mx", "/admin");

      // A customer without saved cards: the dialog says so.
      await page.goto(`/admin/clientes/${none.id}`);
      await page.getByRole("heading", { level: 1, name: none.name }).waitFor();
      await page.getByRole("button", { name: "Vender paquete" }).click();
      let dialog = page.getByRole("dialog", { name: "Vender paquete" });
      await dialog.getByText("Tarjeta", { exact: true }).click();
      await dialog.getByRole("radio", { name: "Tarjeta guardada del cliente" }).check();
      await dialog.getByText("El cliente no tiene tarjetas guardadas").waitFor();
      await screenshot(page, `desk-card-none-${size}`);
      await page.keyboard.press("Escape");

      await page.goto(`/admin/clientes/${customer.id}`);
      await page.getByRole("heading", { level: 1, name: customer.name }).waitFor();
      await page.getByRole("button", { name: "Vender paquete" }).click();
      dialog = page.getByRole("dialog", { name: "Vender paquete" });
      await dialog.getByRole("textbox", { name: "Paquete" }).click();
      await page.getByRole("option", { name: "5 Clases", exact: true }).click();
      await dialog.getByText("Tarjeta", { exact: true }).click();
      await dialog.getByRole("radio", { name: "Tarjeta guardada del cliente" }).check();
      await dialog.getByRole("radio", { name: "Visa •••• 4242 · vence 12/2099" }).check();
      expect(await wcagViolations(page), "sell dialog, saved card").toEqual([]);
      await screenshot(page, `desk-card-choose-${size}`);
      await dialog.getByRole("button", { name: /^Cobrar \$/ }).click();
      await page.getByText(messages.deskCardCharged).waitFor();
      await expect.poll(() => dialog.count()).toBe(0);
      await page.getByText("5 clases disponibles").waitFor();

      const { json } = await apiCall("/api/admin/outbox?limit=50", { token: adminToken });
      const receipt = (json.emails as Json[]).find(
        (m) => m.to === customer.email && m.template === "purchase-receipt",
      );
      expect(receipt?.text).toContain("Forma de pago: Tarjeta");
      expect(problems).toEqual([]);
      await context.close();
    });
  });
}
