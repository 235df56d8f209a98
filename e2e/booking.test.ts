import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { messages } from "../domain/messages";
import { DESKTOP, launchBrowser, openQuietPage, PHONE, screenshot, signInAs } from "./browser";

const baseUrl = inject("baseUrl");
const GUEST = "Invitada Journey";

/** A bookable Indoor Cycling class (it has a row-size spot map), moving week by week if needed. */
async function findBookableCycling(page: Page) {
  for (let week = 0; week < 4; week++) {
    await page.getByTestId("week-grid").waitFor();
    const card = page
      .locator('[data-testid="class-card"][data-state="bookable"]')
      .filter({ hasText: "Indoor Cycling" })
      .first();
    if (await card.count()) return card;
    await page.getByRole("button", { name: "Semana siguiente" }).click();
    await page.waitForTimeout(800);
  }
  throw new Error("no bookable Indoor Cycling class in four weeks");
}

describe("booking journey", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("books a spot with a guest, sees it in Mis Reservaciones, opens the QR and cancels", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, DESKTOP);
    await signInAs(page, "cliente@demo.mx", "/mystudio");
    await expect(page.getByText(/^Semana \d+$/)).toBeTruthy();
    await screenshot(page, "booking-calendar-desktop");

    const card = await findBookableCycling(page);
    await card.getByRole("button", { name: "Reservar" }).click();
    const modal = page.getByRole("dialog", { name: "Reservar Clase" });
    await modal.waitFor();
    await modal.getByRole("checkbox", { name: /invitado/ }).check();
    await modal.getByLabel("Nombre de tu invitado").fill(GUEST);
    const free = modal.locator("button[data-spot]:not([disabled])");
    const mySpot = await free.nth(0).getAttribute("data-spot");
    await free.nth(0).click();
    const guestSpot = await free.nth(1).getAttribute("data-spot");
    await free.nth(1).click();
    await screenshot(page, "booking-modal-desktop");
    await modal.getByRole("button", { name: "Reservar", exact: true }).click();
    await page.getByText(messages.reservationSaved).waitFor();
    expect(mySpot).not.toBe(guestSpot);

    await page.goto("/mystudio/reservaciones");
    await page
      .locator("label")
      .filter({ hasText: /^Proximas$/ })
      .click();
    const row = page.getByTestId("reservation-row").filter({ hasText: GUEST });
    await row.waitFor();
    expect(await row.textContent()).toContain("Indoor Cycling");
    await screenshot(page, "reservations-desktop");

    await row.getByRole("button", { name: "Codigo de Acceso" }).click();
    const qr = page.getByTestId("qr-code");
    await qr.waitFor();
    expect(await qr.getAttribute("data-url")).toMatch(/\/admin\/reservaciones\/\d+$/);
    await screenshot(page, "reservations-qr");
    await page.keyboard.press("Escape");

    await row.getByRole("button", { name: "Cancelar" }).click();
    const confirm = page.getByRole("dialog", { name: "Cancelar Clase" });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Cancelar Clase" }).click();
    await page.getByText(messages.reservationCancelled).waitFor();
    await page.getByTestId("reservation-row").filter({ hasText: GUEST }).waitFor({ state: "detached" });

    // Phone layout of both screens.
    await page.setViewportSize(PHONE);
    await page.goto("/mystudio/reservaciones");
    await page.getByTestId("reservation-row").first().waitFor();
    await screenshot(page, "reservations-phone");
    await page.goto("/mystudio");
    await page.getByTestId("week-grid").waitFor();
    await screenshot(page, "booking-calendar-phone");
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it("asks a visitor to sign in before booking from the public calendar", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, DESKTOP);
    await page.goto("/calendario");
    const card = await findBookableCycling(page);
    await card.getByRole("button", { name: "Reservar" }).click();
    await page.getByRole("dialog", { name: "Debes Acceder para Reservar" }).waitFor();
    await page.keyboard.press("Escape");

    // The month view lists the month's classes in a Monday-first grid.
    await page.getByText("Mes", { exact: true }).click();
    await page.getByTestId("month-grid").waitFor();
    await page.getByTestId("month-class").first().waitFor();
    expect(await page.getByTestId("month-class").count()).toBeGreaterThan(0);
    await screenshot(page, "calendar-month-desktop");
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
