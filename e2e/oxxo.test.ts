import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { formatMoney } from "../domain/format";
import { STRONG_PASSWORD } from "./api";
import { wcagViolations } from "./axe";
import { DESKTOP, launchBrowser, openQuietPage, PHONE, screenshot } from "./browser";

/**
 * OXXO with a factura (decisions 0034 and 0036) on the demo studio (sandbox processor, no PAC key):
 * a new customer with datos de facturación buys a package with OXXO, sees the voucher (reference,
 * barcode, amount, expiry) on /gracias and a pending purchase in Mis Compras; the sandbox's
 * 'Simular pago' (the webhook's path) pays it; then the credits are in Mis Créditos, and from Mis
 * Compras the customer asks for the purchase's factura and downloads its PDF: a preview "sin
 * validez fiscal", forma de pago 01 (efectivo). A reload finds the same factura. 390 and 1280 px,
 * the factura screen axe-core clean.
 */
const baseUrl = inject("baseUrl");

type Pkg = { class_package_id: number; title: string; price: number; sale_price: number | null };
let packages: Pkg[] = [];
const pkgOf = (title: string) => packages.find((p) => p.title === title)!;
const priceOf = (p: Pkg) => (p.sale_price !== null && p.sale_price < p.price ? p.sale_price : p.price);

async function signUp(page: Page) {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const res = await page.context().request.post(`${baseUrl}/api/customer/signup`, {
    data: {
      email: `oxxo${n}@prueba.mx`,
      password: STRONG_PASSWORD,
      password_confirm: STRONG_PASSWORD,
      phone: `55${n.slice(-8)}`,
      name: "Olga",
      last_name: "Oxxo",
      accept_terms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  // Datos de facturación (Mi Información's form is another journey's): through the API.
  const fiscal = await page.context().request.put(`${baseUrl}/api/fiscal-data`, {
    data: {
      rfc: "GODE561231GR8",
      razon_social: "Olga Oxxo",
      regimen_fiscal: "612",
      codigo_postal: "06700",
      uso_cfdi: "G03",
    },
  });
  expect(fiscal.status(), await fiscal.text()).toBe(200);
}

async function acceptLegal(page: Page) {
  const accept = page.getByRole("button", { name: "Aceptar" });
  if (await accept.isVisible().catch(() => false)) await accept.click();
  const legal = page.getByRole("checkbox", { name: /^Acepto/ });
  if ((await legal.count()) > 0 && !(await legal.isChecked())) await legal.check();
}

describe("OXXO in the sandbox", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    packages = (await (await fetch(`${baseUrl}/api/class_packages`)).json()).class_packages;
  });
  afterAll(() => browser?.close());

  for (const [label, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`${label}: buys with OXXO, sees the voucher, the payment arrives, the credits are there, gets the factura`, async () => {
      const { page, problems } = await openQuietPage(browser, baseUrl, viewport);
      await signUp(page);
      const five = pkgOf("5 Clases");
      const fee = pkgOf("Inscripción");
      const total = priceOf(five) + (fee ? priceOf(fee) : 0);

      await page.goto(`/checkout/${five.class_package_id}`);
      // The ways to pay, one per row, online first; the demo sells online, so the card is
      // preselected (cash at the studio comes last).
      const choices = page.getByTestId("payment-choices").getByRole("radio");
      await expect.poll(() => choices.count()).toBe(5);
      const rows = await choices.evaluateAll((inputs) =>
        inputs.map((input) => Math.round(input.getBoundingClientRect().top)),
      );
      expect(new Set(rows).size).toBe(rows.length);
      expect(await page.getByTestId("payment-choices").locator("label").allTextContents()).toEqual([
        "Tarjeta de crédito o débito",
        "PayPal",
        "OXXO",
        "Transferencia SPEI",
        "Efectivo",
      ]);
      expect(await page.getByRole("radio", { name: /^Tarjeta/ }).isChecked()).toBe(true);
      // While paying, the floating WhatsApp button stays away (it covered the fee's notice).
      expect(await page.getByRole("link", { name: "Escríbenos por WhatsApp" }).count()).toBe(0);
      await page.getByRole("radio", { name: "OXXO" }).check();
      await expect.poll(() => page.getByRole("radio", { name: "Transferencia SPEI" }).count()).toBe(1);
      await acceptLegal(page);
      await expect.poll(() => page.getByText("Paga en efectivo en cualquier OXXO").count()).toBe(1);
      await screenshot(page, `oxxo-checkout-${label}`);
      await page.getByRole("button", { name: "Generar ficha OXXO" }).click();

      await page.waitForURL(/\/gracias\/\d+/);
      const voucher = page.getByTestId("voucher");
      await expect.poll(() => voucher.textContent()).toContain("Ficha de pago OXXO");
      const text = (await voucher.textContent()) ?? "";
      expect(text).toContain("Sandbox");
      // The badge is whole, not cut to "SANDB…" by the title beside it.
      const badge = voucher.getByText("Sandbox", { exact: true });
      expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await page.getByRole("link", { name: "Escríbenos por WhatsApp" }).count()).toBe(0);
      expect(text).toContain(formatMoney(total));
      expect(text).toContain("Paga en cualquier OXXO");
      expect(text).toMatch(/Paga antes del\d{1,2} [a-z]{3}\.? \d{4}/i);
      expect(text).toMatch(/\d{18}/);
      // The barcode is drawn (bars as SVG rects/paths), not an empty box.
      const bars = await page.getByTestId("voucher-barcode").locator("rect, path").count();
      expect(bars).toBeGreaterThan(10);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("pendiente");
      if (fee) {
        // Not paid yet: the order lists what it includes, not what was "paid".
        const lines = page.getByTestId("paid-with");
        await expect.poll(() => lines.getByRole("heading", { name: "Incluye" }).count()).toBe(1);
        expect(await lines.textContent()).not.toContain("Pagado en la misma compra");
        expect(await lines.textContent()).toContain(fee.title);
      }
      await screenshot(page, `oxxo-voucher-${label}`);

      // Mis Compras: pending, with the way back to the voucher; no credits yet.
      await page.goto("/mystudio/membresias");
      const row = page.getByTestId("purchase-row").filter({ hasText: "5 Clases" });
      await expect.poll(() => row.textContent()).toContain("Pago pendiente");
      await screenshot(page, `oxxo-pending-purchases-${label}`);
      await page.goto("/mystudio/creditos");
      await expect.poll(() => page.getByText("No tienes créditos vigentes.").count()).toBe(1);

      // Back to the voucher from Mis Compras; the store reports the payment (sandbox webhook path).
      await page.goto("/mystudio/membresias");
      await row.getByRole("link", { name: "Ver datos de pago" }).click();
      await page.waitForURL(/\/gracias\/\d+/);
      await page.getByTestId("simulate-payment").click();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("¡Gracias");
      await expect.poll(() => page.getByTestId("granted-credits").textContent()).toContain("5 créditos");
      expect(await page.getByTestId("voucher").count()).toBe(0);
      if (fee) {
        await expect
          .poll(() =>
            page.getByTestId("paid-with").getByRole("heading", { name: "Pagado en la misma compra" }).count(),
          )
          .toBe(1);
      }
      await screenshot(page, `oxxo-paid-${label}`);

      await page.goto("/mystudio/creditos");
      await expect.poll(() => page.getByTestId("credits-table").textContent()).toContain("5");
      await page.goto("/mystudio/membresias");
      await expect.poll(() => row.textContent()).not.toContain("Pago pendiente");
      await screenshot(page, `oxxo-paid-purchases-${label}`);

      // The factura of the OXXO purchase: a preview (no PAC key), paid in cash: forma de pago 01.
      await row.getByRole("button", { name: "Solicitar factura" }).click();
      await expect.poll(() => page.getByText(/vista previa sin validez fiscal/).isVisible()).toBe(true);
      const pdfLink = row.getByRole("link", { name: "Factura PDF" });
      await expect.poll(() => pdfLink.isVisible()).toBe(true);
      await expect.poll(() => row.getByText("Sin validez fiscal").isVisible()).toBe(true);
      await screenshot(page, `oxxo-factura-${label}`);
      expect(await wcagViolations(page)).toEqual([]);
      const [download] = await Promise.all([page.waitForEvent("download"), pdfLink.click()]);
      expect(download.suggestedFilename()).toMatch(/^factura-vista-previa-\d+\.pdf$/);
      const pdf = fs.readFileSync((await download.path())!).toString("latin1");
      expect(pdf.startsWith("%PDF-")).toBe(true);
      expect(pdf).toContain("SIN VALIDEZ FISCAL");
      expect(pdf).toContain("Forma de pago 01 ");

      // Asking again (a reload, another tab) finds the same factura: no second button.
      await page.reload();
      await expect.poll(() => row.getByRole("link", { name: "Factura PDF" }).isVisible()).toBe(true);
      expect(await row.getByRole("button", { name: "Solicitar factura" }).count()).toBe(0);
      expect(problems).toEqual([]);
    });
  }
});
