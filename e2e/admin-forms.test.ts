import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { t } from "../domain/messages";
import { DESKTOP, launchBrowser, openQuietPage, PHONE, signInAs, TAKE_SCREENSHOTS } from "./browser";

const baseUrl = inject("baseUrl");
const SHOTS = process.env.ADMIN_FORMS_SHOTS ?? "/tmp/shots-forms";

/** A 2×2 PNG, built here so the journey needs no fixture file (the server sniffs the bytes). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==",
  "base64",
);

async function shot(page: Page, name: string) {
  if (!TAKE_SCREENSHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** The same screen loaded afresh at phone width (a resize alone leaves the desktop shell half-drawn). */
async function phoneShot(page: Page, name: string, waitForText: string) {
  await page.setViewportSize(PHONE);
  await page.reload();
  await page.getByText(waitForText).first().waitFor();
  await shot(page, name);
  await page.setViewportSize(DESKTOP);
  await page.reload();
  await page.getByText(waitForText).first().waitFor();
}

/**
 * Waits for a success notification, then for the editing modal to close (the back office's save
 * flow).
 */
async function savedWith(page: Page, message: string) {
  await page.getByText(message, { exact: true }).first().waitFor();
  await page.getByRole("dialog").waitFor({ state: "hidden" });
}

async function saveField(
  page: Page,
  field: { label: string; key: string; required?: boolean; type?: string; options?: string },
) {
  await page.getByRole("button", { name: "Nuevo campo" }).click();
  const dialog = page.getByRole("dialog", { name: "Nuevo campo" });
  await dialog.getByLabel(/^Etiqueta/).fill(field.label);
  await dialog.getByLabel(/^Clave/).fill(field.key);
  if (field.type) {
    await dialog.getByRole("textbox", { name: "Tipo" }).click();
    await page.getByRole("option", { name: field.type, exact: true }).click();
  }
  if (field.options) await dialog.getByLabel(/^Opciones/).fill(field.options);
  if (field.required) await dialog.getByRole("switch", { name: "Obligatorio" }).check();
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await savedWith(page, "Campo guardado.");
}

describe("admin forms and files", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it("the admin builds a form with a required text field and a select, previews it, edits and deletes fields", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, DESKTOP);
    const formName = `Encuesta e2e ${Date.now() % 100_000}`;
    await signInAs(page, "admin@demo.mx", "/admin/formularios");
    await page.getByRole("heading", { level: 1, name: "Formularios" }).waitFor();
    await page.getByRole("link", { name: "Formularios" }).first().waitFor();

    // A form of its own object: a required field on "customer" would ask every demo customer for it.
    await page.getByRole("button", { name: "Nuevo formulario" }).click();
    const formDialog = page.getByRole("dialog", { name: "Nuevo formulario" });
    await formDialog.getByLabel(/^Nombre/).fill(formName);
    await formDialog.getByLabel(/^Objeto/).fill("encuesta_e2e");
    await formDialog.getByRole("button", { name: "Guardar" }).click();
    await savedWith(page, "Formulario guardado.");
    await page.getByRole("heading", { level: 1, name: formName }).waitFor();
    expect(new URL(page.url()).searchParams.get("formulario")).toMatch(/^\d+$/);

    await saveField(page, { label: "Nombre de tu coach favorito", key: "coach_favorito", required: true });
    await saveField(page, {
      label: "Nivel",
      key: "nivel",
      type: "Lista de opciones",
      options: "Principiante, Intermedio, Avanzado",
    });
    const fields = page.getByRole("table", { name: "Campos" });
    await expect.poll(() => fields.locator("tbody tr").count()).toBe(2);

    // The preview is the customer's form: the required field is checked with the customer's messages.
    const preview = page.getByRole("region", { name: "Vista previa" });
    await preview.getByRole("textbox", { name: "Nombre de tu coach favorito" }).waitFor();
    await preview.getByRole("textbox", { name: "Nivel" }).click();
    await page.getByRole("option", { name: "Intermedio" }).waitFor();
    await page.keyboard.press("Escape");
    await preview.getByRole("button", { name: "Probar validación" }).click();
    await preview.getByText(t("fieldRequired")).waitFor();
    await preview.getByText(t("checkField", { label: "Nombre de tu coach favorito" })).waitFor();
    await shot(page, "forms-desktop");

    // Edit the label: the table and the preview follow.
    await page.getByRole("button", { name: "Editar Nombre de tu coach favorito" }).click();
    const editDialog = page.getByRole("dialog", { name: "Editar campo" });
    await expect(editDialog.getByLabel(/^Clave/).inputValue()).resolves.toBe("coach_favorito");
    await editDialog.getByLabel(/^Etiqueta/).fill("Coach favorito");
    await editDialog.getByRole("button", { name: "Guardar" }).click();
    await savedWith(page, "Campo guardado.");
    await fields.getByText("Coach favorito", { exact: true }).waitFor();
    await preview.getByRole("textbox", { name: "Coach favorito" }).waitFor();

    // Delete the select field after confirming.
    await page.getByRole("button", { name: "Eliminar Nivel" }).click();
    await page.getByRole("dialog", { name: "Precaución" }).getByRole("button", { name: "Eliminar" }).click();
    await savedWith(page, "Campo eliminado.");
    await expect.poll(() => fields.locator("tbody tr").count()).toBe(1);
    await expect(preview.getByRole("textbox", { name: "Nivel" }).count()).resolves.toBe(0);

    // Phone width: the same screen, checked by eye in the screenshot.
    await phoneShot(page, "forms-phone", "Coach favorito");

    // Remove the form so other journeys see the demo studio as it was.
    await page.getByRole("button", { name: "Eliminar", exact: true }).click();
    await page.getByRole("dialog", { name: "Precaución" }).getByRole("button", { name: "Eliminar" }).click();
    await savedWith(page, "Formulario eliminado.");
    await page.getByRole("heading", { level: 1, name: "Formularios" }).waitFor();
    await shot(page, "forms-list-desktop");
    await expect(page.getByRole("table", { name: "Formularios" }).getByText(formName).count()).resolves.toBe(
      0,
    );

    expect(problems).toEqual([]);
    await context.close();
  });

  it("the admin uploads a PNG, sees it listed with its preview and deletes it", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, DESKTOP);
    const fileName = `logo-e2e-${Date.now() % 100_000}.png`;
    await signInAs(page, "admin@demo.mx", "/admin/archivos");
    await page.getByRole("heading", { level: 1, name: "Archivos" }).waitFor();

    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      page.getByRole("button", { name: "Subir archivo" }).click(),
    ]);
    await chooser.setFiles({ name: fileName, mimeType: "image/png", buffer: PNG });
    await page.getByText("Archivo subido.", { exact: true }).first().waitFor();

    const row = page
      .getByRole("table", { name: "Archivos" })
      .getByRole("row", { name: new RegExp(fileName) });
    await row.waitFor();
    await row.getByText("image/png").waitFor();
    await row.getByText(`${PNG.length} B`).waitFor();
    const thumb = row.getByRole("img", { name: `Vista previa de ${fileName}` });
    await expect.poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(2);
    const href = await row.getByRole("link", { name: `Descargar ${fileName}` }).getAttribute("href");
    expect(href).toMatch(/^\/files\/uploads\/.+\.png$/);
    const download = await page.request.get(href!);
    expect(download.status()).toBe(200);
    expect(Buffer.compare(await download.body(), PNG)).toBe(0);
    await shot(page, "files-desktop");
    await phoneShot(page, "files-phone", fileName);

    await row.getByRole("button", { name: `Eliminar ${fileName}` }).click();
    await page.getByRole("dialog", { name: "Precaución" }).getByRole("button", { name: "Eliminar" }).click();
    await page.getByText("Archivo eliminado.", { exact: true }).first().waitFor();
    await row.waitFor({ state: "detached" });
    expect((await page.request.get(href!)).status()).toBe(404);

    expect(problems).toEqual([]);
    await context.close();
  });
});
