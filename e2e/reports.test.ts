import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiCall, apiSignIn } from "./api";
import { DESKTOP, launchBrowser, openQuietPage, PHONE, screenshot, signInAs, studioDay } from "./browser";

const baseUrl = inject("baseUrl");

async function downloadText(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: fs.readFileSync(file!, "utf8") };
}

/**
 * The owner's reports (decision 0078): each tab at 390 and 1280 px, the period changed, a figure
 * opened to the rows behind it, the CSV downloaded; the desk has no link to them.
 */
describe("reports", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  for (const [size, viewport] of [
    ["1280", DESKTOP],
    ["390", PHONE],
  ] as const) {
    it(`the owner reads each report, changes the period and opens the detail at ${size} px`, async () => {
      const { page, context, problems } = await openQuietPage(browser, baseUrl, viewport);
      await signInAs(page, "admin@demo.mx", "/admin/reportes");
      await page.getByRole("heading", { level: 1, name: "Reportes" }).waitFor();
      await page.getByLabel("Desde").fill(studioDay(-90));
      await page.getByText("Ocupación por día y hora").waitFor();
      await screenshot(page, `reports-utilisation-${size}`);

      // The fill rate opens the classes it counted.
      await page.getByRole("button", { name: /^Ocupación .*Ver detalle$/ }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByText(/\d+ clases?$/).waitFor();
      await screenshot(page, `reports-utilisation-detail-${size}`);
      await dialog.getByRole("button", { name: "Cerrar" }).click();

      await page.getByRole("tab", { name: "Ingresos" }).click();
      await page.getByText("IVA por mes (para tu contador)").waitFor();
      await screenshot(page, `reports-revenue-${size}`);
      if (size === "1280") {
        const csv = await downloadText(page, () => page.getByRole("link", { name: "Exportar CSV" }).click());
        expect(csv.name).toMatch(/^ingresos-.*\.csv$/);
        expect(csv.text).toContain("Sección,Grupo,Cobrado");
      }
      await page.getByRole("button", { name: /^Ingreso neto \(con IVA\) .*Ver detalle$/ }).click();
      await page
        .getByRole("dialog")
        .getByText(/\d+ movimientos?$/)
        .waitFor();
      await page.getByRole("dialog").getByRole("button", { name: "Cerrar" }).click();

      await page.getByRole("tab", { name: "Clases sin usar" }).click();
      await page.getByRole("button", { name: /^Valor \(ingreso diferido\) .*Ver detalle$/ }).waitFor();
      await screenshot(page, `reports-liability-${size}`);

      await page.getByRole("tab", { name: "Intro a miembro" }).click();
      await page.getByRole("heading", { name: "Por oferta" }).first().waitFor();
      await screenshot(page, `reports-intro-${size}`);
      await page.getByRole("tab", { name: "Retención" }).click();
      await page.getByRole("heading", { name: "Cohortes por primera visita" }).waitFor();
      await screenshot(page, `reports-retention-${size}`);
      // A month's active customers open the list of those customers.
      await page
        .getByRole("button", { name: /Activos, .*: Ver detalle$/ })
        .first()
        .click();
      await page
        .getByRole("dialog")
        .getByText(/\d+ clientes?$/)
        .waitFor();
      await screenshot(page, `reports-retention-detail-${size}`);
      await page.getByRole("dialog").getByRole("button", { name: "Cerrar" }).click();
      await page.getByRole("tab", { name: "Valor de clientes" }).click();
      await page.getByRole("heading", { name: "Por cómo llegaron", exact: true }).waitFor();
      await screenshot(page, `reports-value-${size}`);

      await page.getByRole("tab", { name: "Pago a coaches" }).click();
      await page.getByRole("heading", { name: "Tarifas", exact: true }).waitFor();
      await screenshot(page, `reports-coach-pay-${size}`);

      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("a coach sees their own pay in Mis clases once the studio shows it (390 px)", async () => {
    const admin = await apiSignIn("admin@demo.mx");
    await apiCall("/api/appconfig", {
      method: "PUT",
      token: admin,
      body: [{ key: "coach_pay_visible", value: true }],
    });
    const { page, context, problems } = await openQuietPage(browser, baseUrl, PHONE);
    await signInAs(page, "valeria@demo.mx", "/admin/mis-clases");
    await page.getByRole("heading", { name: "Mi pago" }).waitFor();
    await page.getByLabel("Desde").fill(studioDay(-60));
    await expect.poll(() => page.getByText(/ por \d+ clases?|No diste clases/).count()).toBeGreaterThan(0);
    await screenshot(page, "reports-my-pay-390");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the owner deletes a dated coach rate through its confirm; a manager sees no Borrar (1280 px)", async () => {
    // A rate from 40 days ahead for Mateo (no dated rate in the demo studio): no approved period
    // crosses it, so the owner may delete it (docs/product-rules.md#coach-rate-history).
    const admin = await apiSignIn("admin@demo.mx");
    const rates = (await apiCall("/api/nomina/tarifas", { token: admin })).json.rates as {
      instructor_id: number;
      coach: string;
      per_class: number;
      per_attendee: number;
      count_no_shows: boolean;
      tiers: unknown[];
      workshop_share_percent: number;
    }[];
    // Mateo Castillo, "Teo" (his nickname is the name the coach lists show).
    const mateo = rates.find((r) => /^(Teo|Mateo)\b/.test(r.coach));
    if (!mateo) throw new Error("Mateo no está en las tarifas del estudio demo");
    const from = studioDay(40);
    await apiCall("/api/nomina/tarifas/historial", {
      method: "POST",
      token: admin,
      body: {
        instructor_id: mateo.instructor_id,
        from,
        per_class: mateo.per_class,
        per_attendee: mateo.per_attendee + 5,
        count_no_shows: mateo.count_no_shows,
        tiers: mateo.tiers,
        workshop_share_percent: mateo.workshop_share_percent,
      },
    });
    const openHistory = async (page: Page) => {
      await page.getByRole("tab", { name: "Pago a coaches" }).click();
      await page
        .getByRole("table", { name: "Tarifas" })
        .getByRole("row")
        .filter({ hasText: mateo.coach })
        .getByRole("button", { name: "Historial" })
        .click();
      const history = page.getByRole("dialog", { name: `Tarifas de ${mateo.coach} por fecha` });
      await history.getByRole("table").waitFor();
      return history;
    };

    // A manager reads the history but has no Borrar: deleting a rate is the owner's.
    {
      const { page, context, problems } = await openQuietPage(browser, baseUrl, DESKTOP);
      await signInAs(page, "gerente@demo.mx", "/admin/reportes");
      const history = await openHistory(page);
      await expect.poll(() => history.getByRole("row").count()).toBe(3);
      expect(await history.getByRole("button", { name: /^Borrar/ }).count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    }

    const { page, context, problems } = await openQuietPage(browser, baseUrl, DESKTOP);
    await signInAs(page, "admin@demo.mx", "/admin/reportes");
    const history = await openHistory(page);
    const remove = history.getByRole("button", { name: /^Borrar la tarifa desde el / });
    await expect.poll(() => remove.count()).toBe(1);
    await remove.click();
    const confirm = page.getByRole("dialog", { name: "¿Borrar esta tarifa?" });
    await confirm.getByText(/se borra: desde ese día se paga con la tarifa anterior/).waitFor();
    await screenshot(page, "reports-rate-remove-confirm-1280");
    await confirm.getByRole("button", { name: "Borrar tarifa" }).click();
    await confirm.waitFor({ state: "hidden" });
    // Only the rate since always is left, and the server agrees.
    await expect.poll(() => remove.count()).toBe(0);
    await expect.poll(() => history.getByRole("row").count()).toBe(2);
    await screenshot(page, "reports-rate-removed-1280");
    const left = (await apiCall(`/api/nomina/tarifas/${mateo.instructor_id}/historial`, { token: admin }))
      .json.history as { from: string | null }[];
    expect(left.map((r) => r.from)).toEqual([null]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the front desk has no Reportes link and is sent home from the address", async () => {
    const { page, context } = await openQuietPage(browser, baseUrl, DESKTOP);
    await signInAs(page, "recepcion@demo.mx", "/admin/clientes");
    await expect(page.getByRole("link", { name: "Reportes" }).count()).resolves.toBe(0);
    await page.goto("/admin/reportes");
    await expect.poll(() => new URL(page.url()).pathname).not.toBe("/admin/reportes");
    await context.close();
  });
});
