import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchBrowser, openWatchedPage, PHONE, screenshot } from "./browser";

const baseUrl = inject("baseUrl");
// The machine is shared: give first loads of lazy pages time.

// Carlos Vargas holds only the demo studio's 'Online Ilimitado' subscription (no unlimited
// membership), so he reaches the library through an online package. Ana (cliente@demo.mx) has
// class packages only: she gets the purchase-needed message.
const ONLINE_CUSTOMER = "carlos.v@demo.mx";
const NO_ACCESS_CUSTOMER = "cliente@demo.mx";

async function signIn(context: BrowserContext, email: string) {
  const res = await context.request.post(`${baseUrl}/api/auth/sign-in/email`, {
    data: { email, password: "demo1234" },
    headers: { origin: baseUrl },
  });
  expect(res.status()).toBe(200);
}

describe("online videos", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("a customer with online access filters by tag, plays a video, favourites it and finds it under favourites", async () => {
    const { page, context, problems } = await openWatchedPage(browser, baseUrl, DESKTOP);
    await signIn(context, ONLINE_CUSTOMER);
    await page.goto("/mystudio/online");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("Estudio Pulso Online");
    await expect.poll(() => page.getByTestId("video-card").count()).toBe(11);
    await expect.poll(() => page.getByRole("link", { name: "Comenzar" }).count()).toBe(1);
    await page.waitForLoadState("networkidle");
    await screenshot(page, "videos-desktop");

    // Tags multi-select: 'Relajación' holds three of the twelve demo videos.
    await page.getByRole("textbox", { name: "Etiquetas" }).click();
    await page.getByRole("option", { name: "Relajación" }).click();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("video-card").count()).toBe(3);
    expect(page.url()).toContain("tags=");
    const card = page.getByTestId("video-card").filter({ hasText: "Yoga restaurativo" });
    await card.click();
    await page.waitForURL(/\/mystudio\/video\/\d+$/);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("Yoga restaurativo para dormir mejor");

    // Plays the self-hosted webm (muted: headless Chromium has no audio device to wait for).
    const video = page.getByTestId("video-element");
    const playback = page.waitForResponse((r) => r.url().endsWith("/playback") && r.status() === 200);
    await video.evaluate((el: HTMLVideoElement) => {
      el.muted = true;
      return el.play();
    });
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeGreaterThan(0);
    expect((await (await playback).json()).playbacks).toBeGreaterThanOrEqual(1);
    // Seeking works: the file is served with range requests.
    await video.evaluate((el: HTMLVideoElement) => {
      el.currentTime = Math.max(0, el.duration - 1);
    });
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeGreaterThan(1);
    // The length the page states is the file's own (the demo's clips last 6 s), not a class's.
    expect(await video.evaluate((el: HTMLVideoElement) => Math.round(el.duration))).toBe(6);
    expect(await page.getByText("6 s", { exact: true }).count()).toBe(1);
    await screenshot(page, "video-player-desktop");

    await page.getByRole("button", { name: "Agregar a favoritos" }).click();
    await expect.poll(() => page.getByText("¡Favorito agregado!").count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole("button", { name: "Quitar de favoritos" }).count()).toBe(1);

    await page.getByRole("link", { name: "Volver a videos" }).click();
    await page.waitForURL(/\/mystudio\/online/);
    await page.getByText("Favoritas", { exact: true }).click();
    await expect
      .poll(() => page.getByTestId("watching").textContent())
      .toBe("Estás viendo: Tus clases Favoritas");
    await expect.poll(() => page.getByTestId("video-card").count()).toBe(1);
    expect(await page.getByTestId("video-card").textContent()).toContain("Yoga restaurativo");
    await page.getByRole("button", { name: "Limpiar filtros" }).click();
    await expect.poll(() => page.getByTestId("video-card").count()).toBe(11);

    expect(problems).toEqual([]);
    await context.close();
  });

  it("on a phone the filters fold away and the player page fits", async () => {
    const { page, context, problems } = await openWatchedPage(browser, baseUrl, PHONE);
    await signIn(context, ONLINE_CUSTOMER);
    await page.goto("/mystudio/online");
    await expect.poll(() => page.getByTestId("video-card").count()).toBe(11);
    expect(await page.getByRole("textbox", { name: "Etiquetas" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Mostrar filtros" }).click();
    await expect.poll(() => page.getByRole("textbox", { name: "Etiquetas" }).isVisible()).toBe(true);
    await page.waitForLoadState("networkidle");
    await screenshot(page, "videos-phone");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await page.getByTestId("video-card").first().click();
    await page.waitForURL(/\/mystudio\/video\/\d+$/);
    await expect.poll(() => page.getByTestId("video-element").count()).toBe(1);
    await page.waitForLoadState("networkidle");
    await screenshot(page, "video-player-phone");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a customer without online access sees the membership message with a link to the shop; unknown videos say so", async () => {
    const { page, context } = await openWatchedPage(browser, baseUrl, DESKTOP);
    await signIn(context, NO_ACCESS_CUSTOMER);
    await page.goto("/mystudio/online");
    await expect.poll(() => page.getByTestId("no-membership").count()).toBe(1);
    const link = page.getByTestId("no-membership").getByRole("link");
    expect(await link.getAttribute("href")).toBe("/mystudio/paquetes");
    await screenshot(page, "videos-no-membership");
    await context.close();

    const admin = await openWatchedPage(browser, baseUrl, DESKTOP);
    await signIn(admin.context, "admin@demo.mx");
    await admin.page.goto("/mystudio/video/999999");
    await expect
      .poll(() => admin.page.getByTestId("video-not-found").textContent())
      .toBe("Lo sentimos, no hemos encontrado este video.");
    await admin.context.close();
  });
});
