import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiCall, apiSignIn } from "./api";
import { wcagViolations } from "./axe";
import { DESKTOP, launchBrowser, openQuietPage, screenshot, signInAs } from "./browser";

// Gift cards at the counter (decision 0123): the desk sells a $500 card in cash and prints it
// (studio, amount, code, expiry); the card then pays $500 of a $600 counter sale of products and
// the drawer takes the $100 left; the cash close lists the card's sale and the list shows it spent.

const baseUrl = inject("baseUrl");

async function ownerProduct(name: string) {
  const token = await apiSignIn("admin@demo.mx");
  const made = await apiCall("/api/retail/products", {
    method: "POST",
    token,
    body: { name, variants: [{ price: 200 }] },
  });
  const variant_id = made.json.product.variants[0].variant_id as number;
  await apiCall("/api/retail/stock", {
    method: "POST",
    token,
    body: { variant_id, delta: 5, reason: "restock" },
  });
}

async function printed(page: Page, name: string) {
  // The print stylesheet keeps only the card on the sheet.
  await page.emulateMedia({ media: "print" });
  await screenshot(page, name);
  await page.emulateMedia({ media: "screen" });
}

describe("gift cards at the counter: sold, printed, spent as tender", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("the desk sells a $500 card in cash at 1280 px, prints it, and it pays most of a $600 sale", async () => {
    const product = `Toalla de regalo ${Date.now() % 100_000}`;
    await ownerProduct(product);
    const desk = await openQuietPage(browser, baseUrl, DESKTOP);
    const page = desk.page;
    await signInAs(page, "recepcion@demo.mx", "/admin/tarjetas-de-regalo");
    await page.getByRole("button", { name: "Vender tarjeta" }).click();
    const sell = page.getByRole("dialog", { name: "Vender tarjeta de regalo" });
    await sell.getByLabel(/^Monto/).fill("500");
    await sell.getByLabel(/^Nombre de quien la compra/).fill("Marta Ruiz");
    await sell.getByLabel(/^Nombre de quien la recibe/).fill("Sofía Ruiz");
    await sell.getByRole("radio", { name: "Efectivo" }).check();
    expect(await wcagViolations(page), "sell form").toEqual([]);
    await screenshot(page, "desk-gift-card-sell-1280");
    await sell.getByRole("button", { name: "Cobrar $500.00 MXN" }).click();

    const card = sell.getByTestId("printable-gift-card");
    const code = (await card.getByTestId("printable-code").textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    await card.getByTestId("printable-amount").getByText("$500.00 MXN").waitFor();
    await card.getByText("Para Sofía Ruiz").waitFor();
    await card.getByText(/^Válida hasta el /).waitFor();
    await sell.getByRole("button", { name: "Imprimir" }).waitFor();
    expect(await wcagViolations(page), "printable card").toEqual([]);
    await screenshot(page, "desk-gift-card-printable-1280");
    await printed(page, "desk-gift-card-print-1280");
    await sell.getByRole("button", { name: "Listo" }).click();
    await page
      .getByRole("row")
      .filter({ hasText: "Sofía Ruiz" })
      .getByRole("cell", { name: "$500.00 MXN" })
      .first()
      .waitFor();

    await page.goto("/admin/hoy");
    await page.getByRole("button", { name: "Vender productos" }).click();
    const sale = page.getByRole("dialog", { name: "Vender productos" });
    await sale.getByLabel("Buscar producto").fill(product);
    for (let i = 0; i < 3; i++) await sale.getByRole("button", { name: `Agregar ${product}` }).click();
    await sale.getByTestId("sale-total").getByText("$600.00 MXN").waitFor();
    await sale.getByLabel(/^Tarjeta de regalo/).fill(code.toLowerCase());
    expect(await wcagViolations(page), "sale with a gift card").toEqual([]);
    await screenshot(page, "desk-gift-card-tender-1280");
    await sale.getByRole("button", { name: "Cobrar $600.00 MXN" }).click();
    await page
      .getByText("Venta registrada: $500.00 MXN con tarjeta de regalo y $100.00 MXN en caja.")
      .first()
      .waitFor();

    await page.goto("/admin/corte-de-caja");
    const movements = page.getByRole("table", { name: "Movimientos" });
    await movements
      .getByRole("row")
      .filter({ hasText: "Marta Ruiz" })
      .filter({ hasText: "Tarjeta de regalo" })
      .waitFor();
    expect(await wcagViolations(page), "cash close").toEqual([]);
    await screenshot(page, "desk-gift-card-cash-close-1280");

    await page.goto("/admin/tarjetas-de-regalo");
    await page.getByRole("row").filter({ hasText: "Sofía Ruiz" }).getByText("Usada").first().waitFor();
    expect(desk.problems).toEqual([]);
    await desk.context.close();
  });
});
