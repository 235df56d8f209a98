import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { WELLHUB_SIGNATURE_HEADER, wellhubSignature } from "../server/modules/aggregators/wellhub";
import { apiCall, apiSignIn, type Json } from "./api";
import {
  DESKTOP,
  goInApp,
  launchBrowser,
  openQuietPage,
  PHONE,
  screenshot,
  signInAs,
  studioDay,
} from "./browser";
import { WELLHUB, wellhubState } from "./wellhub-double";

/**
 * A Wellhub booking from end to end (decisions 0102 to 0104): the owner switches
 * Wellhub on in the back office, the job publishes the class to the double of Wellhub's API, a
 * signed booking arrives and is answered RESERVED, the desk sees the seat marked "Wellhub" on the
 * roster and checks the member in, the visit is validated with the double, and the month's
 * reconciliation counts it. e2e/global-setup.ts starts the double and points the servers at it
 * (decision 0124).
 */
const baseUrl = inject("baseUrl");
const wellhubUrl = inject("wellhubUrl");
const tag = Date.now().toString(36).slice(-5);
const member = { token: `77${Date.now()}`, name: `Iris Corporativa ${tag}`, email: `iris.${tag}@corp.mx` };

afterAll(async () => {
  // Wellhub off again, as the demo studio was: the files after this one on the same server see
  // the studio they expect.
  const admin = await apiSignIn("admin@demo.mx");
  await apiCall("/api/admin/aggregators/wellhub", {
    method: "PUT",
    token: admin,
    // Same gym: its slots are hidden on the double by the publishing job.
    body: {
      enabled: false,
      partner_id: WELLHUB.gymId,
      product_id: "3",
      class_type_ids: [],
      seats_per_class: 0,
      rate: 0,
    },
  });
});

/** A class of its own at 06:35 studio time (no demo class starts then), `daysAhead` from today. */
async function newClass(admin: string, daysAhead: number) {
  const types = (await apiCall("/api/class_types")).json.class_types as Json[];
  const type = types.find((t) => !t.custom_spot_map_id && !t.spot_map) ?? types[0];
  if (!type) throw new Error("the demo studio has no class types");
  const { json } = await apiCall("/api/single_class", {
    method: "POST",
    token: admin,
    body: {
      class_type_id: type.class_type_id,
      class_date: `${studioDay(daysAhead)}T06:35`,
      duration_minutes: 50,
      capacity: 12,
    },
  });
  const klass = json.single_class as Json;
  return { id: klass.single_class_id as number, at: new Date(klass.class_date).getTime(), type: type.name };
}

/** The owner's Wellhub card in Plataformas › Configuración, filled and saved as a person does. */
async function switchWellhubOn(page: Page, classType: string) {
  await page.getByRole("tab", { name: "Configuración" }).click();
  const card = page.getByTestId("aggregator-wellhub");
  await card.getByLabel("Activa").check({ force: true });
  await card.getByLabel("ID del gimnasio en Wellhub (X-Gym-Id)").fill(WELLHUB.gymId);
  await card.getByLabel("ID del producto en Wellhub").fill("3");
  await card.getByLabel("Token de la API de Wellhub").fill(WELLHUB.token);
  await card.getByLabel("Secreto de los avisos (webhooks)").fill(WELLHUB.secret);
  await card.getByLabel("Lugares por clase para la plataforma").fill("2");
  await card.getByLabel("Pago por visita validada (MXN)").fill("90");
  await card.getByLabel("Tipos de clase que se ofrecen").fill(classType);
  await page.getByRole("option", { name: classType, exact: true }).click();
  await card.getByRole("button", { name: "Guardar" }).click();
  await expect.poll(() => page.getByText("Plataforma guardada.").count()).toBeGreaterThan(0);
}

/** A booking-requested webhook as Wellhub signs it (X-Gympass-Signature, decision 0102). */
async function wellhubBooks(slotId: string, bookingNumber: string) {
  const raw = JSON.stringify({
    event_type: "booking-requested",
    event_data: {
      user: { unique_token: member.token, name: member.name, email: member.email },
      slot: { id: Number(slotId), gym_id: Number(WELLHUB.gymId), class_id: 1, booking_number: bookingNumber },
      timestamp: Date.now(),
      event_id: `e2e-${bookingNumber}`,
    },
  });
  const res = await fetch(`${baseUrl}/api/webhooks/aggregators/wellhub`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      [WELLHUB_SIGNATURE_HEADER]: wellhubSignature(WELLHUB.secret, raw),
    },
    body: raw,
  });
  return { status: res.status, json: (await res.json()) as Json };
}

const seatOf = (page: Page) => page.getByTestId("attendance-row").filter({ hasText: member.name });

describe("a Wellhub booking at the studio", () => {
  it("is published, booked by webhook, marked on the roster, checked in, validated and reconciled", async () => {
    const admin = await apiSignIn("admin@demo.mx");
    const klass = await newClass(admin, 2);
    const browser = await launchBrowser();
    try {
      // The owner at the back office and the desk on a phone at the door, signed in side by side.
      const owner = await openQuietPage(browser, baseUrl, DESKTOP);
      const desk = await openQuietPage(browser, baseUrl, PHONE);
      await Promise.all([
        signInAs(owner.page, "admin@demo.mx", "/admin/plataformas"),
        signInAs(desk.page, "recepcion@demo.mx", "/admin/plataformas"),
      ]);
      await switchWellhubOn(owner.page, klass.type);
      await screenshot(owner.page, "aggregators-settings-1280");

      // The publishing job sends the class's slot to Wellhub (decision 0116: soonest first).
      let slotId = "";
      await expect
        .poll(async () => {
          const { slots } = await wellhubState(wellhubUrl);
          const found = Object.entries(slots).find(([, s]) => new Date(s.occur_date).getTime() === klass.at);
          slotId = found?.[0] ?? "";
          return slotId;
        })
        .not.toBe("");

      const booked = await wellhubBooks(slotId, `BK-${tag}`);
      expect(booked).toMatchObject({ status: 200, json: { applied: true, outcome: "accepted" } });
      await expect
        .poll(
          async () =>
            (await wellhubState(wellhubUrl)).answers.find((a) => a.booking === `BK-${tag}`)?.body.status,
        )
        .toBe("RESERVED");

      // At the door the seat says where it came from; checked in, its visit is validated with
      // Wellhub by the job, and the roster follows without a reload.
      await goInApp(desk.page, `/admin/clases/${klass.id}/asistencia`);
      await expect.poll(() => seatOf(desk.page).getByTestId("seat-source").textContent()).toBe("Wellhub");
      await screenshot(desk.page, "aggregators-roster-390");
      await seatOf(desk.page).getByRole("button", { name: "Asistió", exact: true }).click();
      await expect.poll(() => seatOf(desk.page).getAttribute("data-status")).toBe("attended");
      await expect.poll(async () => (await wellhubState(wellhubUrl)).validations).toContain(member.token);
      await expect
        .poll(() => seatOf(desk.page).getByTestId("seat-validation").textContent())
        .toBe("Validada");
      await screenshot(desk.page, "aggregators-validated-390");

      // The owner's roster at 1280 shows the same marks.
      await goInApp(owner.page, `/admin/clases/${klass.id}/asistencia`);
      await expect
        .poll(() => seatOf(owner.page).getByTestId("seat-validation").textContent())
        .toBe("Validada");
      await screenshot(owner.page, "aggregators-roster-1280");

      // The month's reconciliation on a phone: one booking, validated, paid at the rate. The
      // month reads in Spanish whatever language the browser speaks (Chromium's own month input
      // said "November 2026").
      // Loaded anew: the page's first visit, under a minute ago, still holds the month read then.
      await owner.page.setViewportSize(PHONE);
      await owner.page.goto("/admin/plataformas");
      await owner.page.getByRole("tab", { name: "Conciliación" }).click();
      const thisMonth = new Intl.DateTimeFormat("es-MX", {
        month: "long",
        year: "numeric",
        timeZone: "America/Mexico_City",
      }).format(new Date());
      await expect.poll(() => owner.page.getByTestId("month-input").textContent()).toBe(thisMonth);
      const line = owner.page.getByTestId("reconciliation-line").filter({ hasText: "Wellhub" });
      await expect.poll(() => line.textContent()).toContain("$90.00");
      await screenshot(owner.page, "aggregators-reconciliation-390");
      await owner.page.getByTestId("month-input").click();
      await expect.poll(() => owner.page.getByRole("button", { name: /^dic/ }).count()).toBeGreaterThan(0);
      await screenshot(owner.page, "aggregators-month-picker-390");

      expect(owner.problems).toEqual([]);
      expect(desk.problems).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
