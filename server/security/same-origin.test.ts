import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../domain/messages";
import type { RouteInfo } from "../plugins/route-access";
import { CROSS_SITE_WRITE_PREFIXES, isCrossSite } from "../plugins/same-origin";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { signUpCustomer } from "../test/customers";

/**
 * Same-origin writes (decision 0023): every write under /api, ours and better-auth's, refuses a
 * request a page of another site makes (403 CROSS_SITE_REQUEST in Spanish), whatever its
 * credentials, and still serves the site's own pages and API clients without browser headers. The
 * routes come from app.routeTable, so a route added later is covered without being listed here.
 */

const SITE = "https://estudio.prueba.mx";
const EVIL = "https://sitio-malo.example";

/** better-auth's catch-all answers many paths; these are the writes the web uses. */
const AUTH_PATHS = [
  "sign-in/email",
  "sign-out",
  "change-password",
  "request-password-reset",
  "reset-password",
];

const crossSiteExempt = (url: string) =>
  Object.keys(CROSS_SITE_WRITE_PREFIXES).some((prefix) => url.startsWith(prefix));

/** Concrete URLs for a route pattern: ids filled with 1, better-auth's `*` with its endpoints. */
function urlsOf(route: RouteInfo): string[] {
  const filled = route.url.replace(/:(\w+)/g, "1");
  if (!filled.endsWith("*")) return [filled];
  return AUTH_PATHS.map((path) => filled.replace(/\*$/, path));
}

describe("same-origin writes", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let customer: Record<string, string>;
  let writes: { method: string; url: string; route: RouteInfo }[];

  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: SITE });
    admin = (await t.signUp({ role: "admin" })).headers;
    customer = (await signUpCustomer(t)).headers;
    writes = t.app.routeTable
      .filter((r) => r.url.startsWith("/api/") && r.method !== "GET")
      .flatMap((route) => urlsOf(route).map((url) => ({ method: route.method, url, route })));
  });
  afterAll(() => t.close());

  const credentials = (route: RouteInfo) =>
    route.access === "admin" ? admin : route.access === "user" ? customer : {};

  async function send(
    write: { method: string; url: string; route: RouteInfo },
    headers: Record<string, string>,
    withCredentials = true,
  ) {
    return t.app.inject({
      method: write.method as "POST",
      url: write.url,
      headers: {
        ...(withCredentials ? credentials(write.route) : {}),
        "content-type": "application/json",
        ...headers,
      },
      payload: "{}",
    });
  }

  it("the walk covers our routes and better-auth's", () => {
    expect(writes.length).toBeGreaterThan(50);
    expect(writes.some((w) => w.url === "/api/auth/sign-out")).toBe(true);
    expect(writes.some((w) => w.method === "DELETE")).toBe(true);
    expect(writes.some((w) => w.method === "PUT")).toBe(true);
  });

  it("every write refuses another site's Origin, Referer or Sec-Fetch-Site with 403 in Spanish", async () => {
    const failures: string[] = [];
    const hostile: Record<string, string>[] = [
      { origin: EVIL },
      { origin: "null" },
      // The site's name inside another host, and another port of the same host.
      { origin: `https://estudio.prueba.mx.sitio-malo.example` },
      { origin: `${SITE}:8443` },
      // Same name over plain http is another origin (decision 0056 §4).
      { origin: SITE.replace("https:", "http:") },
      { referer: `${EVIL}/pagina` },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      // A page cannot make the browser send "same-origin" for another site's post; a browser that
      // says cross-site is believed over an Origin that looks like ours.
      { origin: SITE, "sec-fetch-site": "cross-site" },
    ];
    for (const write of writes.filter((w) => !crossSiteExempt(w.url))) {
      for (const headers of hostile) {
        // Signed in as whoever may call it: the refusal comes before the route's guard.
        const res = await send(write, headers);
        const body = res.json() as { code?: string; message?: string };
        if (
          res.statusCode !== 403 ||
          body.code !== "CROSS_SITE_REQUEST" ||
          body.message !== messages.crossSiteRequest
        ) {
          failures.push(
            `${write.method} ${write.url} ${JSON.stringify(headers)} → ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it("the site's own pages, the host it is reached at and header-less API clients reach every write", async () => {
    const failures: string[] = [];
    const own: Record<string, string>[] = [
      { origin: SITE },
      // Our pages send Referrer-Policy: no-referrer, under which a browser may post Origin: null
      // even to its own site; Sec-Fetch-Site, which pages cannot set, says it is ours.
      { origin: "null", "sec-fetch-site": "same-origin" },
      // Reached under another name on the same host (app.inject sends Host: localhost:80).
      { origin: "http://localhost" },
      {},
    ];
    for (const write of writes) {
      for (const headers of own) {
        const res = await send(write, headers);
        if (res.statusCode === 403 && res.json().code === "CROSS_SITE_REQUEST") {
          failures.push(`${write.method} ${write.url} ${JSON.stringify(headers)} refused`);
        }
        if (res.statusCode >= 500)
          failures.push(`${write.method} ${write.url} → ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it("a browser without Sec-Fetch-Site (Safari before 16.4) is judged by Origin: another site's write is refused", async () => {
    // Safari 15 on an iPhone sends no Sec-Fetch-* headers (they came with Safari 16.4); on a
    // cross-site POST, PUT or DELETE it sends Origin (the attacking page's, or "null" from a
    // no-referrer or sandboxed page), and Referer unless the page forbids it.
    const SAFARI_15 =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 15_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6.6 Mobile/15E148 Safari/604.1";
    const failures: string[] = [];
    for (const write of writes.filter((w) => !crossSiteExempt(w.url))) {
      const oldSafari: Record<string, string>[] = [
        { origin: EVIL, referer: `${EVIL}/promo` },
        { origin: "null" },
        { origin: `http://estudio.prueba.mx` },
      ];
      for (const headers of oldSafari) {
        const res = await send(write, { "user-agent": SAFARI_15, ...headers });
        if (res.statusCode !== 403 || res.json().code !== "CROSS_SITE_REQUEST")
          failures.push(`${write.method} ${write.url} ${JSON.stringify(headers)} → ${res.statusCode}`);
      }
      // The site's own page in the same Safari: fetch() in "cors" mode (the web's api-client)
      // sends the page's origin whatever the Referrer-Policy (Fetch standard, whatwg/fetch#1022).
      const own = await send(write, { "user-agent": SAFARI_15, origin: SITE, referer: `${SITE}/mystudio` });
      if (own.statusCode === 403 && own.json().code === "CROSS_SITE_REQUEST")
        failures.push(`${write.method} ${write.url} own page refused`);
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it("a same-origin Referer or Sec-Fetch-Site without Origin is let through", async () => {
    for (const headers of [
      { referer: `${SITE}/mystudio` },
      { "sec-fetch-site": "same-origin" },
      { referer: "" },
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/pages",
        headers: { ...admin, "content-type": "application/json", ...headers },
        payload: "{}",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("VALIDATION_ERROR");
    }
  });

  it("payment webhooks, the documented exception, accept a provider's post from anywhere", async () => {
    const webhooks = writes.filter((w) => crossSiteExempt(w.url));
    expect(webhooks.map((w) => w.url).sort()).toEqual([
      "/api/webhooks/aggregators/1",
      "/api/webhooks/mercadopago",
      "/api/webhooks/paypal",
      "/api/webhooks/stripe",
      "/api/webhooks/twilio/inbound",
      "/api/webhooks/twilio/status",
    ]);
    for (const write of webhooks) {
      const res = await send(write, { origin: EVIL }, false);
      expect(res.json().code).not.toBe("CROSS_SITE_REQUEST");
    }
  });

  it("a cross-site sign-in with the right password is refused and sets no cookie", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: EVIL, "content-type": "application/json" },
      payload: JSON.stringify({ email: "admin@demo.mx", password: "demo1234" }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("reads stay open to other sites (they change nothing)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/appconfig", headers: { origin: EVIL } });
    expect(res.statusCode).toBe(200);
  });

  it("a text/plain body, which another site may post without asking, answers 415 on every write", async () => {
    const failures: string[] = [];
    // Fresh sessions: the walks above signed out and deleted their logins along the way.
    const fresh = {
      admin: (await t.signUp({ role: "admin" })).headers,
      user: (await signUpCustomer(t)).headers,
    };
    for (const write of writes) {
      const access = write.route.access;
      const res = await t.app.inject({
        method: write.method as "POST",
        url: write.url,
        headers: { ...(access === "public" ? {} : fresh[access]), "content-type": "text/plain" },
        payload: '{"name":"ana"}',
      });
      const body = res.json() as { code?: string; message?: string };
      if (res.statusCode !== 415 || body.message !== messages.unsupportedMediaType) {
        failures.push(`${write.method} ${write.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it("a text/plain body on a JSON route is refused in Spanish, not parsed", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/pages",
      headers: { ...admin, "content-type": "text/plain;charset=UTF-8", origin: SITE },
      payload: JSON.stringify({ title: "Página", slug: "pagina-texto", content: "<p>hola</p>" }),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: "UNSUPPORTED_MEDIA_TYPE", message: messages.unsupportedMediaType });
  });
});

describe("isCrossSite compares scheme, host and port (decision 0056 §4)", () => {
  const request = (
    headers: Record<string, string>,
    protocol: "http" | "https" = "https",
    host = "estudio.prueba.mx",
  ) => ({
    headers,
    protocol,
    host,
  });
  it.each([
    [{ origin: "https://estudio.prueba.mx" }, "https", false],
    [{ origin: "http://estudio.prueba.mx" }, "https", true],
    [{ origin: "https://estudio.prueba.mx:8443" }, "https", true],
    [{ origin: "https://estudio.prueba.mx:443" }, "https", false],
    [{ referer: "http://estudio.prueba.mx/mystudio" }, "https", true],
    [{ referer: "https://estudio.prueba.mx/mystudio" }, "https", false],
    // Reached over http under the name it was sent to (a LAN install without TLS): its own.
    [{ origin: "http://estudio.prueba.mx" }, "http", false],
  ] as const)("%o over %s → cross-site %s", (headers, protocol, cross) => {
    expect(isCrossSite(request({ ...headers }, protocol), SITE)).toBe(cross);
  });
});
