import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type AppConfigEntry, resolveAppConfig } from "../domain/app-config";
import { cancelUnitLabel, localDay, localTime } from "../domain/booking";
import { formatTime } from "../domain/format";
import { messages, t } from "../domain/messages";
import { selectableSpots, spotGridFor } from "../domain/spot-map";
import { apiCall, apiSignIn, type Json, STRONG_PASSWORD, signUpCustomer } from "./api";
import { wcagViolations } from "./axe";
import {
  DESKTOP,
  findCardOfDay,
  launchBrowser,
  openQuietPage,
  PHONE,
  screenshot,
  signInAs,
  TAKE_SCREENSHOTS,
} from "./browser";

// Changing a booked spot, the late-cancel warning and the Sold Out badge (decision 0020,
// docs/product-rules.md#cancelling). Every journey signs up its own customers and creates its own
// class type and classes through the admin API, placed relative to now: three days ahead (far
// outside the cancellation window) or at half the window ahead (well inside it), so neither the
// demo data nor the hour or weekday of the run matters.

const baseUrl = inject("baseUrl");
const TZ = "America/Mexico_City";

const HOUR = 3_600_000;
const SPOT_MAP = "3,3";
const grid = spotGridFor({ spot_map: SPOT_MAP, custom_spot_map: null });
if (!grid) throw new Error("spot map");
const spots = selectableSpots(grid);
/** The map's `i`th selectable spot (0-based). */
const spot = (i: number) => {
  const key = spots[i];
  if (key === undefined) throw new Error(`spot map ${SPOT_MAP} has no selectable spot ${i}`);
  return key;
};
const labelOf = (key: string) => grid.rows.flat().find((c) => c.key === key)?.label ?? key;

/** A screenshot file of one element (a dialog, a card), beside the journeys' full-page ones. */
const shot = (name: string) => path.resolve(import.meta.dirname, "screenshots", `${name}.png`);

async function newCustomer(adminToken: string, name: string, credits: number) {
  const { email, id: customerId } = await signUpCustomer(name, "Cambios");
  // Credits given by hand through the contract's resource (decision 0020).
  await apiCall("/api/available_classes", {
    method: "POST",
    token: adminToken,
    body: { customer_id: customerId, available_classes: credits, expiration_date: null },
  });
  return { email, customerId, token: await apiSignIn(email, STRONG_PASSWORD) };
}

/** A class of the journey's type at an instant, "YYYY-MM-DDTHH:mm" on the studio's clock. */
async function newClass(adminToken: string, classTypeId: number, at: Date, capacity: number) {
  const { json } = await apiCall("/api/single_class", {
    method: "POST",
    token: adminToken,
    body: {
      class_type_id: classTypeId,
      class_date: `${localDay(at, TZ)}T${localTime(at, TZ)}`,
      capacity,
      duration_minutes: 50,
      description: "Clase del recorrido de cambios",
    },
  });
  return json.single_class as Json;
}

function book(token: string, body: Json) {
  return apiCall("/api/class_reservations", { method: "POST", token, body });
}

async function expectAxeClean(page: Page, where: string) {
  expect(await wcagViolations(page), where).toEqual([]);
}

/** The class's card in the customer's calendar week, in the given state. */
async function cardOf(page: Page, klass: Json, typeName: string, state: string) {
  const day = localDay(new Date(klass.class_date), TZ);
  return findCardOfDay(page, day, state, [typeName, formatTime(klass.class_date, TZ)]);
}

for (const [size, viewport] of [
  ["390", PHONE],
  ["1280", DESKTOP],
] as const) {
  describe(`booking changes at ${size} px`, () => {
    let browser: Browser;
    let adminToken: string;
    let typeId: number;
    let typeName: string;
    beforeAll(async () => {
      browser = await launchBrowser();
      adminToken = await apiSignIn("admin@demo.mx");
      typeName = `Ride Cambios ${size}`;
      const { json } = await apiCall("/api/class_types", {
        method: "POST",
        token: adminToken,
        body: { name: typeName, spot_map: SPOT_MAP, color: "#1971c2" },
      });
      typeId = json.class_type.class_type_id;
    });
    afterAll(async () => {
      await browser?.close();
    });

    it("changes the spot of a booked class from its card", async () => {
      const me = await newCustomer(adminToken, `Rosa${size}`, 3);
      // Three days ahead, at a whole hour: far outside any cancellation window.
      const at = new Date(Math.ceil((Date.now() + 72 * HOUR) / HOUR) * HOUR);
      const klass = await newClass(adminToken, typeId, at, 6);
      const booked = await book(me.token, { single_class_id: klass.single_class_id, spot: spot(0) });
      const reservationId = booked.json.class_reservation.class_reservation_id as number;

      const { page, context, problems } = await openQuietPage(browser, baseUrl, viewport);
      await signInAs(page, me.email, "/mystudio", STRONG_PASSWORD);
      const card = await cardOf(page, klass, typeName, "reserved");
      await card.getByRole("button", { name: "Cambiar lugar" }).click();
      const dialog = page.getByRole("dialog", { name: "Cambiar Reservación" });
      await dialog.getByRole("button", { name: `Lugar ${labelOf(spot(0))} (seleccionado)` }).waitFor();
      await dialog.getByRole("button", { name: `Lugar ${labelOf(spot(4))}`, exact: true }).click();
      await dialog.getByRole("button", { name: `Lugar ${labelOf(spot(4))} (seleccionado)` }).waitFor();
      await expectAxeClean(page, "change dialog");
      await screenshot(page, `booking-change-spot-${size}`);
      if (TAKE_SCREENSHOTS) await dialog.screenshot({ path: shot(`booking-change-dialog-${size}`) });
      await dialog.getByRole("button", { name: "Guardar cambios" }).click();
      await page.getByText(messages.reservationRegistered).waitFor();
      await expect.poll(() => dialog.count()).toBe(0);

      const list = (await apiCall("/api/class_reservations?filter=upcoming", { token: me.token })).json
        .reservations as Json[];
      expect(list.find((r) => r.class_reservation_id === reservationId)?.spot).toBe(spot(4));
      // Mis Reservaciones shows the new spot.
      await page.goto("/mystudio/reservaciones");
      await page
        .getByTestId("reservation-row")
        .filter({ hasText: typeName })
        .filter({ hasText: labelOf(spot(4)) })
        .first()
        .waitFor();
      await screenshot(page, `booking-change-reservations-${size}`);
      expect(problems).toEqual([]);
      await context.close();
    });

    it("warns before booking inside the window, and 'Cancelar Clase' says the time left and the consequence", async () => {
      const answer = (await apiCall("/api/appconfig")).json as unknown;
      const config = resolveAppConfig(
        (Array.isArray(answer) ? answer : ((answer as Json).appconfig ?? [])) as AppConfigEntry[],
      );
      const value = config.cancel_timeframe_value ?? 0;
      const unit = config.cancel_timeframe_unit.replace(/s$/, "");
      const windowMs =
        value * (unit === "day" ? 24 * HOUR : unit === "minute" ? 60_000 : unit === "second" ? 1000 : HOUR);
      if (!config.allow_cancel_reservations || windowMs < 2 * HOUR) {
        throw new Error("the journey needs cancelling on with a window of at least 2 hours");
      }
      const me = await newCustomer(adminToken, `Luz${size}`, 2);
      // Half the window ahead (at least an hour): well inside it.
      const klass = await newClass(
        adminToken,
        typeId,
        new Date(Date.now() + Math.max(HOUR, windowMs / 2)),
        6,
      );

      const { page, context, problems } = await openQuietPage(browser, baseUrl, viewport);
      await signInAs(page, me.email, "/mystudio", STRONG_PASSWORD);
      const card = await cardOf(page, klass, typeName, "bookable");
      await card.getByRole("button", { name: "Reservar" }).click();
      const booking = page.getByRole("dialog", { name: "Reservar Clase" });
      const lateWarning = booking.getByTestId("late-booking-warning");
      await lateWarning.waitFor();
      expect(await lateWarning.textContent()).toContain(
        config.allow_cancel_after_treshold ? "no se te regresará el crédito" : "no podrás cancelarla",
      );
      await expectAxeClean(page, "booking dialog with the late warning");
      await screenshot(page, `booking-late-warning-${size}`);
      if (TAKE_SCREENSHOTS) await booking.screenshot({ path: shot(`booking-late-warning-dialog-${size}`) });
      await booking.getByRole("button", { name: `Lugar ${labelOf(spot(1))}`, exact: true }).click();
      await booking.getByRole("button", { name: "Reservar", exact: true }).click();
      await page.getByText(messages.reservationSaved).waitFor();

      // The card still offers Cancelar (it explains instead of hiding), and so does Mis Reservaciones.
      const reserved = await cardOf(page, klass, typeName, "reserved");
      await reserved.getByRole("button", { name: "Cancelar" }).click();
      const modal = page.getByRole("dialog", { name: "Cancelar Clase" });
      const warning = modal.getByTestId("cancel-warning");
      await warning.getByText(/^Faltan \d+ (hora|horas|minutos?)/).waitFor();
      const params = { value, unit: cancelUnitLabel(value, config.cancel_timeframe_unit) };
      await warning
        .getByText(t(config.allow_cancel_after_treshold ? "cancelWarning" : "cancelTooLate", params))
        .waitFor();
      if (!config.allow_cancel_after_treshold) {
        expect(await modal.getByRole("button", { name: "Cancelar Clase" }).count()).toBe(0);
      }
      await expectAxeClean(page, "cancel dialog inside the window");
      await screenshot(page, `booking-late-cancel-${size}`);
      if (TAKE_SCREENSHOTS) await modal.screenshot({ path: shot(`booking-late-cancel-dialog-${size}`) });
      await modal
        .getByRole("button", { name: config.allow_cancel_after_treshold ? "Regresar" : "Entendido" })
        .click();
      await expect.poll(() => modal.count()).toBe(0);

      await page.goto("/mystudio/reservaciones");
      const row = page.getByTestId("reservation-row").filter({ hasText: typeName }).first();
      await row.getByRole("button", { name: "Cancelar" }).click();
      await page.getByRole("dialog", { name: "Cancelar Clase" }).getByTestId("cancel-warning").waitFor();
      await screenshot(page, `booking-late-cancel-reservations-${size}`);
      expect(problems).toEqual([]);
      await context.close();
    });

    it("the front desk adjusts a bucket and adds and lifts a penalty by hand", async () => {
      const customer = await newCustomer(adminToken, `Ana${size}`, 4);
      const { page, context, problems } = await openQuietPage(browser, baseUrl, viewport);
      await signInAs(page, "admin@demo.mx", "/admin");
      await page.goto(`/admin/clientes/${customer.customerId}`);
      const panel = page.getByRole("region", { name: "Ajustar créditos y penalizaciones" });
      const bucket = panel.getByTestId("credit-bucket").first();
      await bucket.getByRole("cell", { name: "4", exact: true }).waitFor();
      await bucket.getByRole("button", { name: "Ajustar" }).click();
      const dialog = page.getByRole("dialog", { name: "Ajustar créditos" });
      await dialog.getByRole("textbox", { name: "Clases disponibles" }).fill("6");
      await dialog.getByRole("textbox", { name: "Horarios permitidos" }).fill("25:00");
      await dialog.getByRole("button", { name: "Guardar" }).click();
      // The API's field error shows next to the field; fixed, it saves.
      await dialog.getByText(messages.allowedTimesInvalid).first().waitFor();
      await dialog.getByRole("textbox", { name: "Horarios permitidos" }).fill("07:00, 18:30");
      await expectAxeClean(page, "bucket dialog");
      if (TAKE_SCREENSHOTS) await dialog.screenshot({ path: shot(`desk-bucket-dialog-${size}`) });
      await dialog.getByRole("button", { name: "Guardar" }).click();
      await page.getByText(messages.creditBucketSaved).waitFor();
      await bucket.getByRole("cell", { name: "6", exact: true }).waitFor();
      await bucket.getByText("07:00, 18:30").waitFor();

      await panel.getByRole("button", { name: "Agregar penalización" }).click();
      const penalty = page.getByRole("dialog", { name: "Agregar penalización" });
      await penalty.getByRole("button", { name: "Agregar penalización" }).click();
      await page.getByText(messages.penaltySaved).waitFor();
      await panel.getByText("Activa", { exact: true }).waitFor();
      await expectAxeClean(page, "customer page with the panel");
      if (TAKE_SCREENSHOTS) await panel.screenshot({ path: shot(`desk-credits-panel-${size}`) });
      await panel.getByRole("button", { name: "Levantar" }).click();
      await page
        .getByRole("dialog", { name: "Levantar penalización" })
        .getByRole("button", { name: "Levantar" })
        .click();
      await page.getByText(messages.penaltyLifted).waitFor();
      await panel.getByText("Levantada", { exact: true }).waitFor();
      // Every change is in the Bitácora.
      const audit = (
        await apiCall(`/api/admin/audit?customer_id=${customer.customerId}`, { token: adminToken })
      ).json as Json;
      const actions = (audit.entries as Json[]).map((e) => e.action);
      expect(actions).toEqual(
        expect.arrayContaining(["credits.bucket_update", "penalty.create", "penalty.lift"]),
      );
      expect(problems).toEqual([]);
      await context.close();
    });

    it("a full class says Sold Out, also on my own reservation", async () => {
      const me = await newCustomer(adminToken, `Sol${size}`, 2);
      const other = await newCustomer(adminToken, `Mar${size}`, 2);
      const at = new Date(Math.ceil((Date.now() + 74 * HOUR) / HOUR) * HOUR);
      const theirs = await newClass(adminToken, typeId, at, 1);
      const mine = await newClass(adminToken, typeId, new Date(at.getTime() + HOUR), 1);
      await book(other.token, { single_class_id: theirs.single_class_id });
      await book(me.token, { single_class_id: mine.single_class_id, spot: spot(2) });

      const { page, context, problems } = await openQuietPage(browser, baseUrl, viewport);
      await signInAs(page, me.email, "/mystudio", STRONG_PASSWORD);
      const full = await cardOf(page, theirs, typeName, "full");
      await full.getByText("Sold Out").waitFor();
      expect(await full.getByText(/0 lugares/).count()).toBe(0);
      const reserved = await cardOf(page, mine, typeName, "reserved");
      await reserved.getByText("Sold Out").waitFor();
      expect(await reserved.getByText(/0 lugares/).count()).toBe(0);
      await full.scrollIntoViewIfNeeded();
      await expectAxeClean(page, "calendar with sold out cards");
      await screenshot(page, `booking-sold-out-${size}`);
      if (TAKE_SCREENSHOTS) await full.screenshot({ path: shot(`booking-sold-out-card-${size}`) });
      if (TAKE_SCREENSHOTS) await reserved.screenshot({ path: shot(`booking-sold-out-mine-card-${size}`) });
      expect(problems).toEqual([]);
      await context.close();
    });
  });
}
