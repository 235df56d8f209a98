import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { formatMoney } from "../domain/format";
import { messages } from "../domain/messages";
import { STRONG_PASSWORD } from "./api";
import { wcagViolations } from "./axe";
import { DESKTOP, launchBrowser, openQuietPage, PHONE, screenshot } from "./browser";

/**
 * Self-service checkout (decisions 0017 and 0050) as a new customer lives it on the demo studio
 * (sandbox processor, no keys): the sign-up fee paid with the first package in one payment, a card
 * saved at checkout and reused in one tap, Agregar and delete in Mis Métodos de Pago, and the
 * wallet played by the sandbox. Phone (390 px) and desktop (1280 px), axe-core clean on every
 * screen.
 */
const baseUrl = inject("baseUrl");

type Pkg = { class_package_id: number; title: string; price: number; sale_price: number | null };
let packages: Pkg[] = [];
const pkgOf = (title: string) => {
  const found = packages.find((p) => p.title === title);
  if (!found) throw new Error(`no package ${title}`);
  return found;
};
const priceOf = (p: Pkg) => (p.sale_price !== null && p.sale_price < p.price ? p.sale_price : p.price);

/** A brand-new customer, signed up through the accounts API inside the page's cookie jar. */
async function signUp(page: Page, prefix: string) {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const res = await page.context().request.post(`${baseUrl}/api/customer/signup`, {
    data: {
      email: `${prefix}${n}@prueba.mx`,
      password: STRONG_PASSWORD,
      password_confirm: STRONG_PASSWORD,
      phone: `55${n.slice(-8)}`,
      name: "Renata",
      last_name: "Autoservicio",
      accept_terms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Accepts a required legal page's modal and ticks the legal checkbox when the studio has them. */
async function acceptLegal(page: Page) {
  const accept = page.getByRole("button", { name: "Aceptar" });
  if (await accept.isVisible().catch(() => false)) await accept.click();
  const legal = page.getByRole("checkbox", { name: /^Acepto/ });
  if ((await legal.count()) > 0 && !(await legal.isChecked())) await legal.check();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel("Número de tarjeta").fill(number);
  await page.getByLabel("Vencimiento").fill("122030");
  await page.getByLabel("CVV").fill("123");
}

async function expectClean(page: Page, problems: string[]) {
  expect(await wcagViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
}

describe("checkout self-service (sandbox: card, saved card, wallet)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    packages = (await (await fetch(`${baseUrl}/api/class_packages`)).json()).class_packages;
  });
  afterAll(() => browser?.close());

  it("phone: a new customer pays the sign-up fee with the package in one payment, saves the card and reuses it in one tap", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, PHONE);
    await signUp(page, "cuota");
    const five = pkgOf("5 Clases");
    const fee = pkgOf("Inscripción");

    await page.goto(`/checkout/${five.class_package_id}`);
    const feeLine = page.getByTestId("signup-fee-line");
    await expect.poll(() => feeLine.textContent()).toContain(formatMoney(priceOf(fee)));
    await expect
      .poll(() => page.getByTestId("checkout-total").textContent())
      .toBe(formatMoney(priceOf(five) + priceOf(fee)));
    await page.getByRole("radio", { name: /Tarjeta/ }).check();
    await fillCard(page, "4242 4242 4242 4242");
    await page.getByRole("checkbox", { name: "Guardar tarjeta" }).check();
    await acceptLegal(page);
    await expect
      .poll(() => page.getByTestId("pay-button").textContent())
      .toBe(`Pagar ${formatMoney(priceOf(five) + priceOf(fee))}`);
    await screenshot(page, "self-service-fee-checkout-phone");
    await expectClean(page, problems);
    await page.getByTestId("pay-button").click();

    await expect.poll(() => page.url()).toMatch(/\/gracias\/\d+$/);
    const paidWith = page.getByTestId("paid-with");
    await expect.poll(() => paidWith.textContent()).toContain("Inscripción");
    await expect.poll(() => paidWith.textContent()).toContain("5 Clases");
    const first = page.getByRole("link", { name: "Reserva tu primera clase" });
    await expect.poll(() => first.getAttribute("href")).toBe("/calendario");
    await screenshot(page, "self-service-fee-thanks-phone");
    await expectClean(page, problems);

    // The card was kept: brand and last four only.
    await page.goto("/mystudio/metodos");
    await expect.poll(() => page.getByTestId("saved-card").count()).toBe(1);
    await expect.poll(() => page.getByTestId("saved-card").textContent()).toContain("4242");

    // One tap: the saved card is preselected, no card field is shown.
    const ten = pkgOf("10 Clases");
    await page.goto(`/checkout/${ten.class_package_id}`);
    await page.getByRole("radio", { name: /Tarjeta/ }).check();
    await expect.poll(() => page.getByTestId("saved-cards").isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel("Número de tarjeta").count()).toBe(0);
    // The fee is paid: no fee line any more.
    expect(await page.getByTestId("signup-fee-line").count()).toBe(0);
    await acceptLegal(page);
    await screenshot(page, "self-service-saved-card-phone");
    await expectClean(page, problems);
    await page.getByTestId("pay-button").click();
    await expect.poll(() => page.url()).toMatch(/\/gracias\/\d+$/);
    await expect.poll(() => page.getByTestId("granted-credits").textContent()).toContain("10 créditos");
    // Not the first package any more.
    await expect.poll(() => page.getByRole("link", { name: "Reservar una clase" }).count()).toBe(1);
    await context.close();
  });

  it("desktop: the fee rides on an OXXO voucher; the card checkout after it leaves it out and says so; paid once", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, DESKTOP);
    await signUp(page, "ficha");
    const five = pkgOf("5 Clases");
    const ten = pkgOf("10 Clases");
    const oxxo = await page.context().request.post(`${baseUrl}/api/checkout/offline`, {
      data: {
        class_package_id: five.class_package_id,
        method: "oxxo",
        idempotency_key: `journey-${Date.now()}`,
        include_signup_fee: true,
      },
    });
    expect(oxxo.status(), await oxxo.text()).toBe(200);

    await page.goto(`/checkout/${ten.class_package_id}`);
    const carried = page.getByTestId("signup-fee-carried");
    await expect.poll(() => carried.textContent()).toMatch(/^Tu inscripción va en tu ficha OXXO del /);
    expect(await page.getByTestId("signup-fee-line").count()).toBe(0);
    await page.getByRole("radio", { name: /Tarjeta/ }).check();
    await page.getByLabel("Número de tarjeta").fill("4242 4242 4242 4242");
    // MM/AA as typed: "1230" becomes "12/30" and is accepted.
    await page.getByLabel("Vencimiento").fill("1230");
    await page.getByLabel("CVV").fill("123");
    await acceptLegal(page);
    await expect
      .poll(() => page.getByTestId("pay-button").textContent())
      .toBe(`Pagar ${formatMoney(priceOf(ten))}`);
    await screenshot(page, "self-service-fee-carried-desktop");
    await expectClean(page, problems);
    await page.getByTestId("pay-button").click();
    await expect.poll(() => page.url()).toMatch(/\/gracias\/\d+$/);

    // The store reports the voucher: the fee is paid once, on it.
    const paid = await page
      .context()
      .request.post(`${baseUrl}/api/payments/sandbox/vouchers/${(await oxxo.json()).purchase_id}/pay`);
    expect(paid.status()).toBe(200);
    const mine = (await (await page.context().request.get(`${baseUrl}/api/purchases`)).json())
      .purchases as Array<{
      title: string;
      status: string;
    }>;
    expect(mine.filter((p) => p.title === "Inscripción").map((p) => p.status)).toEqual(["completed"]);
    await context.close();
  });

  it("desktop: Agregar saves a card, the 'Precaución' modal deletes it; the sandbox wallet pays with '¡Pago exitoso!'", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, DESKTOP);
    await signUp(page, "monedero");

    await page.goto("/mystudio/metodos");
    await expect.poll(() => page.getByText(messages.noPaymentSources).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Agregar" }).click();
    const dialog = page.getByRole("dialog", { name: "Agregar tarjeta" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await fillCard(page, "5555 5555 5555 4444");
    await screenshot(page, "self-service-add-card-desktop");
    await expectClean(page, problems);
    await dialog.getByRole("button", { name: "Guardar tarjeta" }).click();
    await expect.poll(() => page.getByText(messages.paymentSourceSaved).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("saved-card").textContent()).toContain("4444");

    await page.getByRole("button", { name: /Eliminar tarjeta terminación 4444/ }).click();
    const caution = page.getByRole("dialog", { name: messages.modalDefaultTitle });
    await expect.poll(() => caution.isVisible()).toBe(true);
    await screenshot(page, "self-service-delete-card-desktop");
    await expectClean(page, problems);
    await caution.getByRole("button", { name: "Eliminar" }).click();
    await expect.poll(() => page.getByTestId("saved-card").count()).toBe(0);

    // The wallet, played by the sandbox: approve in its dialog, captured with the wallet's message.
    const five = pkgOf("5 Clases");
    const fee = pkgOf("Inscripción");
    await page.goto(`/checkout/${five.class_package_id}`);
    await expect.poll(() => page.getByTestId("signup-fee-line").isVisible()).toBe(true);
    await page.getByRole("radio", { name: "PayPal" }).check();
    await acceptLegal(page);
    await expect.poll(() => page.getByTestId("pay-button").textContent()).toBe("Pagar con PayPal");
    await page.getByTestId("pay-button").click();
    const wallet = page.getByRole("dialog", { name: "PayPal (sandbox)" });
    await expect.poll(() => wallet.textContent()).toContain(formatMoney(priceOf(five) + priceOf(fee)));
    await screenshot(page, "self-service-wallet-desktop");
    await expectClean(page, problems);
    await page.getByTestId("wallet-approve").click();
    await expect.poll(() => page.url()).toMatch(/\/gracias\/\d+$/);
    await expect.poll(() => page.getByText(messages.paymentSuccess).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("paid-with").textContent()).toContain("Inscripción");
    await screenshot(page, "self-service-wallet-thanks-desktop");
    await expectClean(page, problems);
    await context.close();
  });
});
