import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { messages } from "../domain/messages";
import {
  DESKTOP,
  launchBrowser,
  openQuietPage,
  PHONE,
  screenshot,
  signInAs,
  TAKE_SCREENSHOTS,
} from "./browser";

const baseUrl = inject("baseUrl");
const TYPE = `Barre E2E ${Date.now() % 100_000}`;
/** Where this journey's screenshots also go, to be looked at by a person. */
const SHOTS = process.env.CATALOGUE_SHOTS_DIR ?? "";

/** A solid-colour PNG of `size`×`size` pixels, built here so the journey needs no fixture file. */
function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body) >>> 0, body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => [r, g, b][i % 3]!)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  if (!SHOTS || !TAKE_SCREENSHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const signInAsAdmin = (page: Page, redirect: string) => signInAs(page, "admin@demo.mx", redirect);

type FilePayload = { name: string; mimeType: string; buffer: Buffer };

/** Picks `file` through the button named `button`, as a person does (the browser's file chooser). */
async function pickFile(page: Page, dialog: Locator, button: string, file: FilePayload) {
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    dialog.getByRole("button", { name: button, exact: true }).click(),
  ]);
  await chooser.setFiles(file);
}

/** Whether the <img> has really loaded (a broken address has no natural width). */
const loaded = (page: Page, name: string) =>
  page
    .getByRole("img", { name })
    .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0);

const png = (name: string, colour: [number, number, number]): FilePayload => ({
  name,
  mimeType: "image/png",
  buffer: solidPng(64, colour),
});

describe("admin catalogue: images are uploaded, not typed", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("uploads a PNG as a class type's image, previews it and keeps it after saving", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, DESKTOP);
    await signInAsAdmin(page, "/admin/catalogo/tipos-de-clase");

    await page.getByRole("button", { name: "Nuevo", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Nuevo tipo de clase" });
    await dialog.getByLabel(/^Nombre/).fill(TYPE);
    await dialog.getByText("Sin imagen").first().waitFor();
    await pickFile(page, dialog, "Subir imagen: Imagen", png("barre.png", [214, 51, 132]));

    const preview = dialog.getByRole("img", { name: "Vista previa: Imagen" });
    await preview.waitFor();
    const src = await preview.getAttribute("src");
    expect(src).toMatch(/^\/files\/.+\.png$/);
    await expect.poll(() => loaded(page, "Vista previa: Imagen")).toBe(true);
    // The address is also there to read or replace by hand.
    const address = dialog.getByRole("textbox", { name: "Imagen: dirección de la imagen (URL)" });
    expect(await address.inputValue()).toBe(src);
    await dialog.getByRole("button", { name: "Cambiar imagen: Imagen", exact: true }).waitFor();
    await shot(page, "catalogue-image-upload-1280");

    await dialog.getByRole("button", { name: "Guardar" }).click();
    await page.getByText(messages.classTypeSaved).waitFor();
    await dialog.waitFor({ state: "detached" });

    // Saved: editing the type again shows the same uploaded image.
    await page.getByRole("button", { name: `Editar ${TYPE}` }).click();
    const again = page.getByRole("dialog", { name: TYPE });
    await expect
      .poll(() => again.getByRole("img", { name: "Vista previa: Imagen" }).getAttribute("src"))
      .toBe(src);
    await expect.poll(() => loaded(page, "Vista previa: Imagen")).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("refuses a file that is not an image with the server's Spanish message", async () => {
    const { page, context } = await openQuietPage(browser, baseUrl, DESKTOP);
    await signInAsAdmin(page, "/admin/catalogo/paquetes");
    await page.getByRole("button", { name: "Nuevo", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Nuevo paquete" });
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/files") && r.request().method() === "POST"),
      pickFile(page, dialog, "Subir imagen: Imagen", {
        name: "notas.png",
        mimeType: "image/png",
        buffer: Buffer.from("no soy imagen"),
      }),
    ]);
    // Whatever the server's reason (not an image, a type it refuses), the admin reads it as sent.
    expect(answer.status()).toBe(415);
    const { message } = (await answer.json()) as { message: string };
    expect(message).toMatch(/imagen|archivo/i);
    await page.getByText(message).waitFor();
    expect(await dialog.getByRole("img", { name: "Vista previa: Imagen" }).count()).toBe(0);
    await context.close();
  });

  it("fits a phone: coach photo and class type image upload without sideways scrolling", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, PHONE);
    await signInAsAdmin(page, "/admin/catalogo/coaches");
    await page.getByRole("button", { name: "Nuevo", exact: true }).click();
    const coachForm = page.getByRole("dialog", { name: "Nuevo coach" });
    await pickFile(page, coachForm, "Subir imagen: Foto", png("coach.png", [34, 139, 230]));
    await expect.poll(() => loaded(page, "Vista previa: Foto")).toBe(true);
    // A coach photo is a stored file: there is no address to type.
    expect(await coachForm.getByRole("textbox", { name: /^Foto: / }).count()).toBe(0);
    expect(await coachForm.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await coachForm.getByRole("img", { name: "Vista previa: Foto" }).scrollIntoViewIfNeeded();
    await shot(page, "catalogue-coach-photo-390");

    // A class type's image keeps the address field beside the preview, still within the screen.
    await page.goto("/admin/catalogo/tipos-de-clase");
    await page.getByRole("button", { name: "Nuevo", exact: true }).click();
    const typeForm = page.getByRole("dialog", { name: "Nuevo tipo de clase" });
    await pickFile(page, typeForm, "Subir imagen: Imagen", png("tipo.png", [47, 158, 68]));
    await expect.poll(() => loaded(page, "Vista previa: Imagen")).toBe(true);
    expect(await typeForm.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await typeForm.getByRole("img", { name: "Vista previa: Imagen" }).scrollIntoViewIfNeeded();
    await shot(page, "catalogue-class-type-image-390");
    expect(problems).toEqual([]);
    await context.close();
  });
});
