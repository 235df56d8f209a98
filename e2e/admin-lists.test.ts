import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { messages } from "../domain/messages";
import { apiCall, STRONG_PASSWORD } from "./api";
import {
  DESKTOP,
  launchBrowser,
  openQuietPage,
  PHONE,
  signInAs,
  studioDay,
  TAKE_SCREENSHOTS,
} from "./browser";

const baseUrl = inject("baseUrl");
const SHOTS = process.env.ADMIN_LISTS_SHOTS ?? "/tmp/shots-admin-lists";

/** A new customer who chose to pay the inscription in cash: a pending cash purchase of their own. */
async function customerWithPendingCash(lastName: string) {
  const { json, token } = await apiCall("/api/customer/signup", {
    method: "POST",
    body: {
      email: `listas.${Date.now()}@prueba.mx`,
      password: STRONG_PASSWORD,
      password_confirm: STRONG_PASSWORD,
      phone: `57${String(Date.now() % 100_000_000).padStart(8, "0")}`,
      name: "Lorena",
      last_name: lastName,
      signup_reason: "Instagram",
      accept_terms: true,
    },
  });
  const packages = (await apiCall("/api/class_packages")).json.class_packages as {
    class_package_id: number;
    title: string;
  }[];
  const inscription = packages.find((p) => p.title === "Inscripción");
  if (!inscription) throw new Error("el estudio demo no tiene el paquete Inscripción");
  await apiCall("/api/checkout", {
    method: "POST",
    token,
    body: { class_package_id: inscription.class_package_id, idempotency_key: `listas-${Date.now()}` },
  });
  return { customerId: json.customer.customer_id as number };
}

async function shot(page: Page, name: string) {
  if (!TAKE_SCREENSHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Rows of a table's body (the header row left out), once the list has answered. */
const bodyRows = (page: Page, table: string) => page.getByRole("table", { name: table }).locator("tbody tr");

async function downloadText(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: fs.readFileSync(file!, "utf8") };
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole("textbox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("admin lists: reservations, purchases, waitlists", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it("the admin filters classes and reservations, confirms a cash payment and reviews the waitlists", async () => {
    const lastName = `Listas${Date.now() % 100_000}`;
    await customerWithPendingCash(lastName);
    const { page, context, problems } = await openQuietPage(browser, baseUrl, DESKTOP);

    // Reservaciones: the week's classes, then a narrower range, then a customer's reservations.
    await signInAs(page, "admin@demo.mx", "/admin/reservaciones");
    await page.getByRole("heading", { level: 1, name: "Reservaciones" }).waitFor();
    await expect.poll(() => bodyRows(page, "Clases").count()).toBeGreaterThan(0);
    const week = await bodyRows(page, "Clases").count();
    const from = await page.getByLabel("Desde").inputValue();
    await page.getByLabel("Hasta").fill(from);
    await expect.poll(() => bodyRows(page, "Clases").count()).toBeLessThanOrEqual(week);
    await page.getByLabel("Hasta").fill("");
    // A class type this week's list holds (which types fall in the week depends on the day the
    // journey runs): searching it keeps its classes, each with its link to the attendance list.
    const opener = /^Abrir la lista de asistencia de /;
    await expect.poll(() => page.getByRole("link", { name: opener }).count()).toBeGreaterThan(0);
    const label = (await page.getByRole("link", { name: opener }).first().getAttribute("aria-label")) ?? "";
    const type = label.replace(opener, "").split(",")[0]!.trim();
    await page.getByRole("searchbox", { name: "Buscar en Clases" }).fill(type);
    const ofType = page.getByRole("link", {
      name: new RegExp(`^Abrir la lista de asistencia de ${type.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")},`),
    });
    // Only that type's classes stay (the search may take a moment to apply).
    await expect
      .poll(
        async () =>
          (await ofType.count()) > 0 &&
          (await ofType.count()) === (await page.getByRole("link", { name: opener }).count()),
      )
      .toBe(true);
    await shot(page, "reservaciones-desktop");

    await page.getByRole("tab", { name: "Buscar reservaciones" }).click();
    await page.getByRole("searchbox", { name: "Buscar en Reservaciones" }).fill("Ana López");
    await expect
      .poll(() =>
        page.getByRole("table", { name: "Reservaciones" }).getByRole("link", { name: "Ana López" }).count(),
      )
      .toBeGreaterThan(0);
    await shot(page, "reservaciones-busqueda-desktop");

    // Compras: the pending cash inscription of our customer, confirmed from the list.
    await page.getByRole("link", { name: "Compras" }).first().click();
    await page.waitForURL(/\/admin\/compras$/);
    await expect.poll(() => bodyRows(page, "Compras").count()).toBeGreaterThan(0);
    await chooseOption(page, "Estado", "Pendiente");
    await chooseOption(page, "Origen", "Efectivo");
    const totals = page.getByRole("region", { name: "Totales del filtro" });
    await expect.poll(() => totals.textContent()).toMatch(/Pendiente: \d+ · \$[\d,]+\.\d\d MXN/);
    await page.getByRole("searchbox", { name: "Buscar en Compras" }).fill(lastName);
    await expect.poll(() => bodyRows(page, "Compras").count()).toBe(1);
    await shot(page, "compras-desktop");
    // The purchases CSV: name and email in columns of their own, the studio's day as AAAA-MM-DD
    // and the time apart, so a spreadsheet sorts and filters them.
    const purchasesCsv = await downloadText(page, () =>
      page.getByRole("button", { name: "Exportar CSV" }).click(),
    );
    expect(purchasesCsv.name).toBe("compras.csv");
    const [purchaseHeader, purchaseRow] = purchasesCsv.text.split("\r\n");
    expect(purchaseHeader).toBe(
      "\uFEFFFecha,Hora,Nombre,Correo,Paquete,Estado,Pago,Reembolsado,Subtotal,IVA,Tasa IVA,Total",
    );
    expect(purchaseRow).toMatch(
      new RegExp(`^${studioDay()},\\d\\d:\\d\\d,Lorena ${lastName},listas\\.\\d+@prueba\\.mx,Inscripción,`),
    );
    await page.getByRole("button", { name: `Confirmar pago: Inscripción, Lorena ${lastName}` }).click();
    const dialog = page.getByRole("dialog", { name: "Confirmar pago en efectivo" });
    await dialog.getByRole("button", { name: "Confirmar pago" }).click();
    await page.getByText(messages.paymentSuccess).first().waitFor();
    await expect.poll(() => bodyRows(page, "Compras").count()).toBe(0);
    await page.getByRole("tab", { name: "Cargos" }).click();
    await chooseOption(page, "Estado", "Pagado");
    await page.getByRole("searchbox", { name: "Buscar en Cargos" }).fill(lastName);
    await expect.poll(() => bodyRows(page, "Cargos").count()).toBe(1);
    await expect.poll(() => totals.textContent()).toContain("Pagado: 1");
    await shot(page, "cargos-desktop");
    const charges = await downloadText(page, () =>
      page.getByRole("button", { name: "Exportar CSV" }).click(),
    );
    expect(charges.name).toBe("cargos.csv");
    const [header, row] = charges.text.split("\r\n");
    expect(header).toBe(
      "\uFEFFFecha,Hora,Nombre,Correo,Paquete,Periodo desde,Periodo hasta,Estado,Pago,Total",
    );
    expect(row).toMatch(
      new RegExp(
        `^${studioDay()},\\d\\d:\\d\\d,Lorena ${lastName},listas\\.\\d+@prueba\\.mx,Inscripción,,,Pagado,Efectivo,[\\d.]+$`,
      ),
    );

    // Listas de espera: the demo's full class has people in line.
    await page.getByRole("link", { name: "Listas de espera" }).first().click();
    await page.waitForURL(/\/admin\/listas-de-espera$/);
    // The URL changes before the page's code has loaded (the router navigates in a transition,
    // keeping Compras on screen): wait for the new page, whose filter is also called "Estado".
    await page.getByRole("heading", { level: 1, name: "Listas de espera" }).waitFor();
    await chooseOption(page, "Estado", "Activas (en la fila)");
    await expect.poll(() => bodyRows(page, "Listas de espera").count()).toBeGreaterThan(0);
    expect(
      await page.getByRole("button", { name: /Quitar a .* de la lista de espera/ }).count(),
    ).toBeGreaterThan(0);
    await shot(page, "listas-de-espera-desktop");
    const line = await downloadText(page, () => page.getByRole("button", { name: "Exportar CSV" }).click());
    expect(line.name).toBe("listas-de-espera.csv");
    expect(line.text.split("\r\n")[0]).toBe("\uFEFFClase,Tipo,Cliente,Correo,Posición,Estado,Se anotó");
    expect(line.text).toContain(",En espera,");

    expect(problems).toEqual([]);
    await context.close();
  });

  it("the three lists work on a phone (the tables scroll sideways)", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, PHONE);
    await signInAs(page, "admin@demo.mx", "/admin/reservaciones");
    await expect.poll(() => bodyRows(page, "Clases").count()).toBeGreaterThan(0);
    await shot(page, "reservaciones-phone");
    await page.goto("/admin/compras");
    await expect.poll(() => bodyRows(page, "Compras").count()).toBeGreaterThan(0);
    await shot(page, "compras-phone");
    await page.goto("/admin/listas-de-espera");
    await expect.poll(() => bodyRows(page, "Listas de espera").count()).toBeGreaterThan(0);
    await shot(page, "listas-de-espera-phone");
    // Nothing but the tables' own scroll areas is wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
