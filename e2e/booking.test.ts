import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { messages } from "../domain/messages";
import { addDays, at, isoDay, mondayOf } from "../server/db/seed/demo-time";
import { DESKTOP, launchBrowser, openQuietPage, PHONE, screenshot, signInAs, studioDay } from "./browser";

const baseUrl = inject("baseUrl");
const GUEST = "Invitada Journey";

/**
 * A bookable Indoor Cycling class (it has a row-size spot map) at least two days ahead, moving
 * week by week if needed: the journey cancels it at the end, and a class tomorrow morning can be
 * inside the demo's 12-hour cancellation limit (Mis Reservaciones then offers no "Cancelar").
 */
async function findBookableCycling(page: Page) {
  const earliest = studioDay(2);
  for (let week = 0; week < 4; week++) {
    await page.getByTestId("week-grid").waitFor();
    for (const column of await page.getByTestId("day-column").all()) {
      const day = (await column.getAttribute("data-date")) ?? "";
      if (day < earliest) continue;
      const card = column
        .locator('[data-testid="class-card"][data-state="bookable"]')
        .filter({ hasText: "Indoor Cycling" })
        .first();
      if (await card.count()) return card;
    }
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
  });

  it("on a phone, the days of this week already gone are folded away until asked for", async () => {
    // The browser's clock on Wednesday 10:00 of the studio's week (the signed-in calendar is
    // rendered in the browser, so the server's clock plays no part in what it shows).
    const { page, context, problems } = await openQuietPage(browser, baseUrl, PHONE);
    const monday = mondayOf(new Date());
    const wednesday = addDays(monday, 2);
    const column = (d: typeof monday) => page.locator(`[data-testid="day-column"][data-date="${isoDay(d)}"]`);
    await page.clock.setFixedTime(at(wednesday, "10:00"));
    await context.addInitScript(
      (today) => localStorage.setItem("promo-popup-seen", today),
      isoDay(wednesday),
    );
    await signInAs(page, "cliente@demo.mx", "/mystudio");
    await column(wednesday).waitFor();
    expect(await column(monday).isVisible()).toBe(false);
    const showPast = page.getByRole("button", { name: "Ver los 2 días anteriores" });
    await screenshot(page, "calendar-past-days-folded-phone");
    await showPast.click();
    await column(monday).waitFor();
    expect(await showPast.count()).toBe(0);

    // A desktop week is one row of seven columns: nothing is folded.
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await column(monday).waitFor();
    expect(await page.getByRole("button", { name: /días anteriores/ }).isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a laptop's week shows each class's description, coach and location without cutting them", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, DESKTOP);
    await page.goto("/calendario");
    const cards = page.getByTestId("class-card");
    await expect.poll(() => cards.count()).toBeGreaterThan(10);
    // The demo's descriptions fit their four lines, coaches' names wrap: nothing is clipped.
    const clipped = await page
      .locator('[data-testid="class-card"] [title], [data-testid="class-card"] [data-wrap]')
      .evaluateAll((parts) =>
        parts
          .filter((p) => p.scrollHeight > p.clientHeight + 1 || p.scrollWidth > p.clientWidth + 1)
          .map((p) => p.textContent),
      );
    expect(clipped).toEqual([]);
    // A description that would not fit says itself in full on hover.
    const description = page.locator('[data-testid="class-card"] [title]').first();
    expect(await description.getAttribute("title")).toBe(await description.textContent());
    await screenshot(page, "calendar-week-laptop");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("asks a visitor to sign in before booking from the public calendar", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, DESKTOP);
    // The week arrives rendered by the server and the tap comes at once, before the app has
    // loaded: it must not be lost (web/app/early-taps.ts).
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
  });
});
