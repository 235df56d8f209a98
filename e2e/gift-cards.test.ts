import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { STRONG_PASSWORD, signUpCustomer } from "./api";
import { wcagViolations } from "./axe";
import {
  DESKTOP,
  launchBrowser,
  openQuietPage,
  PHONE,
  screenshot,
  signInAs,
  TAKE_SCREENSHOTS,
} from "./browser";

// Gift cards (docs/product-rules.md#gift-cards): a customer buys one on a phone with the sandbox's
// test card and is shown the code once; the code's balance is checked; the desk redeems part of it
// at the counter on a desktop and the card's ledger and balance show it.

const baseUrl = inject("baseUrl");

/** Screenshots also land in /tmp for the brief's review. */
async function shot(page: Page, name: string, dir = "/tmp/h51-") {
  await screenshot(page, name);
  if (TAKE_SCREENSHOTS) await page.screenshot({ path: `${dir}${name}.png`, fullPage: true });
}

/** A local day on the studio's clock (Mexico City), `days` from today: "AAAA-MM-DD". */
function studioDay(days: number) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

describe("gift cards: bought on the phone, redeemed at the desk", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("a customer buys a $1,000 card at 390 px; the desk takes $250 at 1280 px; $750 is left", async () => {
    const customer = await signUpCustomer("Regina", "Regalos");
    const phone = await openQuietPage(browser, baseUrl, PHONE);
    const page = phone.page;
    await signInAs(page, customer.email, "/mystudio/tarjetas-de-regalo", STRONG_PASSWORD);
    await page.getByRole("heading", { name: "Regala clases" }).waitFor();
    await page.getByRole("group", { name: "Monto" }).getByText("$1,000.00 MXN").click();
    await page.getByLabel(/^Nombre de quien la recibe/).fill("Paola Núñez");
    await page.getByLabel(/^Correo de quien la recibe/).fill("paola.regalo@prueba.mx");
    await page.getByLabel(/^Mensaje/).fill("¡Feliz cumpleaños! Nos vemos en clase.");
    await page.getByLabel("Número de tarjeta").fill("4242 4242 4242 4242");
    await page.getByLabel("Vencimiento").fill("122030");
    await page.getByLabel("CVV").fill("123");
    expect(await wcagViolations(page), "buy form").toEqual([]);
    await shot(page, "gift-card-buy-390");
    await page.getByRole("button", { name: "Pagar $1,000.00 MXN" }).click();
    const code = (await page.getByTestId("gift-card-code").textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    await page.getByTestId("my-gift-card").getByText("Para Paola Núñez · $1,000.00 MXN").waitFor();
    expect(await wcagViolations(page), "sold").toEqual([]);
    await shot(page, "gift-card-sold-390");

    await page.getByLabel("Código", { exact: true }).fill(code.toLowerCase());
    await page.getByRole("button", { name: "Consultar" }).click();
    await page.getByTestId("gift-card-balance").getByText("$1,000.00 MXN").first().waitFor();
    // Mi cuenta: saldo a favor (none yet) and the referral link to share.
    await page.goto("/mystudio/saldo");
    await page.getByTestId("referral-card").getByLabel("Tu liga para compartir").waitFor();
    await page.getByTestId("credit-balance").getByText("$0.00 MXN").waitFor();
    expect(await wcagViolations(page), "saldo").toEqual([]);
    await shot(page, "gift-card-saldo-390");
    expect(phone.problems).toEqual([]);
    await phone.context.close();

    const desk = await openQuietPage(browser, baseUrl, DESKTOP);
    await signInAs(desk.page, "recepcion@demo.mx", "/admin/tarjetas-de-regalo");
    const admin = desk.page;
    const row = admin.getByRole("row").filter({ hasText: "Paola Núñez" });
    await row.waitFor();
    await row.getByText("Vigente").waitFor();
    // The desk reads and redeems; downloading the CSV is the owner's and the manager's.
    expect(await admin.getByRole("link", { name: "Descargar CSV" }).count()).toBe(0);
    await admin.getByRole("button", { name: "Cobrar con tarjeta" }).click();
    const dialog = admin.getByRole("dialog", { name: "Cobrar con tarjeta de regalo" });
    await dialog.getByLabel(/^Código/).fill(code);
    await dialog.getByLabel(/^Importe a cobrar/).fill("250");
    await dialog.getByRole("button", { name: "Cobrar" }).click();
    await dialog.getByTestId("redeem-done").getByText("Saldo restante: $750.00 MXN.").waitFor();
    expect(await wcagViolations(admin), "redeem").toEqual([]);
    await shot(admin, "gift-card-redeem-1280");
    await dialog.getByRole("button", { name: "Listo" }).click();

    await row.getByRole("cell", { name: "$750.00 MXN" }).waitFor();
    await row.getByRole("button", { name: /^Ver la tarjeta/ }).click();
    const drawer = admin.getByRole("dialog", { name: /^Tarjeta / });
    await drawer.getByRole("table", { name: "Movimientos" }).getByText("-$250.00 MXN").waitFor();
    // The refund is the owner's and the manager's (docs/product-rules.md#gift-card-refunds).
    expect(await drawer.getByRole("button", { name: "Reembolsar" }).count()).toBe(0);
    expect(await wcagViolations(admin), "ledger").toEqual([]);
    await shot(admin, "gift-card-ledger-1280");
    expect(desk.problems).toEqual([]);
    await desk.context.close();
  });

  it("a card for tomorrow at 10:00 by email and WhatsApp: a past time is refused, Mis tarjetas and the desk show when it goes", async () => {
    const customer = await signUpCustomer("Ramiro", "Programa");
    const phone = await openQuietPage(browser, baseUrl, PHONE);
    const page = phone.page;
    await signInAs(page, customer.email, "/mystudio/tarjetas-de-regalo", STRONG_PASSWORD);
    await page.getByRole("heading", { name: "Regala clases" }).waitFor();
    await page.getByRole("group", { name: "Monto" }).getByText("$500.00 MXN").click();
    await page.getByLabel(/^Nombre de quien la recibe/).fill("Inés Programada");
    await page.getByLabel(/^Correo de quien la recibe/).fill("ines.programada@prueba.mx");
    await page.getByLabel(/^WhatsApp de quien la recibe/).fill("55 8765 4321");
    await page.getByText("Elegir fecha").click();
    await page.getByLabel(/^Fecha de envío/).fill(studioDay(-1));
    await page.getByLabel(/^Hora/).fill("10:00");
    await page.getByLabel("Número de tarjeta").fill("4242 4242 4242 4242");
    await page.getByLabel("Vencimiento").fill("122030");
    await page.getByLabel("CVV").fill("123");
    await page.getByRole("button", { name: "Pagar $500.00 MXN" }).click();
    await page.getByText("Esa fecha y hora ya pasaron. Elige un momento de ahora en adelante.").waitFor();
    await page.getByLabel(/^Fecha de envío/).fill(studioDay(1));
    expect(await wcagViolations(page), "buy with a date").toEqual([]);
    await shot(page, "gift-card-buy-date-390", "/tmp/h66/");
    await page.getByRole("button", { name: "Pagar $500.00 MXN" }).click();
    await page
      .getByText(/^Se la enviaremos a ines\.programada@prueba\.mx y \+525587654321 el .*10:00/)
      .waitFor();
    const mine = page.getByTestId("my-gift-card").filter({ hasText: "Inés Programada" });
    await mine
      .getByTestId("my-gift-card-delivery")
      .getByText(/^Se envía el .*10:00/)
      .waitFor();
    await mine.getByText(/^Vence el /).waitFor();
    expect(await wcagViolations(page), "scheduled").toEqual([]);
    await shot(page, "gift-card-scheduled-390", "/tmp/h66/");
    expect(phone.problems).toEqual([]);
    await phone.context.close();

    const desk = await openQuietPage(browser, baseUrl, DESKTOP);
    await signInAs(desk.page, "recepcion@demo.mx", "/admin/tarjetas-de-regalo");
    const admin = desk.page;
    const row = admin.getByRole("row").filter({ hasText: "Inés Programada" });
    await row.getByRole("button", { name: /^Ver la tarjeta/ }).click();
    const drawer = admin.getByRole("dialog", { name: /^Tarjeta / });
    const deliveries = drawer.getByTestId("gift-card-deliveries");
    await deliveries.getByText("WhatsApp a +525587654321").waitFor();
    expect(await deliveries.getByText(/^Programada para el .*10:00/).count()).toBe(2);
    expect(await wcagViolations(admin), "drawer").toEqual([]);
    await shot(admin, "gift-card-scheduled-drawer-1280", "/tmp/h66/");
    expect(desk.problems).toEqual([]);
    await desk.context.close();
  });
});
