import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addLocalDays, mondayOfDay } from "../domain/booking";
import { messages } from "../domain/messages";
import {
  DESKTOP,
  findCardOfDay,
  launchBrowser,
  openQuietPage,
  PHONE,
  screenshot,
  signInAs,
  studioDay,
} from "./browser";

const baseUrl = inject("baseUrl");
const TYPE = `Spinning E2E ${Date.now() % 100_000}`;

const tomorrow = studioDay(1);

describe("admin schedule: class type with a spot map, weekly class, a customer books it", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("creates the type, schedules it weekly, the demo customer books a spot and the admin sees her", async () => {
    const admin = await openQuietPage(browser, baseUrl, DESKTOP);
    const page = admin.page;
    await signInAs(page, "admin@demo.mx", "/admin/catalogo/tipos-de-clase");

    // 1. A class type with a 3,4 row map: the preview draws its 7 spots as it is typed.
    await page.getByRole("button", { name: "Nuevo", exact: true }).click();
    const typeDialog = page.getByRole("dialog", { name: "Nuevo tipo de clase" });
    await typeDialog.getByLabel(/^Nombre/).fill(TYPE);
    await typeDialog.getByLabel("Mapa de lugares por filas").fill("3,4");
    await typeDialog.getByText("7 lugares reservables").waitFor();
    await screenshot(page, "admin-class-type-spot-map");
    await typeDialog.getByRole("button", { name: "Guardar" }).click();
    await page.getByText(messages.classTypeSaved).waitFor();
    await typeDialog.waitFor({ state: "detached" });
    await page.getByRole("table", { name: "Tipos de clase" }).getByText(TYPE).waitFor();

    // 2. The class, tomorrow at 21:45 studio time, 5 seats.
    await page.goto(`/admin/horario?semana=${mondayOfDay(tomorrow)}`);
    await page.getByRole("button", { name: "Nueva clase" }).click();
    const form = page.getByRole("dialog", { name: "Nueva clase" });
    await form.getByRole("textbox", { name: "Tipo de clase" }).click();
    await page.getByRole("option", { name: TYPE, exact: true }).click();
    await form.getByLabel(/^Fecha/).fill(tomorrow);
    await form.getByLabel(/^Hora/).fill("21:45");
    await form.getByLabel(/^Capacidad/).fill("5");
    await form.getByRole("button", { name: "Guardar" }).click();
    await page.getByText(messages.classSaved).waitFor();
    await form.waitFor({ state: "detached" });

    // 3. Repeated weekly for two more weeks.
    await page.getByRole("button", { name: new RegExp(`21:45 · ${TYPE}`) }).click();
    const panel = page.getByRole("dialog", { name: TYPE });
    await panel.getByLabel("Hasta").fill(addLocalDays(tomorrow, 14));
    await panel.getByRole("button", { name: "Repetir", exact: true }).click();
    await page.getByText("Clases creadas: 2. Ya existían: 0.").waitFor();
    await screenshot(page, "admin-schedule-panel");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Semana siguiente" }).click();
    await page.getByRole("button", { name: new RegExp(`21:45 · ${TYPE}`) }).waitFor();

    // 4. The demo customer (she has credits) books the first one with a spot.
    const customer = await openQuietPage(browser, baseUrl, PHONE);
    const c = customer.page;
    await signInAs(c, "cliente@demo.mx", "/mystudio");
    // Tomorrow's class (the repeats are on the same weekday of later weeks: the admin checks tomorrow's).
    const card = await findCardOfDay(c, tomorrow, "bookable", [TYPE]);
    await card.getByRole("button", { name: "Reservar" }).click();
    const modal = c.getByRole("dialog", { name: "Reservar Clase" });
    await modal.waitFor();
    const spots = modal.locator("button[data-spot]:not([disabled])");
    expect(await spots.count()).toBe(7);
    await spots.nth(2).click();
    await modal.getByRole("button", { name: "Reservar", exact: true }).click();
    await c.getByText(messages.reservationSaved).waitFor();

    // 5. The admin sees her in the class's reservations.
    await page.goto(`/admin/horario?semana=${mondayOfDay(tomorrow)}`);
    await page.getByRole("button", { name: new RegExp(`21:45 · ${TYPE}`) }).click();
    await page.getByRole("dialog", { name: TYPE }).getByText("cliente@demo.mx").waitFor();
    await page.getByRole("dialog", { name: TYPE }).getByText("1/5").waitFor();

    expect(admin.problems).toEqual([]);
    expect(customer.problems).toEqual([]);
    await customer.context.close();
    await admin.context.close();
  });

  it("the week view at 1280 px shows every class's coach and location whole", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, DESKTOP);
    await signInAs(page, "admin@demo.mx", "/admin/horario");
    const coaches = page.getByTestId("class-coaches");
    await expect.poll(() => coaches.count()).toBeGreaterThan(10);
    expect(await page.getByTestId("class-location").count()).toBeGreaterThan(10);
    // Nothing cut: no line ends in "…" (each line wraps inside its day column instead).
    const cut = await page
      .locator('[data-testid="class-coaches"], [data-testid="class-location"]')
      .evaluateAll((lines) =>
        lines
          .filter((l) => l.scrollWidth > l.clientWidth || getComputedStyle(l).textOverflow === "ellipsis")
          .map((l) => l.textContent),
      );
    expect(cut).toEqual([]);
    expect(await page.getByTestId("class-location").allTextContents()).toContain("Roma Norte");
    await screenshot(page, "admin-week-desktop");
    expect(problems).toEqual([]);
    await context.close();
  });
});
