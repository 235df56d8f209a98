import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiCall, apiSignIn, signUpCustomer } from "./api";
import { wcagViolations } from "./axe";
import { DESKTOP, launchBrowser, openQuietPage, PHONE, screenshot, signInAs } from "./browser";

// Retail sales on screen (decision 0127): the desk sells a product to a customer paid with her
// saldo a favor, finds the sale in «Ventas» (no refund button for the desk); the owner, on a
// phone, refunds it from the list: the unit goes back to stock and the saldo to the customer.
// Every row is found by this run's own product and customer names (other journeys share the server).

const baseUrl = inject("baseUrl");

describe("retail sales: saldo a favor at the counter, the list, the refund", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("sells with saldo, lists it, refunds it; stock and saldo come back", async () => {
    const tag = Date.now() % 100_000;
    const product = `Botella térmica ${tag}`;
    const owner = await apiSignIn("admin@demo.mx");
    const made = await apiCall("/api/retail/products", {
      method: "POST",
      token: owner,
      body: { name: product, low_stock_threshold: 0, variants: [{ size: "", colour: "Azul", price: 150 }] },
    });
    const variant = made.json.product.variants[0].variant_id as number;
    await apiCall("/api/retail/stock", {
      method: "POST",
      token: owner,
      body: { variant_id: variant, delta: 5, reason: "restock" },
    });
    const buyer = await signUpCustomer("Renata", `Saldo${tag}`);
    await apiCall(`/api/gift-cards/admin/customers/${buyer.id}/credit`, {
      method: "POST",
      token: owner,
      body: { amount: 200, note: "Cortesía" },
    });
    const stockNow = async () => {
      const { json } = await apiCall("/api/retail/products", { token: owner });
      const p = json.products.find((x: { name: string }) => x.name === product);
      return p.variants[0].stock.reduce(
        (sum: number, s: { quantity: number }) => sum + s.quantity,
        0,
      ) as number;
    };
    const saldoNow = async () =>
      (await apiCall(`/api/gift-cards/admin/customers/${buyer.id}/credit`, { token: owner })).json.balance;

    // The desk, at 1280 px: one bottle to Renata, paid whole by her saldo a favor.
    const desk = await openQuietPage(browser, baseUrl, DESKTOP);
    await signInAs(desk.page, "recepcion@demo.mx", "/admin/productos");
    await desk.page.getByRole("button", { name: "Vender productos" }).first().click();
    const sale = desk.page.getByRole("dialog", { name: "Vender productos" });
    await sale.getByLabel("Buscar producto").fill(product);
    await sale.getByRole("button", { name: `Agregar ${product} · Azul` }).click();
    await sale.getByLabel(/^Cliente/).fill(buyer.name);
    await sale.getByRole("option", { name: new RegExp(buyer.name) }).click();
    await sale.getByTestId("customer-credit").getByText("Saldo a favor: $200.00 MXN").waitFor();
    await sale.getByLabel(/^Usar saldo a favor/).fill("150");
    expect(await wcagViolations(desk.page), "sale with saldo").toEqual([]);
    await screenshot(desk.page, "retail-sale-saldo-1280");
    await sale.getByRole("button", { name: "Cobrar $150.00 MXN" }).click();
    await desk.page.getByText("con saldo a favor").first().waitFor();
    expect(await saldoNow()).toBe(50);
    expect(await stockNow()).toBe(4);

    // «Ventas»: the sale with its customer, how it was paid and its state; the desk cannot refund.
    await desk.page.getByRole("tab", { name: "Ventas" }).click();
    const row = desk.page.getByRole("row").filter({ hasText: buyer.name });
    await row.getByText("Saldo a favor $150.00 MXN").waitFor();
    await row.getByText("Pagada").waitFor();
    await row.getByText(`${product} · Azul × 1`).waitFor();
    expect(await row.getByRole("button", { name: /^Reembolsar/ }).count()).toBe(0);
    expect(await wcagViolations(desk.page), "sales list").toEqual([]);
    await screenshot(desk.page, "retail-sales-1280");
    expect(desk.problems).toEqual([]);
    await desk.context.close();

    // The owner, on a phone: the sale's card, the refund stating where everything goes back.
    const phone = await openQuietPage(browser, baseUrl, PHONE);
    await signInAs(phone.page, "admin@demo.mx", "/admin/productos");
    await phone.page.getByRole("tab", { name: "Ventas" }).click();
    const card = phone.page.getByTestId("sale-card").filter({ hasText: buyer.name });
    await card.getByText("Pagada").waitFor();
    await card.getByRole("button", { name: /^Reembolsar la venta/ }).click();
    const refund = phone.page.getByRole("dialog", { name: /^Reembolso de la venta/ });
    const summary = refund.getByTestId("refund-summary");
    await summary.getByText(`$150.00 MXN al saldo a favor de ${buyer.name}`).waitFor();
    await summary.getByText(/^1 unidad regresa a las existencias de /).waitFor();
    expect(await summary.getByText(/desde la caja/).count()).toBe(0);
    expect(await wcagViolations(phone.page), "refund").toEqual([]);
    await screenshot(phone.page, "retail-refund-390");
    await refund.getByRole("button", { name: "Reembolsar $150.00 MXN" }).click();
    await phone.page.getByText("Reembolso registrado: $150.00 MXN.").first().waitFor();
    await card.getByText("Reembolsada").waitFor();
    await screenshot(phone.page, "retail-sales-390");
    expect(await saldoNow()).toBe(200);
    expect(await stockNow()).toBe(5);
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  });
});
