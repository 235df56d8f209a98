import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { messages } from "../domain/messages";
import { DESKTOP, launchBrowser, openQuietPage, PHONE, screenshot, signInAs } from "./browser";

const baseUrl = inject("baseUrl");

async function downloadText(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: fs.readFileSync(file!, "utf8") };
}

describe("admin: customers, grant, audit, CSV", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it("finds Ana by phone, grants her a package, sees the audit entry and exports CSV", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, DESKTOP);
    await signInAs(page, "admin@demo.mx", "/admin/clientes");

    await page.getByRole("searchbox", { name: "Buscar en Clientes" }).fill("5512345678");
    const table = page.getByRole("table", { name: "Clientes" });
    await expect.poll(() => table.getByRole("row").count()).toBe(2);
    await table.getByRole("link", { name: "Ana López" }).click();
    await page.waitForURL(/\/admin\/clientes\/\d+$/);
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Ana López" }).count()).toBe(1);

    await page.getByRole("button", { name: "Agregar acceso" }).click();
    const dialog = page.getByRole("dialog", { name: "Agregar acceso" });
    await dialog.getByRole("textbox", { name: "Paquete" }).click();
    await page.getByRole("option", { name: "5 Clases", exact: true }).click();
    await dialog.getByRole("textbox", { name: "Días de vigencia" }).fill("45");
    await dialog.getByRole("button", { name: "Agregar acceso" }).click();
    await page.getByText(messages.accessGranted).waitFor();
    await expect.poll(() => dialog.count()).toBe(0);

    const audit = page.getByRole("table", { name: "Bitácora" });
    await audit.getByRole("cell", { name: "Acceso agregado" }).first().waitFor();
    // The Bitácora names the person and their role, not a login (decision 0031).
    expect(await audit.getByRole("cell", { name: "Admin Pulso (Propietario)" }).count()).toBeGreaterThan(0);
    await screenshot(page, "admin-customer-detail-desktop");

    const auditCsv = await downloadText(page, () =>
      page.getByRole("region", { name: "Bitácora" }).getByRole("button", { name: "Exportar CSV" }).click(),
    );
    expect(auditCsv.name).toBe("bitacora.csv");
    expect(auditCsv.text.startsWith("\uFEFF")).toBe(true);
    expect(auditCsv.text).toContain("Acceso agregado");
    expect(auditCsv.text).toContain("Título: 5 Clases");

    await page.getByRole("link", { name: "Clientes" }).first().click();
    await page.waitForURL(/\/admin\/clientes$/);
    await page.getByRole("heading", { level: 1, name: "Clientes" }).waitFor();
    await page.getByRole("searchbox", { name: "Buscar en Clientes" }).fill("López");
    await expect.poll(() => page.getByRole("link", { name: "Ana López" }).count()).toBeGreaterThan(0);
    const list = await downloadText(page, () => page.getByRole("button", { name: "Exportar CSV" }).click());
    expect(list.name).toBe("clientes.csv");
    expect(list.text.split("\r\n")[0]).toBe("\uFEFFNombre,Correo,Teléfono,Créditos,Registro,Etiquetas");
    expect(list.text).toContain("Ana López,cliente@demo.mx,5512345678");

    expect(problems).toEqual([]);
    await context.close();
  });

  it("the front desk books and cancels past the rules, and the audit says so", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, DESKTOP);
    await signInAs(page, "admin@demo.mx", "/admin/clientes");
    await page.getByRole("searchbox", { name: "Buscar en Clientes" }).fill("5512345678");
    await page.getByRole("table", { name: "Clientes" }).getByRole("link", { name: "Ana López" }).click();
    await page.waitForURL(/\/admin\/clientes\/\d+$/);

    await page.getByRole("button", { name: "Reservar clase" }).click();
    const book = page.getByRole("dialog", { name: "Reservar clase" });
    await book.getByRole("textbox", { name: "Clase", exact: true }).click();
    // The furthest class of the list: two weeks out, where the demo's customers have booked least.
    // A class option reads "Lun 7 dic, 07:00 · Cycling · …": the tables' page-size selects (10 … 100)
    // have options in the page too, and are all there is while a loaded machine still fetches the
    // classes, so the last option is taken among the class options only.
    const option = page
      .locator('[role="option"]:not([data-combobox-disabled])')
      .filter({ hasText: / · / })
      .last();
    await option.waitFor();
    const label = ((await option.textContent()) ?? "").split(" · ")[0]!.trim();
    await option.click();
    await book.getByRole("switch", { name: "Omitir reglas de reservación" }).check();
    await book.getByRole("button", { name: "Reservar clase" }).click();
    await page.getByText(messages.adminReservationBooked).waitFor();
    const audit = page.getByRole("table", { name: "Bitácora" });
    await audit.getByRole("cell", { name: "Reservación agregada omitiendo reglas" }).waitFor();

    // "Lun 7 dic, 07:00" in the list is "7 dic 2026, 07:00" in her reservations (newest first).
    const [day, time] = label.replace(/^\S+ /, "").split(", ");
    const row = page
      .getByRole("table", { name: "Reservaciones" })
      .getByRole("row")
      .filter({ hasText: new RegExp(`(?<!\\d)${day} \\d{4}, ${time}`, "i") })
      .filter({ has: page.getByRole("button", { name: "Cancelar" }) });
    await row.getByRole("button", { name: "Cancelar" }).click();
    const confirm = page.getByRole("dialog", { name: "Cancelar" });
    await confirm.getByRole("switch", { name: "Omitir la política de cancelación" }).check();
    await confirm.getByText("Se devuelve el crédito aunque ya haya pasado el límite").waitFor();
    await confirm.getByRole("button", { name: "Confirmar" }).click();
    await audit.getByRole("cell", { name: "Reservación cancelada omitiendo la política" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the dashboard shows its charts; on a phone the menu is a drawer", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, PHONE);
    await signInAs(page, "admin@demo.mx", "/admin");
    await page.getByRole("heading", { level: 1, name: "Panel" }).waitFor();
    await page.locator(".recharts-surface").first().waitFor();
    expect(await page.locator(".recharts-surface").count()).toBeGreaterThanOrEqual(3);
    await screenshot(page, "admin-dashboard-phone");
    await page.getByRole("button", { name: "Abrir menú de administración" }).click();
    const drawer = page.getByRole("dialog");
    await drawer.getByRole("link", { name: "Correos" }).click();
    await page.waitForURL(/\/admin\/correos$/);
    await page.getByRole("table", { name: "Correos" }).waitFor();
    await screenshot(page, "admin-outbox-phone");
    expect(problems).toEqual([]);
    await context.close();

    const desktop = await openQuietPage(browser, baseUrl, DESKTOP);
    await signInAs(desktop.page, "admin@demo.mx", "/admin");
    await desktop.page.locator(".recharts-surface").first().waitFor();
    await screenshot(desktop.page, "admin-dashboard-desktop");
    // Revenue con IVA / sin IVA (decision 0032): the switch shows the 30-day total before IVA.
    const revenue = desktop.page.locator(".mantine-Paper-root", { hasText: "Ingresos (30 días)" });
    await revenue.getByText("Con IVA, menos reembolsos").waitFor();
    const withIva = await revenue.locator("p").nth(1).textContent();
    await desktop.page.getByText("Sin IVA", { exact: true }).click();
    await revenue.getByText("Sin IVA, menos reembolsos").waitFor();
    const withoutIva = await revenue.locator("p").nth(1).textContent();
    const pesos = (text: string | null) => Number((text ?? "").replace(/[^\d.-]/g, ""));
    expect(pesos(withIva)).toBeGreaterThan(0);
    expect(pesos(withoutIva)).toBeLessThan(pesos(withIva));
    await screenshot(desktop.page, "admin-dashboard-sin-iva");
    expect(desktop.problems).toEqual([]);
    await desktop.context.close();
  });

  it("a customer's pages download no admin code", async () => {
    const { page, context } = await openQuietPage(browser, baseUrl, DESKTOP);
    const scripts: string[] = [];
    page.on("request", (req) => {
      if (req.resourceType() === "script") scripts.push(req.url());
    });
    await signInAs(page, "cliente@demo.mx", "/mystudio");
    await page.goto("/mystudio/reservaciones");
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /admin|dashboard-page|customers-page|outbox-page/.test(s))).toEqual([]);
    await context.close();
  });
});
