import { randomInt } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { messages } from "../domain/messages";
import { tokenizeSandboxCard } from "../domain/sandbox-card";
import { apiCall, apiSignIn, STRONG_PASSWORD } from "./api";
import { wcagViolations } from "./axe";
import {
  cardsOfDay,
  DESKTOP,
  launchBrowser,
  openQuietPage,
  PHONE,
  screenshot,
  signInAs,
  studioDay,
} from "./browser";

const baseUrl = inject("baseUrl");

/** A customer signed up over the API with a phone this journey knows (the profile reuses it). */
async function signUpWithPhone(lastName: string) {
  const tag = `${Date.now()}${randomInt(1_000_000)}`;
  const email = `${lastName.toLowerCase()}.${tag}@prueba.mx`;
  const phone = `5${String(randomInt(1_000_000_000)).padStart(9, "0")}`;
  await apiCall("/api/customer/signup", {
    method: "POST",
    body: {
      email,
      password: STRONG_PASSWORD,
      password_confirm: STRONG_PASSWORD,
      phone,
      name: "Forma",
      last_name: lastName,
      accept_terms: true,
    },
  });
  return { email, phone };
}

/** Pays a package over the API with the sandbox's approved card (the sign-up fee along if asked). */
async function buyWithCard(token: string, classPackageId: number, includeSignupFee = false) {
  const attempt = await apiCall("/api/checkout/attempt", {
    method: "POST",
    token,
    body: {
      class_package_id: classPackageId,
      idempotency_key: `forms-${Date.now()}-${randomInt(1_000_000)}`,
      ...(includeSignupFee ? { include_signup_fee: true } : {}),
    },
  });
  await apiCall("/api/checkout/confirm", {
    method: "POST",
    token,
    body: {
      purchase_id: attempt.json.purchase_id,
      client_secret: attempt.json.clientSecret,
      payment_method: tokenizeSandboxCard("4242424242424242", { month: 12, year: 2030 }),
    },
  });
}

/**
 * A class card with a "Reservar" button at least two days ahead whose class has room for me and a
 * guest (the modal offers the guest only then), walking the weeks forward if needed.
 */
async function findClassForTwo(page: Page) {
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
      if (await card.count()) return { card, day };
    }
    await page.getByRole("button", { name: "Semana siguiente" }).click();
    await page.waitForTimeout(800);
  }
  throw new Error("no bookable class in four weeks");
}

/**
 * The field says `message` the accessible way: it is marked invalid and describes itself with
 * an element that holds exactly that text, and that element sits right under it (a checkbox's sits
 * under its label, just right of the box).
 */
async function expectExplained(field: Locator, message: string) {
  await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
  const said = await field.evaluate((el) => {
    const ids = (el.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
    const texts = ids.map((id) => document.getElementById(id)?.textContent?.trim() ?? "");
    const box = el.getBoundingClientRect();
    const near = ids.some((id) => {
      const note = document.getElementById(id)?.getBoundingClientRect();
      return note ? note.top >= box.top && note.top - box.bottom < 60 && note.left < box.right + 40 : false;
    });
    return { texts, near };
  });
  expect(said.texts).toContain(message);
  expect(said.near).toBe(true);
}

/** The form a field belongs to (several cards on Mi Información have their own Guardar). */
const formOf = (field: Locator) => field.locator("xpath=ancestor::form[1]");

async function expectFocused(field: Locator) {
  await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
}

/** Opens a page and waits until it answers clicks (a public page is server-rendered, then hydrated). */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
}

async function expectAxeClean(page: Page) {
  expect(await wcagViolations(page)).toEqual([]);
}

describe("forms that explain (decision 0030): a Spanish message next to each field, focus on the first", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("sign-in, sign-up, recovery, reset, profile, address, custom fields and checkout at 390 and 1280 px", async () => {
    const taken = await signUpWithPhone("Ocupada");
    const me = await signUpWithPhone("Explicada");
    const packages = (await apiCall("/api/class_packages")).json.class_packages as {
      class_package_id: number;
      title: string;
    }[];
    const fiveClasses = packages.find((p) => p.title === "5 Clases")!.class_package_id;
    const { page, context, problems } = await openQuietPage(browser, baseUrl, PHONE);

    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      const w = viewport.width;

      // Sign-in: empty, then an address that is not one.
      await open(page, "/entrar");
      const signInEmail = page.getByLabel(/^Correo electrónico/);
      const signInPassword = page.getByLabel(/^Contraseña/);
      await page.getByRole("button", { name: "Entrar", exact: true }).click();
      await expectExplained(signInEmail, messages.fieldRequired);
      await expectExplained(signInPassword, messages.passwordRequired);
      await expectFocused(signInEmail);
      await signInEmail.fill("ana@");
      await signInPassword.fill("algo");
      await page.getByRole("button", { name: "Entrar", exact: true }).click();
      await expectExplained(signInEmail, messages.emailInvalid);
      await expectFocused(signInEmail);
      expect(await signInPassword.getAttribute("aria-invalid")).toBe("false");

      // Sign-up: every core field is named; then a phone that is not one.
      await open(page, "/registro");
      const name = page.getByLabel(/^Nombre/);
      await page.getByRole("button", { name: "Crear cuenta" }).click();
      await expectExplained(name, messages.nameRequired);
      await expectExplained(page.getByLabel(/^Apellido/), messages.lastNameRequired);
      await expectExplained(page.getByLabel(/^Correo electrónico/), messages.fieldRequired);
      await expectExplained(page.getByLabel(/^Teléfono/), messages.fieldRequired);
      await expectExplained(page.getByLabel(/^Contraseña/), messages.passwordRequired);
      await expectFocused(name);
      const terms = page.getByRole("checkbox", { name: /Acepto/ });
      if (await terms.count()) await expectExplained(terms, messages.mustAcceptTerms);
      await expectAxeClean(page);
      await screenshot(page, `forms-explain-signup-empty-${w}`);
      await name.fill("Ana");
      await page.getByLabel(/^Apellido/).fill("Prueba");
      await page.getByLabel(/^Correo electrónico/).fill(`ana.${Date.now()}@prueba.mx`);
      await page.getByLabel(/^Teléfono/).fill("12345");
      await page.getByLabel(/^Contraseña/).fill(STRONG_PASSWORD);
      await page.getByLabel(/^Confirma tu contraseña/).fill(STRONG_PASSWORD);
      if (await terms.count()) await terms.check();
      await page.getByRole("button", { name: "Crear cuenta" }).click();
      await expectExplained(page.getByLabel(/^Teléfono/), messages.phoneFormat);
      await expectFocused(page.getByLabel(/^Teléfono/));

      // Recovery request and reset.
      await open(page, "/recuperar");
      const recoverEmail = page.getByLabel(/^Correo electrónico/);
      await page.getByRole("button", { name: "Recuperar" }).click();
      await expectExplained(recoverEmail, messages.fieldRequired);
      await expectFocused(recoverEmail);
      await recoverEmail.fill("sin-arroba");
      await page.getByRole("button", { name: "Recuperar" }).click();
      await expectExplained(recoverEmail, messages.emailInvalid);
      await open(page, "/restablecer?token=prueba");
      const newPassword = page.getByLabel(/^Nueva contraseña/);
      const confirm = page.getByLabel(/^Confirma tu contraseña/);
      await page.locator("form button[type=submit]").click();
      await expectExplained(newPassword, messages.fieldRequired);
      await expectFocused(newPassword);
      await newPassword.fill(STRONG_PASSWORD);
      await confirm.fill(`${STRONG_PASSWORD}x`);
      await page.locator("form button[type=submit]").click();
      await expectExplained(confirm, messages.passwordsDontMatch);
      await expectFocused(confirm);

      // Profile: an empty name, then a phone another customer has (the server's 409 names it).
      await signInAs(page, me.email, "/mystudio/informacion", STRONG_PASSWORD);
      const card = (title: RegExp) =>
        page.locator(".mantine-Paper-root").filter({ has: page.getByRole("heading", { name: title }) });
      await page.getByRole("button", { name: "Editar" }).first().click();
      const profileName = page.getByLabel(/^Nombre/);
      const profilePhone = page.getByLabel(/^Teléfono/);
      await profileName.fill("");
      await profilePhone.fill("");
      await formOf(profileName).getByRole("button", { name: "Guardar", exact: true }).click();
      await expectExplained(profileName, messages.nameRequired);
      await expectExplained(profilePhone, messages.fieldRequired);
      await expectFocused(profileName);
      await profileName.fill("Forma");
      await profilePhone.fill(taken.phone);
      await formOf(profileName).getByRole("button", { name: "Guardar", exact: true }).click();
      await expectExplained(profilePhone, messages.phoneInUse);
      await expectFocused(profilePhone);
      await expectAxeClean(page);
      await screenshot(page, `forms-explain-profile-server-${w}`);
      await formOf(profileName).getByRole("button", { name: "Cancelar" }).click();

      // Billing address: city, state and country are required.
      await card(/Dirección de Facturación/)
        .getByRole("button", { name: "Editar" })
        .click();
      const city = page.getByLabel(/^Ciudad/);
      await city.fill("");
      await page.getByLabel(/^Estado/).fill("");
      await page.getByLabel(/^País/).fill("");
      await formOf(city).getByRole("button", { name: "Guardar", exact: true }).click();
      await expectExplained(city, messages.cityRequired);
      await expectExplained(page.getByLabel(/^Estado/), messages.stateRequired);
      await expectExplained(page.getByLabel(/^País/), messages.countryRequired);
      await expectFocused(city);
      await screenshot(page, `forms-explain-address-${w}`);
      await formOf(city).getByRole("button", { name: "Cancelar" }).click();

      // The studio's custom fields: a phone that is not one.
      const emergency = page.getByLabel(/^Contacto de emergencia/);
      if (await emergency.count()) {
        await emergency.fill("123");
        await card(/Información adicional/)
          .getByRole("button", { name: "Guardar" })
          .click();
        await expectExplained(emergency, messages.phoneFormat);
        await expectFocused(emergency);
        await emergency.fill("");
      }

      // Checkout: Pay with nothing typed names the card's parts and the legal box.
      await open(page, `/checkout/${fiveClasses}`);
      const accept = page.getByRole("button", { name: "Aceptar", exact: true });
      if (await accept.isVisible().catch(() => false)) await accept.click();
      await page.getByRole("radio", { name: /Tarjeta/ }).check();
      const pay = page.getByTestId("pay-button");
      // Pay reads as disabled (docs/product-rules.md#checkout) but still answers, with the reasons:
      // by keyboard here, by mouse below (Playwright will not click an aria-disabled button unless
      // forced).
      await expect.poll(() => pay.getAttribute("aria-disabled")).toBe("true");
      await pay.focus();
      await page.keyboard.press("Enter");
      const number = page.getByLabel("Número de tarjeta");
      await expectExplained(number, messages.cardNumberRequired);
      await expectExplained(page.getByLabel("Vencimiento"), messages.cardExpiryRequired);
      await expectExplained(page.getByLabel("CVV"), messages.cardCvcRequired);
      await expectFocused(number);
      const legal = page.getByRole("checkbox", { name: /^Acepto/ });
      if (await legal.count()) expect(await legal.getAttribute("aria-invalid")).toBe("true");
      await expectAxeClean(page);
      await screenshot(page, `forms-explain-checkout-empty-${w}`);
      await number.fill("4242 4242 4242 4241");
      await page.getByLabel("Vencimiento").fill("122030");
      await page.getByLabel("CVV").fill("123");
      await pay.click({ force: true });
      await expectExplained(number, messages.cardNumberInvalid);
      await expectFocused(number);
      // Signed out again: the next width starts with the sign-in form.
      await context.clearCookies();
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the booking modal's guest (booking and 'Cambiar lugar'), the cancel-subscription reason and Agregar tarjeta at 390 and 1280 px", async () => {
    const me = await signUpWithPhone("Modal");
    const packages = (await apiCall("/api/class_packages")).json.class_packages as {
      class_package_id: number;
      title: string;
    }[];
    const idOf = (title: string) => packages.find((p) => p.title === title)!.class_package_id;
    // Credits to book with, two per width (the sign-up fee paid along), then a subscription to cancel.
    const token = await apiSignIn(me.email, STRONG_PASSWORD);
    await buyWithCard(token, idOf("5 Clases"), true);
    await buyWithCard(token, idOf("Online Ilimitado"));
    const { page, context, problems } = await openQuietPage(browser, baseUrl, PHONE);
    await signInAs(page, me.email, "/mystudio", STRONG_PASSWORD);

    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      const w = viewport.width;

      // Reservar Clase with a guest and no name: the guest's name says what it needs.
      await open(page, "/mystudio");
      const { card: klass, day } = await findClassForTwo(page);
      await klass.getByRole("button", { name: "Reservar" }).click();
      const booking = page.getByRole("dialog", { name: "Reservar Clase" });
      await booking.waitFor();
      await booking.getByRole("checkbox", { name: /invitado/ }).check();
      const guest = booking.getByLabel("Nombre de tu invitado");
      await booking.getByRole("button", { name: "Reservar", exact: true }).click();
      await expectExplained(guest, messages.guestNameRequired);
      await expectFocused(guest);
      await expectAxeClean(page);
      await screenshot(page, `forms-explain-booking-guest-${w}`);
      // One letter is not a name either.
      await guest.fill("A");
      expect(await guest.getAttribute("aria-invalid")).not.toBe("true");
      await booking.getByRole("button", { name: "Reservar", exact: true }).click();
      await expectExplained(guest, messages.guestNameRequired);
      await expectFocused(guest);
      // Booked with a name, then 'Cambiar lugar' with the guest's name erased says the same.
      await guest.fill("Invitada Forma");
      await booking.getByRole("button", { name: "Reservar", exact: true }).click();
      await page.getByText(messages.reservationSaved).first().waitFor();
      await expect.poll(() => booking.count()).toBe(0);
      await cardsOfDay(page, day, "reserved")
        .filter({ hasText: "Indoor Cycling" })
        .first()
        .getByRole("button", { name: "Cambiar lugar" })
        .click();
      const change = page.getByRole("dialog", { name: "Cambiar Reservación" });
      await change.waitFor();
      const changeGuest = change.getByLabel("Nombre de tu invitado");
      await changeGuest.fill("");
      await change.getByRole("button", { name: "Guardar cambios" }).click();
      await expectExplained(changeGuest, messages.guestNameRequired);
      await expectFocused(changeGuest);
      await expectAxeClean(page);
      await screenshot(page, `forms-explain-change-guest-${w}`);
      await change.getByRole("button", { name: "Cancelar" }).click();
      await expect.poll(() => change.count()).toBe(0);

      // Mis Compras: 'Cancelar suscripción' with no reason.
      await open(page, "/mystudio/membresias");
      await page.getByRole("button", { name: "Cancelar suscripción" }).first().click();
      const caution = page.getByRole("dialog", { name: messages.modalDefaultTitle });
      await caution.waitFor();
      const reason = caution.getByLabel("Motivo de cancelación");
      await caution.getByRole("button", { name: "Cancelar suscripción" }).click();
      await expectExplained(reason, messages.cancelReasonRequired);
      await expectFocused(reason);
      await expectAxeClean(page);
      await screenshot(page, `forms-explain-cancel-subscription-${w}`);
      await caution.getByRole("button", { name: "Volver" }).click();
      await expect.poll(() => caution.count()).toBe(0);

      // Mis Métodos de Pago, Agregar: Guardar tarjeta with nothing typed names each part.
      await open(page, "/mystudio/metodos");
      await page.getByRole("button", { name: "Agregar" }).click();
      const adding = page.getByRole("dialog", { name: "Agregar tarjeta" });
      await adding.waitFor();
      const number = adding.getByLabel("Número de tarjeta");
      await adding.getByRole("button", { name: "Guardar tarjeta" }).click();
      await expectExplained(number, messages.cardNumberRequired);
      await expectExplained(adding.getByLabel("Vencimiento"), messages.cardExpiryRequired);
      await expectExplained(adding.getByLabel("CVV"), messages.cardCvcRequired);
      await expectFocused(number);
      await expectAxeClean(page);
      await screenshot(page, `forms-explain-add-card-${w}`);
      // A number that fails the check digit, the rest right: only the number is named.
      await number.fill("4242 4242 4242 4241");
      await adding.getByLabel("Vencimiento").fill("122030");
      await adding.getByLabel("CVV").fill("123");
      await expectExplained(number, messages.cardNumberInvalid);
      expect(await adding.getByLabel("CVV").getAttribute("aria-invalid")).not.toBe("true");
      await adding.getByRole("button", { name: "Cancelar" }).click();
      await expect.poll(() => adding.count()).toBe(0);
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
