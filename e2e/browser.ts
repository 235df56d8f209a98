import fs from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export type WatchedPage = { page: Page; context: BrowserContext; problems: string[] };

/**
 * A page that records every console error, uncaught exception and failed same-origin request,
 * so a journey can assert the app ran cleanly (CSP violations show up as console errors too).
 */
export async function openWatchedPage(
  browser: Browser,
  baseUrl: string,
  viewport = DESKTOP,
): Promise<WatchedPage> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, locale: "es-MX" });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (msg) => {
    // A failed request is reported below with its URL; the console line alone says nothing.
    if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource")) {
      problems.push(`console: ${msg.text()}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("response", (res) => {
    if (res.url().startsWith(baseUrl) && res.status() >= 500)
      problems.push(`HTTP ${res.status()} ${res.url()}`);
  });
  return { page, context, problems };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(import.meta.dirname, "screenshots");
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * Signs in through the real form (demo password) and waits for the redirect. Journeys may share
 * this instead of repeating the four steps; older journeys still carry their own copy.
 */
export async function signInAs(page: Page, email: string, redirect: string): Promise<void> {
  await page.goto(`/entrar?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel(/^Correo electrónico/).fill(email);
  await page.getByLabel(/^Contraseña/).fill("demo1234");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await page.waitForURL((url) => url.pathname === redirect);
}
