import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { messages } from "../domain/messages";
import { apiCall, apiSignIn, type Json, STRONG_PASSWORD } from "./api";
import { DESKTOP, findCardOfDay, launchBrowser, openQuietPage, PHONE, screenshot, signInAs } from "./browser";

const baseUrl = inject("baseUrl");

let phoneCounter = 0;
/** A new customer (real sign-up) with credits given at the desk by the demo admin. */
async function newCustomerWithCredits(adminToken: string, packageId: number, name: string) {
  phoneCounter += 1;
  const email = `espera${phoneCounter}.${Date.now()}@prueba.mx`;
  const { json, token } = await apiCall("/api/customer/signup", {
    method: "POST",
    body: {
      email,
      password: STRONG_PASSWORD,
      password_confirm: STRONG_PASSWORD,
      phone: `56${String((Date.now() + phoneCounter) % 100_000_000).padStart(8, "0")}`,
      name,
      last_name: "Espera",
      signup_reason: "Instagram",
      accept_terms: true,
    },
  });
  await apiCall("/api/customer/giveAccess", {
    method: "POST",
    token: adminToken,
    body: { customer_id: json.customer.customer_id, class_package_id: packageId, is_gift: true },
  });
  return { email, token };
}

describe("waitlist journey", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("joins the line of a full class, another customer cancels, and the first is booked", async () => {
    const adminToken = await apiSignIn("admin@demo.mx");
    const packages = (await apiCall("/api/class_packages/presenciales/all")).json.paquetes as Json[];
    const pack = packages.find((p) => p.class_package_id && !p.is_subscription) ?? packages[0];
    if (!pack) throw new Error("the demo studio sells no in-studio packages");
    const waiting = await newCustomerWithCredits(adminToken, pack.class_package_id, "Paula");
    const holder = await newCustomerWithCredits(adminToken, pack.class_package_id, "Rita");

    // A class with one seat left (the demo has nearly full ones): the holder takes it, now full.
    const today = new Date().toISOString().slice(0, 10);
    const end = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const { days } = (
      await apiCall(`/api/single_class?start_date=${today}&end_date=${end}`, { token: holder.token })
    ).json as { days: { single_classes: Json[] }[] };
    // Far enough ahead that the holder may still cancel it (the demo allows it up to 12 h before):
    // a class tomorrow morning, picked late at night, could no longer be cancelled. The fullest
    // such class; other new customers take all but its last seat.
    const klass = days
      .flatMap((d) => d.single_classes)
      .filter(
        (c) =>
          (c.available as number) >= 1 &&
          (c.available as number) <= 3 &&
          c.class_package_id === null &&
          Date.parse(c.class_date) > Date.now() + 14 * 3_600_000,
      )
      .sort((a, b) => (a.available as number) - (b.available as number))[0];
    if (!klass) throw new Error("no class with 1 to 3 seats left");
    for (let seat = 1; seat < (klass.available as number); seat++) {
      const filler = await newCustomerWithCredits(adminToken, pack.class_package_id, `Relleno ${seat}`);
      await apiCall("/api/class_reservations", {
        method: "POST",
        token: filler.token,
        body: { single_class_id: klass.single_class_id },
      });
    }
    const booked = await apiCall("/api/class_reservations", {
      method: "POST",
      token: holder.token,
      body: { single_class_id: klass.single_class_id },
    });

    const { page, problems } = await openQuietPage(browser, baseUrl, DESKTOP);
    await signInAs(page, waiting.email, "/mystudio", STRONG_PASSWORD);
    // Walk to the class's week and open its Sold Out card.
    const zone = { timeZone: "America/Mexico_City" };
    const time = new Intl.DateTimeFormat("es-MX", {
      ...zone,
      hour: "2-digit",
      minute: "2-digit",
      hour12: false,
    }).format(new Date(klass.class_date));
    const classDay = new Intl.DateTimeFormat("en-CA", zone).format(new Date(klass.class_date));
    const card = await findCardOfDay(page, classDay, "full", [klass.class_type.name, time]);
    await card.getByRole("button", { name: "Lista de espera" }).click();
    const modal = page.getByRole("dialog", { name: "Lista de Espera" });
    await modal.getByRole("button", { name: "Anotarme" }).click();
    await page.getByText(messages.waitlistJoined).waitFor();
    await modal.getByText(messages.waitlistOnList).waitFor();
    await screenshot(page, "waitlist-joined-desktop");
    await modal
      .getByRole("button", { name: "Close" })
      .click()
      .catch(() => page.keyboard.press("Escape"));

    await page.goto("/mystudio/waitlists");
    await page.getByTestId("waitlist-row").filter({ hasText: "Lugar en la fila: 1" }).waitFor();
    await page.setViewportSize(PHONE);
    await screenshot(page, "waitlists-phone");
    await page.setViewportSize(DESKTOP);

    // The holder cancels: the seat goes to the first in line at once.
    await apiCall(`/api/class_reservations/${booked.json.class_reservation.class_reservation_id}`, {
      method: "DELETE",
      token: holder.token,
    });
    await page.reload();
    await page.getByText("¡Te asignamos un lugar! Ya está en Mis Reservaciones.").waitFor();
    await page.goto("/mystudio/reservaciones");
    await page.getByText(klass.class_type.name).first().waitFor();
    await screenshot(page, "waitlist-promoted-reservations");
    const mine = (await apiCall("/api/class_reservations?filter=upcoming", { token: waiting.token })).json
      .reservations as Json[];
    expect(mine.map((r) => r.single_class_id)).toContain(klass.single_class_id);
    expect(problems).toEqual([]);
  });
});
