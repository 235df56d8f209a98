import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { mondayOfDay } from "../domain/booking";
import { messages } from "../domain/messages";
import { apiCall, apiSignIn, type Json, STRONG_PASSWORD, signUpCustomer } from "./api";
import { wcagViolations } from "./axe";
import { DESKTOP, launchBrowser, openQuietPage, PHONE, screenshot, signInAs, studioDay } from "./browser";

// Class changes (decision 0026): the studio moves a booked class; the admin is asked "Se avisará a
// 1 persona" before saving, the customer finds the notice on Mis Reservaciones and the email in the
// outbox, and cancels without cost from the notice. Its own class type, customer and class, three
// days ahead (outside any cancellation window and whatever the hour or weekday of the run).

const baseUrl = inject("baseUrl");

describe("class changes: the admin moves a booked class, the customer is told", () => {
  let browser: Browser;
  let adminToken: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = await apiSignIn("admin@demo.mx");
  });
  afterAll(() => browser?.close());

  it("asks how many people it tells, and the customer sees the notice and the email and cancels for free", async () => {
    const typeName = `Barre Cambio ${Date.now() % 100_000}`;
    const type = await apiCall("/api/class_types", {
      method: "POST",
      token: adminToken,
      body: { name: typeName, color: "#2f9e44" },
    });
    const day = studioDay(3);
    const klass = (
      await apiCall("/api/single_class", {
        method: "POST",
        token: adminToken,
        body: {
          class_type_id: type.json.class_type.class_type_id,
          class_date: `${day}T06:15`,
          capacity: 5,
          duration_minutes: 50,
        },
      })
    ).json.single_class as Json;
    const customer = await signUpCustomer("Irene", "Movida");
    await apiCall("/api/available_classes", {
      method: "POST",
      token: adminToken,
      body: { customer_id: customer.id, available_classes: 2, expiration_date: null },
    });
    const customerToken = await apiSignIn(customer.email, STRONG_PASSWORD);
    await apiCall("/api/class_reservations", {
      method: "POST",
      token: customerToken,
      body: { single_class_id: klass.single_class_id },
    });

    // The admin moves it from 06:15 to 07:45 in the staff week.
    const admin = await openQuietPage(browser, baseUrl, DESKTOP);
    const page = admin.page;
    await signInAs(page, "admin@demo.mx", "/admin/horario");
    await page.goto(`/admin/horario?semana=${mondayOfDay(day)}`);
    await page.getByRole("button", { name: new RegExp(`06:15 · ${typeName}`) }).click();
    const panel = page.getByRole("dialog", { name: typeName });
    await panel.getByRole("button", { name: "Editar" }).click();
    const form = page.getByRole("dialog", { name: "Editar clase" });
    await form.getByLabel(/^Hora/).fill("07:45");
    await form.getByRole("button", { name: "Guardar" }).click();
    const ask = page.getByRole("dialog", { name: "Avisar del cambio" });
    await ask.getByText(/^Se avisará a 1 persona\./).waitFor();
    expect(await wcagViolations(page), "notify confirmation").toEqual([]);
    await screenshot(page, "class-change-confirm");
    await ask.getByRole("button", { name: "Guardar y avisar" }).click();
    await page.getByText(messages.classSaved).waitFor();
    await expect.poll(() => form.count()).toBe(0);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: new RegExp(`07:45 · ${typeName}`) }).waitFor();

    // The email, with the change and the calendar update.
    const { json } = await apiCall("/api/admin/outbox?limit=50", { token: adminToken });
    const mail = (json.emails as Json[]).find(
      (m) => m.to === customer.email && m.template === "class_changed",
    );
    expect(mail?.subject).toContain(`Cambio en tu clase ${typeName}`);
    expect(mail?.text).toMatch(/Fecha y hora: antes .*6:15.*, ahora .*7:45/);

    // The customer's account shows the notice and cancels from it without cost.
    const phone = await openQuietPage(browser, baseUrl, PHONE);
    const c = phone.page;
    await signInAs(c, customer.email, "/mystudio/reservaciones", STRONG_PASSWORD);
    const notice = c.getByTestId("change-notice").filter({ hasText: typeName });
    await notice.getByText(/Fecha y hora: antes .*, ahora .*7:45/).waitFor();
    expect(await wcagViolations(c), "notice on Mis Reservaciones").toEqual([]);
    await screenshot(c, "class-change-notice-phone");
    await notice.getByRole("button", { name: "Cancelar sin costo" }).click();
    await c.getByText("Cancelamos tu reservación sin costo y te devolvimos tu crédito.").waitFor();
    await expect.poll(() => notice.count()).toBe(0);
    await c.getByText("2 créditos disponibles").waitFor();

    expect(admin.problems).toEqual([]);
    expect(phone.problems).toEqual([]);
    await admin.context.close();
    await phone.context.close();
  });
});
