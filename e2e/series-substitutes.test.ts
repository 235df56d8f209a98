import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addLocalDays, mondayOfDay } from "../domain/booking";
import { messages } from "../domain/messages";
import { apiCall, apiSignIn, type Json, STRONG_PASSWORD, signUpCustomer } from "./api";
import { wcagViolations } from "./axe";
import { DESKTOP, launchBrowser, openQuietPage, screenshot, signInAs, studioDay } from "./browser";

// Series edits with a preview (decision 0100) and substitute requests (decision 0101), at 1280 px:
// the owner moves "esta y las siguientes" of a weekly class after seeing who is told; a coach's
// request for a substitute is taken by another coach on Suplencias and approved by the owner.

const baseUrl = inject("baseUrl");

describe("series edits and substitutes", () => {
  let browser: Browser;
  let admin: string;
  let typeId: number;
  const typeName = `Pilates Serie ${Date.now() % 100_000}`;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiSignIn("admin@demo.mx");
    typeId = (
      await apiCall("/api/class_types", {
        method: "POST",
        token: admin,
        body: { name: typeName, color: "#1971c2" },
      })
    ).json.class_type.class_type_id;
  });
  afterAll(() => browser?.close());

  it("edits 'esta y las siguientes' after a preview that names who is told", async () => {
    const day = studioDay(3);
    const first = (
      await apiCall("/api/single_class", {
        method: "POST",
        token: admin,
        body: { class_type_id: typeId, class_date: `${day}T06:40`, capacity: 6 },
      })
    ).json.single_class as Json;
    const created = (
      await apiCall("/api/single_class/repeat", {
        method: "POST",
        token: admin,
        body: { single_class_id: first.single_class_id, until: addLocalDays(day, 21) },
      })
    ).json.created as number[];
    const customer = await signUpCustomer("Olga", "Serie");
    await apiCall("/api/available_classes", {
      method: "POST",
      token: admin,
      body: { customer_id: customer.id, available_classes: 2, expiration_date: null },
    });
    const token = await apiSignIn(customer.email, STRONG_PASSWORD);
    await apiCall("/api/class_reservations", {
      method: "POST",
      token,
      body: { single_class_id: created[1] },
    });

    const { page, context, problems } = await openQuietPage(browser, baseUrl, DESKTOP);
    await signInAs(page, "admin@demo.mx", "/admin/horario");
    const second = addLocalDays(day, 7);
    await page.goto(`/admin/horario?semana=${mondayOfDay(second)}`);
    await page.getByRole("button", { name: new RegExp(`06:40 · ${typeName}`) }).click();
    await page.getByRole("dialog", { name: typeName }).getByRole("button", { name: "Editar" }).click();
    const form = page.getByRole("dialog", { name: "Editar clase" });
    await form.getByLabel(/^Hora/).fill("07:10");
    await form.getByRole("radio", { name: "Esta y las siguientes" }).check();
    await form.getByRole("button", { name: "Guardar" }).click();
    const ask = page.getByRole("dialog", { name: "Avisar del cambio" });
    const preview = ask.getByTestId("change-preview");
    await preview.getByText("Se cambiarán 3 clases.").waitFor();
    await preview.getByText("Olga Serie").waitFor();
    expect(await wcagViolations(page), "series preview").toEqual([]);
    await screenshot(page, "series-preview-1280");
    await ask.getByRole("button", { name: "Guardar y avisar" }).click();
    await page.getByText(messages.classSaved).first().waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: new RegExp(`07:10 · ${typeName}`) }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a coach asks for a substitute, another takes it on Suplencias, the owner approves", async () => {
    const coaches = (await apiCall("/api/instructors")).json.instructors as Json[];
    const valeria = coaches.find((c) => c.name === "Valeria")!;
    const klass = (
      await apiCall("/api/single_class", {
        method: "POST",
        token: admin,
        body: {
          class_type_id: typeId,
          class_date: `${studioDay(4)}T08:20`,
          capacity: 6,
          instructor_ids: [valeria.instructor_id],
        },
      })
    ).json.single_class as Json;
    const valeriaToken = await apiSignIn("valeria@demo.mx");
    await apiCall("/api/substitute-requests", {
      method: "POST",
      token: valeriaToken,
      body: { single_class_id: klass.single_class_id, note: "Tengo cita con el médico" },
    });

    const { page, context, problems } = await openQuietPage(browser, baseUrl, DESKTOP);
    await signInAs(page, "santiago@demo.mx", "/admin/suplencias");
    const card = page.getByTestId("substitute-request").filter({ hasText: "Tengo cita con el médico" });
    await card.getByRole("button", { name: "Tomar clase" }).click();
    await page.getByText(messages.substituteTakenPending).first().waitFor();
    await card.getByText("Por aprobar").waitFor();
    expect(await wcagViolations(page), "substitutes").toEqual([]);
    await screenshot(page, "substitutes-taken-1280");
    expect(problems).toEqual([]);
    await context.close();

    const list = (await apiCall("/api/substitute-requests", { token: admin })).json.requests as Json[];
    const request = list.find((r) => r.single_class.single_class_id === klass.single_class_id)!;
    const approved = await apiCall(`/api/substitute-requests/${request.substitute_request_id}/approve`, {
      method: "POST",
      token: admin,
    });
    expect(approved.json.status).toBe("approved");
  });
});
