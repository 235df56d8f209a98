import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { messages } from "../domain/messages";
import { apiCall, apiSignIn, STRONG_PASSWORD, signUpCustomer } from "./api";
import { wcagViolations } from "./axe";
import { launchBrowser, openQuietPage, PHONE, screenshot, signInAs, studioDay } from "./browser";

// The carta responsiva (decision 0099): the studio publishes a version and blocks booking without
// it; a new customer is refused, signs on a phone (390 px) by drawing on the canvas, gets the PDF,
// and then books. The setting goes back to "off" after, so later journeys on this server see no
// reminder.

const baseUrl = inject("baseUrl");

describe("carta responsiva: sign on the phone, then book", () => {
  let browser: Browser;
  let admin: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiSignIn("admin@demo.mx");
  });
  afterAll(async () => {
    await apiCall("/api/appconfig", {
      method: "PUT",
      token: admin,
      body: [{ key: "waiver_enforcement", value: "off" }],
    });
    await browser?.close();
  });

  it("refuses the booking until signed, signs with a drawn signature at 390 px, keeps the PDF", async () => {
    await apiCall("/api/admin/waivers", {
      method: "POST",
      token: admin,
      body: {
        title: "Carta responsiva",
        body_html:
          "<p>Declaro que estoy en condiciones de salud para hacer ejercicio y acepto los riesgos propios de la actividad física.</p><ul><li>Avisaré al coach de cualquier lesión.</li></ul>",
      },
    });
    await apiCall("/api/appconfig", {
      method: "PUT",
      token: admin,
      body: [{ key: "waiver_enforcement", value: "block" }],
    });
    const type = await apiCall("/api/class_types", {
      method: "POST",
      token: admin,
      body: { name: `Barre Carta ${Date.now() % 100_000}`, color: "#2f9e44" },
    });
    const klass = (
      await apiCall("/api/single_class", {
        method: "POST",
        token: admin,
        body: {
          class_type_id: type.json.class_type.class_type_id,
          class_date: `${studioDay(3)}T06:15`,
          capacity: 5,
        },
      })
    ).json.single_class;
    const customer = await signUpCustomer("Inés", "Firmante");
    await apiCall("/api/available_classes", {
      method: "POST",
      token: admin,
      body: { customer_id: customer.id, available_classes: 2, expiration_date: null },
    });
    const token = await apiSignIn(customer.email, STRONG_PASSWORD);
    const book = () =>
      apiCall("/api/class_reservations", {
        method: "POST",
        token,
        body: { single_class_id: klass.single_class_id },
      });
    await expect(book()).rejects.toThrow(/412 .*WAIVER_REQUIRED/);

    const { page, context, problems } = await openQuietPage(browser, baseUrl, PHONE);
    await signInAs(page, customer.email, "/mystudio", STRONG_PASSWORD);
    await page.getByTestId("waiver-reminder").getByRole("link", { name: "Firmar ahora" }).click();
    await page.waitForURL((url) => url.pathname === "/mystudio/carta-responsiva");
    await page
      .getByTestId("waiver-text")
      .getByText(/acepto los riesgos/)
      .waitFor();
    await page.getByLabel(/^Tu nombre completo/).fill("Inés Firmante");
    await page.getByLabel("Leí la carta responsiva y la acepto").check();
    const pad = page.getByTestId("signature-pad");
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + 120);
    await page.mouse.down();
    const strokes: [number, number][] = [
      [60, -60],
      [100, 20],
      [150, -50],
      [210, 30],
      [260, -20],
    ];
    for (const [dx, dy] of strokes) {
      await page.mouse.move(box.x + 30 + dx, box.y + 120 + dy, { steps: 4 });
    }
    await page.mouse.up();
    expect(await wcagViolations(page), "signing page").toEqual([]);
    await screenshot(page, "waiver-sign-390");
    await page.getByRole("button", { name: "Firmar" }).click();
    await page.getByText(messages.waiverSigned).first().waitFor();
    await page.getByTestId("my-signature").getByRole("link", { name: "Descargar mi copia (PDF)" }).waitFor();
    await expect.poll(() => page.getByTestId("waiver-reminder").count()).toBe(0);
    await screenshot(page, "waiver-signed-390");
    expect(problems).toEqual([]);
    await context.close();

    const mine = (await apiCall("/api/waivers/mine", { token })).json;
    expect(mine.state).toBe("signed");
    const pdf = await fetch(`${baseUrl}${mine.signatures[0].pdf_url}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    await book();
  });
});
