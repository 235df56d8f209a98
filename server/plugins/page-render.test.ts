import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/build-test-app";

/**
 * The server side of decision 0012 with a small stand-in for dist/ssr/entry-server.js: the real
 * React build is exercised by the browser journeys (e2e/public-site.test.ts). This entry renders
 * what the real one would need from the API (the studio's name, through the same in-process
 * transport), counts its renders, and fails on demand.
 */
const ENTRY = `
let transport;
export let renders = 0;
export function configureServerRendering(options) { transport = options.transport; }
export async function renderPage(url) {
  if (url.startsWith("/falla")) throw new Error("render failed");
  globalThis.__renders = (globalThis.__renders ?? 0) + 1;
  const response = await transport("/api/appconfig", { method: "GET" });
  const rows = await response.json();
  const name = (Array.isArray(rows) ? rows : rows.appconfig).find((row) => row.key === "business_name")?.value ?? "";
  return {
    html: "<main><h1>" + name + "</h1><p>" + url + "</p></main>",
    head: { title: "Inicio · " + name + " </title><script>alert(1)</script>", description: "Clases & más", image: "/demo/hero.svg", type: "website" },
    state: { text: "</script><script>alert(2)</script>" },
  };
}
`;

const TEMPLATE = `<!doctype html>
<html lang="es-MX">
  <head>
    <meta name="description" content="Por defecto" />
    <link rel="preload" href="/api/appconfig" as="fetch" crossorigin="use-credentials" />
    <title>Cargando…</title>
  </head>
  <body>
    <div id="root"><div class="boot" role="status" aria-label="Cargando"><span></span></div></div>
    <script type="module" src="/assets/index.js"></script>
  </body>
</html>`;

const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;

describe("public pages rendered by the server", () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "estudio-ssr-"));
    const web = path.join(dir, "web");
    const ssr = path.join(dir, "ssr");
    fs.mkdirSync(web);
    fs.mkdirSync(ssr);
    fs.writeFileSync(path.join(web, "index.html"), TEMPLATE);
    fs.writeFileSync(path.join(ssr, "entry-server.js"), ENTRY);
    t = await buildTestApp({ WEB_DIST: web, WEB_SSR_DIST: ssr, PUBLIC_URL: "https://estudio.test" });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("sends a visitor the page with its markup, head tags and data, escaped", async () => {
    const res = await t.app.inject({ method: "GET", url: "/avisos" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    const html = res.body;
    const name = (await t.app.appConfig.get()).business_name;
    expect(html).toContain(`<div id="root"><main><h1>${name}</h1><p>/avisos</p></main></div>`);
    // The studio's texts cannot close a tag or a script.
    expect(html).toContain("<title>Inicio · ");
    expect(html).toContain("&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>");
    expect(html).toContain('<meta name="description" content="Clases &amp; más" />');
    expect(html).not.toContain("Por defecto");
    expect(html).toContain('<meta property="og:url" content="https://estudio.test/avisos" />');
    expect(html).toContain('<meta property="og:image" content="https://estudio.test/demo/hero.svg" />');
    expect(html).toContain('<link rel="canonical" href="https://estudio.test/avisos" />');
    expect(html).not.toContain("<script>alert(2)");
    const state = /<script id="ssr-state" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
    expect(JSON.parse(state ?? "null")).toEqual({ text: "</script><script>alert(2)</script>" });
    // The config is in the page: the template's preload of it is dropped.
    expect(html).not.toContain('rel="preload" href="/api/appconfig"');
  });

  it("compresses the page for browsers that accept it", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/ubicacion",
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.rawPayload).toString()).toContain("<p>/ubicacion</p>");
  });

  it("keeps signed-in visitors and private screens on the app shell", async () => {
    const { headers } = await t.signUp();
    for (const [url, extra] of [
      ["/", headers],
      ["/", { cookie: "better-auth.session_token=abc.def" }],
      ["/mystudio", {}],
      ["/admin/clases", {}],
      ["/checkout/1", {}],
      ["/entrar", {}],
    ] as const) {
      const res = await t.app.inject({ method: "GET", url, headers: extra });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("<title>Cargando…</title>");
      expect(res.body, url).not.toContain("ssr-state");
    }
  });

  it("falls back to the app shell when a page cannot be rendered", async () => {
    const res = await t.app.inject({ method: "GET", url: "/falla-siempre" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div class="boot"');
    expect(res.body).not.toContain("ssr-state");
  });

  it("renders a page once for a burst of visitors, and again after a write through the API", async () => {
    const before = renders();
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => t.app.inject({ method: "GET", url: "/calendario?semana=1" })),
    );
    expect(burst.every((res) => res.body.includes("<p>/calendario?semana=1</p>"))).toBe(true);
    expect(renders() - before).toBe(1);

    const admin = await t.signUp({ role: "admin" });
    const write = await t.app.inject({
      method: "PUT",
      url: "/api/appconfig",
      headers: admin.headers,
      payload: [{ key: "business_name", value: "Estudio Renombrado" }],
    });
    expect(write.statusCode, write.body).toBeLessThan(300);
    const after = await t.app.inject({ method: "GET", url: "/calendario?semana=1" });
    expect(after.body).toContain("<h1>Estudio Renombrado</h1>");
    expect(renders() - before).toBe(2);
  });
});
