import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchBrowser, openQuietPage } from "./browser";

const baseUrl = inject("baseUrl");

/** Every classic way to run script from stored HTML; none may run once rendered. */
const XSS = [
  "<p>Contenido normal</p>",
  '<img src=x onerror="window.__xss=1">',
  "<script>window.__xss=1</script>",
  '<a href="javascript:window.__xss=1" id="xss-link">enlace</a>',
  '<svg onload="window.__xss=1"></svg>',
].join("\n");

async function signIn(): Promise<Response> {
  return fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email: "admin@demo.mx", password: "demo1234" }),
  });
}

async function adminPost(token: string, url: string, body: unknown) {
  const res = await fetch(`${baseUrl}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, origin: baseUrl },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

describe("stored XSS renders inert; headers and cookies are hardened", () => {
  let browser: Browser;
  let token: string;
  const stamp = Date.now().toString(36);
  const slug = `prueba-xss-${stamp}`;
  const announcementTitle = `Aviso XSS ${stamp}`;
  let created = { pageId: 0, announcementId: 0 };

  beforeAll(async () => {
    browser = await launchBrowser();
    const res = await signIn();
    token = res.headers.get("set-auth-token") ?? "";
    expect(token).not.toBe("");
    const { page } = await adminPost(token, "/api/pages", {
      title: `Página XSS ${stamp}`,
      slug,
      content: XSS,
    });
    const { announcement } = await adminPost(token, "/api/announcements", {
      title: announcementTitle,
      content: XSS,
      published: true,
    });
    // Sanitised when stored, so no other reader of the API (apps, exports) gets the script either.
    for (const stored of [page.content, announcement.content] as string[]) {
      expect(stored).toContain("Contenido normal");
      expect(stored).not.toMatch(/<script|onerror|onload|javascript:/i);
    }
    created = { pageId: page.page_id, announcementId: announcement.announcement_id };
  });
  // The journeys share one demo server: take the hostile content away again so other journeys
  // (the home page shows announcements) see the studio as it was.
  afterAll(async () => {
    await browser?.close();
    for (const url of [`/api/pages/${created.pageId}`, `/api/announcements/${created.announcementId}`]) {
      await fetch(`${baseUrl}${url}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${token}`, origin: baseUrl },
      });
    }
  });

  async function open(path: string, texts: string[]) {
    // The daily promo popup is not what this journey is about.
    const watched = await openQuietPage(browser, baseUrl, DESKTOP);
    const { page } = watched;
    page.on("console", (msg) => {
      // Any CSP report counts, whatever its level: it means the stored HTML tried to run.
      if (/Content Security Policy/i.test(msg.text())) watched.problems.push(`csp: ${msg.text()}`);
    });
    await page.goto(path);
    for (const text of texts) {
      await expect.poll(() => page.getByText(text).count()).toBeGreaterThan(0);
    }
    await page.waitForLoadState("networkidle");
    return watched;
  }

  for (const [label, path, text] of [
    ["a content page", `/${slug}`, ["Contenido normal"]],
    ["an announcement", "/avisos", [announcementTitle, "Contenido normal"]],
  ] as const) {
    it(`${label} with script in its HTML runs none of it`, async () => {
      const { page, context, problems } = await open(path, [...text]);
      expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
      // Even a click on the link must not run script: the href is gone or neutralised.
      const link = page.locator("#xss-link, a:has-text('enlace')").first();
      if ((await link.count()) > 0) {
        const href = (await link.getAttribute("href")) ?? "";
        expect(href.toLowerCase()).not.toContain("javascript:");
        await link.click({ trial: true }).catch(() => {});
      }
      // The only inline script allowed is the server-rendered page's data block (decision 0012):
      // JSON, never executed, with every "<" escaped so the stored HTML inside cannot close it.
      expect(await page.locator('script:not([src]):not([type="application/json"])').count()).toBe(0);
      for (const data of await page.locator('script[type="application/json"]').allTextContents()) {
        expect(data).not.toContain("<");
      }
      expect(await page.locator("[onerror], [onload], [onclick]").count()).toBe(0);
      expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("the SPA is served with a strict CSP (script-src 'self') and hardening headers", async () => {
    const res = await fetch(`${baseUrl}/`);
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc.trim()).toBe("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("session cookies are HttpOnly and SameSite=Lax", async () => {
    const res = await signIn();
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie().filter((c) => /session_token/i.test(c));
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    }
  });
});
