import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { tokenizeSandboxCard } from "../domain/sandbox-card";
import { STRONG_PASSWORD } from "./api";
import { wcagViolations } from "./axe";
import { DESKTOP, launchBrowser, openQuietPage, PHONE, screenshot } from "./browser";

/**
 * Issue 20.2 as a customer lives it on the demo studio (no PAC key: facturas are previews "sin
 * validez fiscal"): a new customer with datos de facturación pays a package, asks for its factura
 * from Mis Compras and downloads the PDF. Phone and desktop, axe-core clean.
 */
const baseUrl = inject("baseUrl");

async function newPayingCustomer(page: Page) {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const request = page.context().request;
  const signUp = await request.post(`${baseUrl}/api/customer/signup`, {
    data: {
      email: `factura${n}@prueba.mx`,
      password: STRONG_PASSWORD,
      password_confirm: STRONG_PASSWORD,
      phone: `55${n.slice(-8)}`,
      name: "Fabiola",
      last_name: "Factura",
      accept_terms: true,
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const fiscal = await request.put(`${baseUrl}/api/fiscal-data`, {
    data: {
      rfc: "GODE561231GR8",
      razon_social: "Fabiola Factura",
      regimen_fiscal: "612",
      codigo_postal: "06700",
      uso_cfdi: "G03",
    },
  });
  expect(fiscal.status(), await fiscal.text()).toBe(200);
  const packages = (await (await request.get(`${baseUrl}/api/class_packages`)).json()).class_packages as {
    class_package_id: number;
    title: string;
  }[];
  const five = packages.find((p) => p.title === "5 Clases")!;
  const attempt = await request.post(`${baseUrl}/api/checkout/attempt`, {
    data: {
      class_package_id: five.class_package_id,
      include_signup_fee: true,
      idempotency_key: `factura-${n}`,
    },
  });
  expect(attempt.status(), await attempt.text()).toBe(200);
  const body = await attempt.json();
  if (!body.completed) {
    const confirm = await request.post(`${baseUrl}/api/checkout/confirm`, {
      data: {
        purchase_id: body.purchase_id,
        client_secret: body.clientSecret,
        payment_method: tokenizeSandboxCard("4242424242424242", { month: 12, year: 2030 }),
      },
    });
    expect(confirm.status(), await confirm.text()).toBe(200);
  }
}

describe("factura from Mis Compras (demo: preview sin validez fiscal)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("a customer asks for the factura of a paid purchase and downloads its PDF", async () => {
    const { page, problems } = await openQuietPage(browser, baseUrl, PHONE);
    await newPayingCustomer(page);
    await page.goto("/mystudio/membresias");
    const row = page.getByTestId("purchase-row").filter({ hasText: "5 Clases" }).first();
    await row.getByRole("button", { name: "Solicitar factura" }).click();
    await expect.poll(() => page.getByText(/vista previa sin validez fiscal/).isVisible()).toBe(true);
    const pdfLink = row.getByRole("link", { name: "Factura PDF" });
    await expect.poll(() => pdfLink.isVisible()).toBe(true);
    await expect.poll(() => row.getByText("Sin validez fiscal").isVisible()).toBe(true);
    await screenshot(page, "factura-phone");
    expect(await wcagViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent("download"), pdfLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^factura-vista-previa-\d+\.pdf$/);
    const pdf = fs.readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain("SIN VALIDEZ FISCAL");

    // Asking again (a reload, another tab) finds the same factura: no second button.
    await page.setViewportSize(DESKTOP);
    await page.reload();
    const desktopRow = page.getByTestId("purchase-row").filter({ hasText: "5 Clases" }).first();
    await expect.poll(() => desktopRow.getByRole("link", { name: "Factura PDF" }).isVisible()).toBe(true);
    expect(await desktopRow.getByRole("button", { name: "Solicitar factura" }).count()).toBe(0);
    await screenshot(page, "factura-desktop");
    expect(await wcagViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
