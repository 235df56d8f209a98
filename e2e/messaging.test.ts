import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { messages } from "../domain/messages";
import { consentText } from "../domain/messaging/consent-text";
import { apiCall, apiSignIn, STRONG_PASSWORD } from "./api";
import { wcagViolations } from "./axe";
import { DESKTOP, launchBrowser, openQuietPage, PHONE, screenshot, signInAs } from "./browser";

// WhatsApp, SMS and push (docs/product-rules.md#messaging): a new customer signs up on a phone
// with promotions unticked and finds the choice recorded in Mi Información; the owner answers a
// WhatsApp reply inside the 24-hour window, sees one past it explained, switches an automation on
// (off again after), and reads a customer's messages with their delivery status. The server texts
// through a Twilio double (e2e/message-providers.ts, decision 0122), so the answer goes out as
// "Enviado" (docs/product-rules.md#messaging-status).

const baseUrl = inject("baseUrl");

describe("messaging: consent at sign-up, the inbox and the automations", () => {
  let browser: Browser;
  let admin: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiSignIn("admin@demo.mx");
  });
  afterAll(async () => {
    // Later journeys on this server see the demo's automations as they were: off.
    await apiCall("/api/admin/messaging/automations/birthday", {
      method: "PUT",
      token: admin,
      body: { enabled: false },
    });
    await browser?.close();
  });

  it("signs up at 390 px with promotions unticked, and the choice is recorded with its text", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, PHONE);
    const email = `mensajes.${Date.now()}@prueba.mx`;
    const phone = `56${String(Date.now()).slice(-8)}`;
    await page.goto("/registro");
    await page.getByLabel(/^Nombre/).fill("Lucía");
    await page.getByLabel(/^Apellido/).fill("Mensajera");
    await page.getByLabel(/^Correo electrónico/).fill(email);
    await page.getByLabel(/^Teléfono/).fill(phone);
    await page.getByLabel(/^Contraseña/).fill(STRONG_PASSWORD);
    await page.getByLabel(/^Confirma tu contraseña/).fill(STRONG_PASSWORD);
    await page.getByLabel(/lesión o condición/).fill("Ninguna");
    const box = (purpose: "transactional" | "marketing", channel: "whatsapp" | "sms") =>
      page.getByRole("checkbox", { name: consentText(purpose, channel) });
    expect(await box("marketing", "whatsapp").isChecked()).toBe(false);
    expect(await box("marketing", "sms").isChecked()).toBe(false);
    expect(await box("transactional", "whatsapp").isChecked()).toBe(true);
    await box("transactional", "sms").check();
    await page.getByRole("checkbox", { name: /Acepto/ }).check();
    expect(await wcagViolations(page), "sign-up").toEqual([]);
    await screenshot(page, "messaging-signup-390");
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await page.waitForURL(/\/mystudio$/);
    // A new account is welcomed once (accounts.test.ts looks at it); it would cover the card.
    const welcome = page.getByRole("dialog", { name: /Te damos la bienvenida/ });
    await welcome.waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => welcome.count()).toBe(0);

    const token = await apiSignIn(email, STRONG_PASSWORD);
    const mine = (await apiCall("/api/customer/messaging", { token })).json;
    expect(mine.consents).toMatchObject({
      "transactional:whatsapp": true,
      "transactional:sms": true,
      "marketing:whatsapp": false,
      "marketing:sms": false,
    });
    expect(Object.keys(mine.since).sort()).toEqual(["transactional:sms", "transactional:whatsapp"]);

    await page.goto("/mystudio/informacion");
    const card = page.getByRole("region", { name: "Mensajes" });
    await card
      .getByText(/Activado el/)
      .first()
      .waitFor();
    await card
      .getByText(/responder BAJA/)
      .first()
      .waitFor();
    const promos = card.getByRole("switch", { name: "WhatsApp" }).nth(1);
    expect(await promos.isChecked()).toBe(false);
    await promos.click({ force: true });
    await page.getByText(messages.messagingConsentSaved).first().waitFor();
    await expect.poll(() => promos.isChecked()).toBe(true);
    expect(await wcagViolations(page), "Mi Información").toEqual([]);
    await screenshot(page, "messaging-profile-390");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the owner answers in the inbox, switches an automation, and reads a customer's messages (1280 px)", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, DESKTOP);
    await signInAs(page, "admin@demo.mx", "/admin/mensajes");
    await page
      .getByRole("navigation", { name: "Administración" })
      .last()
      .getByRole("link", { name: "Mensajes", exact: true })
      .waitFor();
    const ana = page.getByRole("article", { name: "Ana López" });
    await ana.getByText(/llevar a una amiga/).waitFor();
    // Past WhatsApp's 24 hours: no answer box, and why.
    await page.getByText("Pasaron más de 24 horas").first().waitFor();
    await ana.getByRole("button", { name: "Ver conversación" }).click();
    // Ana's own bookings in other journeys of this server add their confirmations to the log too.
    await ana
      .getByRole("log")
      .getByText(/está reservado/)
      .first()
      .waitFor();
    expect(await wcagViolations(page), "inbox").toEqual([]);
    await screenshot(page, "messaging-inbox-1280");
    await ana
      .getByLabel("Respuesta para Ana López")
      .fill("¡Claro! Que se registre y le damos su clase de prueba.");
    await ana.getByRole("button", { name: "Responder" }).click();
    await page.getByText(messages.messagingReplySent).first().waitFor();
    await expect.poll(() => ana.count()).toBe(0);

    await page.getByRole("link", { name: "Mensajes automáticos" }).first().click();
    await page.waitForURL((url) => url.pathname === "/admin/mensajes-automaticos");
    const birthday = page.getByRole("article", { name: "Cumpleaños" });
    await birthday.getByText(/1 persona lo recibió/).waitFor();
    const toggle = birthday.getByRole("switch", { name: "Enviar «Cumpleaños»" });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click({ force: true });
    await page.getByText(messages.messagingAutomationSaved).first().waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    expect(await wcagViolations(page), "automations").toEqual([]);
    await screenshot(page, "messaging-automations-1280");
    const saved = (await apiCall("/api/admin/messaging/automations", { token: admin })).json;
    expect(saved.automations.find((a: { automation: string }) => a.automation === "birthday").enabled).toBe(
      true,
    );

    const found = (await apiCall("/api/customer/query?query=cliente%40demo.mx", { token: admin })).json;
    await page.goto(`/admin/clientes/${found.customers[0].customer_id}`);
    const section = page.getByRole("region", { name: "Mensajes" });
    await section.getByText("Leído").first().waitFor();
    await section.getByText("Entregado").first().waitFor();
    await section.getByText(/Que se registre/).waitFor();
    await section.scrollIntoViewIfNeeded();
    expect(await wcagViolations(page), "customer record").toEqual([]);
    await screenshot(page, "messaging-customer-1280");
    expect(problems).toEqual([]);
    await context.close();
  });
});
