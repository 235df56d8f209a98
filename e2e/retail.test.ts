import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { messages } from "../domain/messages";
import { wcagViolations } from "./axe";
import { DESKTOP, launchBrowser, openQuietPage, screenshot, signInAs, TAKE_SCREENSHOTS } from "./browser";

// Retail at the counter (docs/product-rules.md#retail): the owner adds a product with two variants
// and receives stock; the desk sells one unit from Hoy; the stock drops and, at the product's
// threshold, the variant is listed under «Pocas existencias».

const baseUrl = inject("baseUrl");

/** Screenshots also land in /tmp for the brief's review (h51). */
async function shot(page: Page, name: string) {
  await screenshot(page, name);
  if (TAKE_SCREENSHOTS) await page.screenshot({ path: `/tmp/h51-${name}.png`, fullPage: true });
}

describe("retail: a product with variants, sold at the desk", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("the owner adds socks in two sizes and 4 units; the desk sells one; 3 left shows as low", async () => {
    const name = `Calcetas antiderrapantes ${Date.now() % 100_000}`;
    const owner = await openQuietPage(browser, baseUrl, DESKTOP);
    const page = owner.page;
    await signInAs(page, "admin@demo.mx", "/admin/productos");
    await page.getByRole("button", { name: "Nuevo producto" }).click();
    const form = page.getByRole("dialog", { name: "Nuevo producto" });
    await form.getByLabel(/^Nombre/).fill(name);
    await form.getByLabel(/^Avisar con pocas existencias/).fill("3");
    const rows = form.getByTestId("variant-row");
    await rows.nth(0).getByLabel("Talla").fill("CH");
    await rows.nth(0).getByLabel("Color").fill("Negro");
    await rows
      .nth(0)
      .getByLabel("SKU")
      .fill(`CAL-CH-${Date.now() % 100_000}`);
    await rows
      .nth(0)
      .getByLabel(/^Precio/)
      .fill("180");
    await form.getByRole("button", { name: "Agregar variante" }).click();
    await rows.nth(1).getByLabel("Talla").fill("M");
    await rows.nth(1).getByLabel("Color").fill("Negro");
    await rows
      .nth(1)
      .getByLabel(/^Precio/)
      .fill("180");
    expect(await wcagViolations(page), "new product").toEqual([]);
    await shot(page, "retail-new-product-1280");
    await form.getByRole("button", { name: "Guardar" }).click();
    await page.getByText(messages.retailProductSaved).first().waitFor();

    const product = page.getByRole("region", { name });
    await expect.poll(() => product.getByTestId("retail-variant").count()).toBe(2);
    await product.getByRole("button", { name: `Existencias de ${name} · CH · Negro` }).click();
    const stock = page.getByRole("dialog", { name: /^Existencias de / });
    await stock.getByLabel(/^Unidades que llegaron/).fill("4");
    await stock.getByRole("button", { name: "Guardar" }).click();
    await page.getByText(messages.retailStockMoved).first().waitFor();
    await product
      .getByRole("row")
      .filter({ hasText: "CH · Negro" })
      .getByText(/(: 4|^4 unidades)$/)
      .waitFor();
    expect(owner.problems).toEqual([]);
    await owner.context.close();

    const desk = await openQuietPage(browser, baseUrl, DESKTOP);
    await signInAs(desk.page, "recepcion@demo.mx", "/admin/hoy");
    await desk.page.getByRole("button", { name: "Vender productos" }).click();
    const sale = desk.page.getByRole("dialog", { name: "Vender productos" });
    await sale.getByLabel("Buscar producto").fill(name);
    await sale.getByRole("button", { name: `Agregar ${name} · CH · Negro` }).click();
    await sale.getByRole("radio", { name: "Tarjeta (terminal)" }).check();
    await sale.getByLabel(/^Referencia/).fill("482913");
    await sale.getByTestId("sale-total").getByText("$180.00 MXN").waitFor();
    expect(await wcagViolations(desk.page), "desk sale").toEqual([]);
    await shot(desk.page, "retail-desk-sale-1280");
    await sale.getByRole("button", { name: "Cobrar $180.00 MXN" }).click();
    await desk.page.getByText(messages.retailSaleDone).first().waitFor();

    await desk.page.goto("/admin/productos");
    const row = desk.page.getByRole("region", { name }).getByRole("row").filter({ hasText: "CH · Negro" });
    await row.getByText(/(: 3|^3 unidades)$/).waitFor();
    // The unit sold leaves 3, the product's threshold: the variant is listed where it was sold.
    await desk.page
      .getByTestId("low-stock-item")
      .filter({ hasText: `${name} · CH · Negro` })
      .filter({ hasText: "Quedan 3 unidades" })
      .waitFor();
    // The desk sells and reads; the catalogue and its stock are the owner's and the manager's.
    expect(await desk.page.getByRole("button", { name: "Nuevo producto" }).count()).toBe(0);
    expect(await wcagViolations(desk.page), "products").toEqual([]);
    await shot(desk.page, "retail-products-1280");
    expect(desk.problems).toEqual([]);
    await desk.context.close();
  });
});
