import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { apiCall, apiSignIn, type Json, STRONG_PASSWORD } from "./api";
import { wcagViolations } from "./axe";
import { launchBrowser, openQuietPage, screenshot, signInAs } from "./browser";

const baseUrl = inject("baseUrl");
const tag = Date.now().toString(36).slice(-4).toUpperCase();
const TABLET = { width: 768, height: 1024 };
const LANDSCAPE = { width: 1024, height: 768 };
const ZONE = "America/Mexico_City";

/** Day and "HH:MM" on the demo studio's clock, `minutes` from now. */
function studioClock(minutes: number) {
  const at = new Date(Date.now() + minutes * 60_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

let n = 0;
/** A customer with a phone and a gifted package, booked into a class starting `minutes` from now. */
async function bookedIn(admin: string, minutes: number, name: string) {
  const types = (await apiCall("/api/class_types")).json.class_types as Json[];
  const type = types.find((t) => !t.custom_spot_map_id && !t.spot_map) ?? types[0];
  const at = studioClock(minutes);
  const klass = await apiCall("/api/single_class", {
    method: "POST",
    token: admin,
    body: {
      class_type_id: type!.class_type_id,
      class_date: `${at.day}T${at.time}`,
      duration_minutes: 50,
      capacity: 12,
    },
  });
  const phone = `59${String((Date.now() + ++n * 7919) % 100_000_000).padStart(8, "0")}`;
  const { json, token } = await apiCall("/api/customer/signup", {
    method: "POST",
    body: {
      email: `kiosco.${tag.toLowerCase()}.${n}.${Date.now()}@prueba.mx`,
      password: STRONG_PASSWORD,
      password_confirm: STRONG_PASSWORD,
      phone,
      name,
      last_name: `Kiosco${tag}`,
      signup_reason: "Instagram",
      accept_terms: true,
    },
  });
  const packages = (await apiCall("/api/class_packages/presenciales/all")).json.paquetes as Json[];
  const pack = packages.find((p) => !p.is_subscription && p.class_amount > 0) ?? packages[0];
  await apiCall("/api/customer/giveAccess", {
    method: "POST",
    token: admin,
    body: { customer_id: json.customer.customer_id, class_package_id: pack!.class_package_id, is_gift: true },
  });
  const booked = await apiCall("/api/class_reservations", {
    method: "POST",
    token,
    body: { single_class_id: klass.json.single_class.single_class_id },
  });
  return { phone, reservationId: booked.json.class_reservation?.class_reservation_id as number };
}

async function typePhone(page: Page, phone: string) {
  for (const digit of phone) await page.getByRole("button", { name: digit, exact: true }).click();
  await page.getByRole("button", { name: "Registrar asistencia" }).click();
}

const result = (page: Page) => page.getByTestId("kiosk-result");
const ready = async (page: Page) => {
  await page.getByRole("button", { name: "Listo" }).click();
  await expect.poll(() => result(page).count()).toBe(0);
};

/**
 * The check-in kiosk (docs/product-rules.md#kiosk): the desk opens it from Hoy with a PIN, then
 * a customer checks in by phone and by QR (a scanner that types), one who is too early is told
 * when it opens, a walk-in is sent to the desk, and leaving asks for the PIN. 768 and 1024 px.
 */
describe("check-in kiosk", () => {
  it("opens from Hoy, checks in by phone and QR, too early, walk-in, PIN to leave (768 and 1024 px)", async () => {
    // Needs a class 2 hours ahead still today on the studio's clock.
    if (studioClock(150).day !== studioClock(0).day) return;
    const admin = await apiSignIn("admin@demo.mx");
    const ana = await bookedIn(admin, 20, "Ana");
    const bruno = await bookedIn(admin, 25, "Bruno");
    const carla = await bookedIn(admin, 120, "Carla");

    const browser = await launchBrowser([
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
    ]);
    try {
      const { page, context, problems } = await openQuietPage(browser, baseUrl, TABLET);
      await context.grantPermissions(["camera"], { origin: baseUrl });
      await signInAs(page, "recepcion@demo.mx", "/admin/hoy");
      await page.getByRole("button", { name: "Abrir modo quiosco" }).click();
      const open = page.getByRole("dialog", { name: "Modo quiosco" });
      await open.getByLabel("PIN para salir (4 a 8 números)").fill("2468");
      await open.getByLabel("Repite el PIN").fill("2468");
      await open.getByRole("button", { name: "Abrir quiosco" }).click();
      await page.waitForURL((url) => url.pathname === "/kiosco");
      await expect.poll(() => page.getByRole("heading", { name: "¡Bienvenido!" }).count()).toBe(1);
      await screenshot(page, "kiosk-768");
      expect(await wcagViolations(page)).toEqual([]);

      // By phone, inside the window: name, class and the check-in.
      await typePhone(page, ana.phone);
      await expect.poll(() => result(page).getAttribute("data-kind")).toBe("in");
      await expect.poll(() => result(page).textContent()).toContain("¡Listo, Ana!");
      await screenshot(page, "kiosk-checked-in-768");
      await ready(page);

      // By the QR, read by a scanner that types it (the camera reads the same text).
      await page.keyboard.type(`${baseUrl}/admin/reservaciones/${bruno.reservationId}`);
      await page.keyboard.press("Enter");
      await expect.poll(() => result(page).textContent()).toContain("¡Listo, Bruno!");
      await ready(page);

      // Too early: told when it opens.
      await page.setViewportSize(LANDSCAPE);
      await typePhone(page, carla.phone);
      await expect.poll(() => result(page).getAttribute("data-kind")).toBe("wait");
      await expect.poll(() => result(page).textContent()).toMatch(/Aún es temprano.*abre a las \d\d:\d\d/);
      await screenshot(page, "kiosk-too-early-1024");
      await ready(page);

      // A walk-in (no booking today): to the desk.
      await typePhone(page, "5500000001");
      await expect.poll(() => result(page).getAttribute("data-kind")).toBe("desk");
      await expect.poll(() => result(page).textContent()).toContain("Pasa a recepción");
      await screenshot(page, "kiosk-walk-in-1024");
      expect(await wcagViolations(page)).toEqual([]);
      await ready(page);
      await screenshot(page, "kiosk-1024");

      // Leaving needs the PIN.
      await page.getByRole("button", { name: "Salir del quiosco" }).click();
      const exit = page.getByRole("dialog", { name: "Salir del modo quiosco" });
      await exit.getByLabel("PIN").fill("1111");
      await exit.getByRole("button", { name: "Salir" }).click();
      await expect.poll(() => exit.getByTestId("kiosk-exit-error").textContent()).toBe("PIN incorrecto.");
      await screenshot(page, "kiosk-exit-1024");
      await exit.getByLabel("PIN").fill("2468");
      await exit.getByRole("button", { name: "Salir" }).click();
      await page.waitForURL((url) => url.pathname === "/entrar");
      expect(problems.filter((p) => !p.includes("401"))).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 240_000);
});
