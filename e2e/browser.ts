import fs from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { expect } from "vitest";
import { addDays, isoDay, zonedParts } from "../server/db/seed/demo-time";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** A day ("YYYY-MM-DD") on the demo studio's calendar: today, or `plusDays` from it. */
export function studioDay(plusDays = 0): string {
  return isoDay(addDays(zonedParts(new Date()), plusDays));
}

/** Debian Chromium, headless; `extraArgs` adds switches (the check-in journey's fake camera). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
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
      ...extraArgs,
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
  // Playwright's 30 s per click, fill or navigation: the CI run's journeys share two cores with
  // both API suites, and a sign-in's redirect once took longer than that (csp.test.ts, twice). A
  // step that never happens still fails, only later (the tests' own limits are 120 s and up).
  context.setDefaultTimeout(60_000);
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

/**
 * Whether journeys capture screenshots. They are for a person to look at (each screen at 390 and
 * 1280 px); `npm test` runs the journeys with E2E_SCREENSHOTS=0, since nobody looks at them there
 * and full-page captures cost CPU the suites running beside them share (decision 0108). A journey
 * run alone (`npx vitest run --config e2e/vitest.config.ts e2e/<file>`) takes them.
 */
export const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS !== "0";

export async function screenshot(page: Page, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  const dir = path.resolve(import.meta.dirname, "screenshots");
  fs.mkdirSync(dir, { recursive: true });
  // Cards and landing sections skip rendering off screen (content-visibility: auto); a full-page
  // capture would show them blank, so they are rendered for it.
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>("body *"))
      if (getComputedStyle(element).contentVisibility === "auto") element.style.contentVisibility = "visible";
  });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * A watched page on which the studio's daily promotional popup already counts as seen today, for
 * journeys that are not about it (it would cover the page). The app keeps that day in
 * localStorage (web/components/popup-seen.ts); the init script sets it before any page runs.
 */
export async function openQuietPage(
  browser: Browser,
  baseUrl: string,
  viewport = DESKTOP,
): Promise<WatchedPage> {
  const watched = await openWatchedPage(browser, baseUrl, viewport);
  await watched.context.addInitScript(() => {
    localStorage.setItem("promo-popup-seen", new Date().toLocaleDateString("en-CA"));
  });
  return watched;
}

/**
 * Signs in through the real form and waits for the redirect (the demo accounts' password unless
 * another is given). A journey about the sign-in form itself fills it by hand.
 */
export async function signInAs(
  page: Page,
  email: string,
  redirect: string,
  password = "demo1234",
): Promise<void> {
  await page.goto(`/entrar?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel(/^Correo electrónico/).fill(email);
  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  // The redirect loads the whole back office or the customer's app: on a loaded CI machine (four
  // suites on two cores) that once passed the 60 s every other step gets.
  await page.waitForURL((url) => url.pathname === redirect, { timeout: 120_000 });
}

/**
 * Walks the customer calendar (week view) to the week holding `day` (YYYY-MM-DD, studio time).
 * Weeks are told apart by their day columns' dates, not by a fixed wait, and the walk goes either
 * way: the calendar may still move by itself (it skips a current week with no classes left, e.g.
 * on a Sunday afternoon) while the walk clicks, and under load a week's cards paint a moment after
 * its grid.
 */
export async function showWeekOf(page: Page, day: string): Promise<void> {
  /**
   * The days on screen once the calendar has settled: the columns belong to the week its header
   * is on. Right after a click (or an auto-advance) the header has moved and the columns still
   * show the previous week until its data arrives; reading then would act on a week that is
   * about to change (a click just as the calendar advanced by itself went one week too far).
   */
  const settledDays = async () => {
    let days: string[] = [];
    await expect
      .poll(async () => {
        await page.getByTestId("week-grid").waitFor();
        const start = await page.getByTestId("week-label").getAttribute("data-start");
        days = (await page
          .getByTestId("day-column")
          .evaluateAll((columns) => columns.map((c) => c.getAttribute("data-date") ?? ""))) as string[];
        return days[0] === start;
      })
      .toBe(true);
    return days;
  };
  for (let step = 0; step < 8; step++) {
    const days = await settledDays();
    if (days.includes(day)) return;
    const later = day > (days.at(-1) ?? "");
    await page.getByRole("button", { name: later ? "Semana siguiente" : "Semana anterior" }).click();
    await expect.poll(async () => (await settledDays())[0]).not.toBe(days[0]);
  }
  throw new Error(`the calendar never showed the week of ${day}`);
}

/**
 * The first card of `day` in `state` that shows every one of `texts`, found as a person finds it:
 * the week of that day, then down that day's column until the card is there. A day of many
 * classes renders its later cards as its end nears the screen (day-cards.tsx), so waiting alone
 * would never see them; the week is checked again on each step in case the calendar moved.
 */
export async function findCardOfDay(page: Page, day: string, state: string, texts: (string | RegExp)[]) {
  let card = cardsOfDay(page, day, state);
  for (const text of texts) card = card.filter({ hasText: text });
  const column = page.locator(`[data-testid="day-column"][data-date="${day}"]`);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    await showWeekOf(page, day);
    if (await card.count()) return card.first();
    const rendered = column.locator('[data-testid="class-card"]');
    const count = await rendered.count();
    if (count) await rendered.nth(count - 1).scrollIntoViewIfNeeded();
    await page.waitForTimeout(150);
  }
  throw new Error(`no ${state} card of ${day} showing ${texts.join(", ")}`);
}

/** The class cards of one day column of the week view (see showWeekOf). */
export function cardsOfDay(page: Page, day: string, state?: string) {
  const cards = state ? `[data-testid="class-card"][data-state="${state}"]` : '[data-testid="class-card"]';
  return page.locator(`[data-testid="day-column"][data-date="${day}"] ${cards}`);
}

/**
 * Opens `to` the way a click on a link does: the router moves inside the loaded app (history
 * pushState and a popstate event) instead of the browser loading, parsing and hydrating the
 * whole app again: walks of every screen (admin-axe, role-screens) reach each screen as a person
 * does, through the router, without reloading the app at each. Measured on a machine loaded 20
 * times over, the walk took about as long (axe and the settle wait dominate it), so the gain is
 * in the route being the one people take. Returns once the new screen's heading is drawn:
 * the old heading is marked first, so its text staying on screen is not taken for the new
 * one's. Already there: nothing to do. Falls back to a full load if no new heading came (a path outside
 * the client router).
 */
export async function goInApp(page: Page, to: string): Promise<void> {
  const moved = await page.evaluate((url) => {
    if (window.location.pathname + window.location.search === url) return false;
    for (const h1 of document.querySelectorAll("h1")) h1.setAttribute("data-e2e-left", h1.textContent ?? "");
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: `e2e${idx}`, idx }, "", url);
    window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
    return true;
  }, to);
  const drawn = () =>
    page.evaluate(() => {
      const h1 = document.querySelector("main h1") ?? document.querySelector("h1");
      if (!h1) return false;
      const left = h1.getAttribute("data-e2e-left");
      return left === null || left !== h1.textContent;
    });
  if (!moved) return;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (await drawn()) return;
    await page.waitForTimeout(50);
  }
  console.warn(`goInApp: no new heading on ${to}, loading it whole`);
  await page.goto(to);
}

/**
 * Waits until React has hydrated the element (it keeps the element's props on the node). A server-
 * rendered control changed before that (a <select> picked on a loaded machine) is set back to its
 * rendered value when React takes it over; the person would simply pick again, a test must wait.
 */
export async function waitForHydrated(target: Locator): Promise<void> {
  await expect
    .poll(() =>
      target.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"))),
    )
    .toBe(true);
}
