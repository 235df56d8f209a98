import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { messages } from "../domain/messages";
import { DESKTOP, launchBrowser, openWatchedPage, PHONE, screenshot } from "./browser";

const baseUrl = inject("baseUrl");

// biome-ignore lint/suspicious/noExplicitAny: API answers read loosely in a journey
type Json = Record<string, any>;

async function call(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${text}`);
  return { json: (text ? JSON.parse(text) : {}) as Json, token: res.headers.get("set-auth-token") ?? "" };
}

let phoneCounter = 0;
/** A new customer (real sign-up) with credits given at the desk by the demo admin. */
async function newCustomerWithCredits(adminToken: string, packageId: number, name: string) {
  phoneCounter += 1;
  const email = `espera${phoneCounter}.${Date.now()}@prueba.mx`;
  const { json, token } = await call("/api/customer/signup", {
    method: "POST",
    body: {
      email,
      password: "secreto123",
      password_confirm: "secreto123",
      phone: `56${String((Date.now() + phoneCounter) % 100_000_000).padStart(8, "0")}`,
      name,
      last_name: "Espera",
      signup_reason: "Instagram",
      accept_terms: true,
    },
  });
  await call("/api/customer/giveAccess", {
    method: "POST",
    token: adminToken,
    body: { customer_id: json.customer.customer_id, class_package_id: packageId, is_gift: true },
  });
  return { email, token };
}

async function signIn(page: Page, email: string) {
  await page.goto("/entrar");
  await page.getByLabel(/^Correo electrónico/).fill(email);
  await page.getByLabel(/^Contraseña/).fill("secreto123");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await page.waitForURL(/\/mystudio/);
}

function seenPopups() {
  localStorage.setItem("promo-popup-seen", new Date().toLocaleDateString("en-CA"));
  localStorage.setItem(
    "popup_presencial_seen",
    new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" }).format(new Date()),
  );
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
    const admin = await call("/api/auth/sign-in/email", {
      method: "POST",
      body: { email: "admin@demo.mx", password: "demo1234" },
    });
    const packages = (await call("/api/class_packages/presenciales/all")).json.paquetes as Json[];
    const pack = packages.find((p) => p.class_package_id && !p.is_subscription) ?? packages[0];
    const waiting = await newCustomerWithCredits(admin.token, pack.class_package_id, "Paula");
    const holder = await newCustomerWithCredits(admin.token, pack.class_package_id, "Rita");

    // A class with one seat left (the demo has nearly full ones): the holder takes it, now full.
    const today = new Date().toISOString().slice(0, 10);
    const end = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const { days } = (
      await call(`/api/single_class?start_date=${today}&end_date=${end}`, { token: holder.token })
    ).json as { days: { single_classes: Json[] }[] };
    const klass = days
      .flatMap((d) => d.single_classes)
      .find(
        (c) =>
          c.available === 1 &&
          c.class_package_id === null &&
          Date.parse(c.class_date) > Date.now() + 4 * 3_600_000,
      );
    if (!klass) throw new Error("no class with exactly one seat left");
    const booked = await call("/api/class_reservations", {
      method: "POST",
      token: holder.token,
      body: { single_class_id: klass.single_class_id },
    });

    const { page, context, problems } = await openWatchedPage(browser, baseUrl, DESKTOP);
    await context.addInitScript(seenPopups);
    await signIn(page, waiting.email);
    // Walk to the class's week and open its Sold Out card.
    const time = new Intl.DateTimeFormat("es-MX", {
      timeZone: "America/Mexico_City",
      hour: "2-digit",
      minute: "2-digit",
      hour12: false,
    }).format(new Date(klass.class_date));
    let card = page.locator("nothing");
    for (let week = 0; week < 4; week++) {
      await page.getByTestId("week-grid").waitFor();
      card = page
        .locator('[data-testid="class-card"][data-state="full"]')
        .filter({ hasText: klass.class_type.name })
        .filter({ hasText: time });
      if (await card.count()) break;
      await page.getByRole("button", { name: "Semana siguiente" }).click();
      await page.waitForTimeout(800);
    }
    await card.first().getByRole("button", { name: "Lista de espera" }).click();
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
    await call(`/api/class_reservations/${booked.json.class_reservation.class_reservation_id}`, {
      method: "DELETE",
      token: holder.token,
    });
    await page.reload();
    await page.getByText("¡Te asignamos un lugar! Ya está en Mis Reservaciones.").waitFor();
    await page.goto("/mystudio/reservaciones");
    await page.getByText(klass.class_type.name).first().waitFor();
    await screenshot(page, "waitlist-promoted-reservations");
    const mine = (await call("/api/class_reservations?filter=upcoming", { token: waiting.token })).json
      .reservations as Json[];
    expect(mine.map((r) => r.single_class_id)).toContain(klass.single_class_id);
    expect(problems).toEqual([]);
  }, 120_000);
});
