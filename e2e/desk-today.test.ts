import { describe, expect, inject, it } from "vitest";
import { zonedParts } from "../server/db/seed/demo-time";
import { apiCall, apiSignIn, type Json, STRONG_PASSWORD } from "./api";
import { wcagViolations } from "./axe";
import { DESKTOP, launchBrowser, openQuietPage, PHONE, screenshot, signInAs, studioDay } from "./browser";

const baseUrl = inject("baseUrl");
const tag = Date.now().toString(36).slice(-4).toUpperCase();

/** A customer (real sign-up) with a gifted package, booked into the class; answers their name. */
async function bookedCustomer(admin: string, packageId: number, classId: number, name: string) {
  const { json, token } = await apiCall("/api/customer/signup", {
    method: "POST",
    body: {
      email: `hoy.${tag.toLowerCase()}.${Date.now()}@prueba.mx`,
      password: STRONG_PASSWORD,
      password_confirm: STRONG_PASSWORD,
      phone: `58${String(Date.now() % 100_000_000).padStart(8, "0")}`,
      name,
      last_name: `Hoy${tag}`,
      signup_reason: "Instagram",
      accept_terms: true,
    },
  });
  await apiCall("/api/customer/giveAccess", {
    method: "POST",
    token: admin,
    body: { customer_id: json.customer.customer_id, class_package_id: packageId, is_gift: true },
  });
  const booked = await apiCall("/api/class_reservations", {
    method: "POST",
    token,
    body: { single_class_id: classId },
  });
  return {
    name: `${name} Hoy${tag}`,
    reservationId: booked.json.class_reservation.class_reservation_id as number,
  };
}

/**
 * Hoy (docs/product-rules.md#hoy): the desk lands on the day's classes, taps one, sees the roster's
 * flags, and taking an attendance back asks first and says "Asistencia quitada". 390 and 1280 px,
 * one sign-in; the data is set up through the API.
 */
describe("Hoy, the desk's home", () => {
  it("lists today's classes, opens one in a tap, and un-marking asks first (390 and 1280 px)", async (ctx) => {
    // The class is at 23:45 today, so it is still to come whatever the hour the journey runs and
    // is booked before it starts. In the day's last 20 minutes no such class can be made, so the
    // journey skips itself (a run at 05:05 UTC, 23:05 in Mexico City, failed with a 23:00 class).
    const now = zonedParts(new Date());
    if (now.hour * 60 + now.minute >= 23 * 60 + 25) ctx.skip();
    const admin = await apiSignIn("admin@demo.mx");
    const types = (await apiCall("/api/class_types")).json.class_types as Json[];
    const type = types.find((t) => !t.custom_spot_map_id && !t.spot_map) ?? types[0];
    const { json } = await apiCall("/api/single_class", {
      method: "POST",
      token: admin,
      body: {
        class_type_id: type!.class_type_id,
        class_date: `${studioDay(0)}T23:45`,
        duration_minutes: 50,
        capacity: 12,
      },
    });
    const classId = json.single_class.single_class_id as number;
    const packages = (await apiCall("/api/class_packages/presenciales/all")).json.paquetes as Json[];
    const pack = packages.find((p) => !p.is_subscription && p.class_amount > 0) ?? packages[0];
    const ines = await bookedCustomer(admin, pack!.class_package_id, classId, "Inés");
    await apiCall(`/api/admin/class_reservations/${ines.reservationId}/check_in`, {
      method: "PUT",
      token: admin,
      body: { status: "attended" },
    });

    const browser = await launchBrowser();
    try {
      const { page, problems } = await openQuietPage(browser, baseUrl, PHONE);
      // The desk's home is Hoy.
      await signInAs(page, "recepcion@demo.mx", "/admin/hoy");
      const card = page.locator(`a[href="/admin/clases/${classId}/asistencia"]`);
      await expect.poll(() => card.count()).toBe(1);
      await expect.poll(() => card.getByTestId("today-booked").textContent()).toBe("1/12reservado");
      await expect.poll(() => card.getByTestId("today-checked-in").textContent()).toBe("1asistencia");
      await expect.poll(() => page.locator("[data-next]").count()).toBe(1);
      await expect.poll(() => page.locator(".mantine-Notification-root").count()).toBe(0);
      await screenshot(page, "desk-today-390");
      expect(await wcagViolations(page)).toEqual([]);
      await page.setViewportSize(DESKTOP);
      await screenshot(page, "desk-today-1280");

      // One tap to the class's attendance, where the roster shows her flags.
      await card.click();
      await page.waitForURL((url) => url.pathname === `/admin/clases/${classId}/asistencia`);
      const row = page.getByTestId("attendance-row").filter({ hasText: ines.name });
      await expect.poll(() => row.getAttribute("data-status")).toBe("attended");
      await expect.poll(() => row.getByTestId("roster-flags").textContent()).toContain("Primera visita");

      // Taking the attendance back asks first, then says so.
      await row.getByRole("button", { name: "Asistió", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Quitar asistencia" });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await page.setViewportSize(PHONE);
      await screenshot(page, "desk-unmark-confirm-390");
      await dialog.getByRole("button", { name: "Quitar asistencia" }).click();
      await expect.poll(() => page.getByText("Asistencia quitada.").count()).toBeGreaterThan(0);
      await expect.poll(() => row.getAttribute("data-status")).toBe("pending");
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
