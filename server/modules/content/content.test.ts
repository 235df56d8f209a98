import { describe, expect, it } from "vitest";
import { appWithAdminAndCustomer } from "../../test/fixtures";
import { testDriver } from "../../test/test-driver";

describe(`content API: pages, announcements, tags (${testDriver()})`, () => {
  const { admin, customer, inject } = appWithAdminAndCustomer();

  describe("admin-only writes", () => {
    const writes: [method: "POST" | "PUT" | "DELETE", url: string, payload?: object][] = [
      ["POST", "/api/pages", { title: "X", slug: "x" }],
      ["PUT", "/api/pages", { page_id: 1, title: "X", slug: "x" }],
      ["DELETE", "/api/pages/1"],
      ["POST", "/api/announcements", { title: "X" }],
      ["PUT", "/api/announcements", { announcement_id: 1, title: "X" }],
      ["DELETE", "/api/announcements/1"],
      ["POST", "/api/tags", { name: "X" }],
      ["PUT", "/api/tags", { tag_id: 1, name: "X" }],
      ["DELETE", "/api/tags/1"],
    ];
    it.each(writes)("%s %s: 401 for a visitor, 403 for a customer", async (method, url, payload) => {
      const visitor = await inject(method, url, {}, payload);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toMatchObject({ code: "UNAUTHORIZED", message: expect.any(String) });
      const asCustomer = await inject(method, url, customer, payload);
      expect(asCustomer.statusCode).toBe(403);
      expect(asCustomer.json().code).toBe("FORBIDDEN");
    });
  });

  describe("pages", () => {
    it("creates a page with sanitised HTML and its flags, and serves it by slug", async () => {
      const res = await inject("POST", "/api/pages", admin, {
        title: "Reglamento",
        slug: "reglamento",
        content:
          '<h2>Reglas</h2><p onclick="steal()">Llega <strong>temprano</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">clic</a><iframe src="https://evil.test"></iframe>',
        required: true,
        required_at_signup: true,
        show_in_footer: false,
        order: 3,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe("Página guardada.");
      const page = res.json().page;
      expect(page).toMatchObject({
        slug: "reglamento",
        required: true,
        required_at_signup: true,
        show_in_footer: false,
        order: 3,
      });
      for (const bad of ["<script", "alert(1)", "onerror", "onclick", "javascript:", "<iframe"]) {
        expect(page.content).not.toContain(bad);
      }
      expect(page.content).toContain("<h2>Reglas</h2>");
      expect(page.content).toContain("<strong>temprano</strong>");

      const bySlug = await inject("GET", "/api/pages/reglamento");
      expect(bySlug.statusCode).toBe(200);
      expect(bySlug.json().page.content).toBe(page.content);
    });

    it("sanitises on update too, and a PUT without flags keeps them", async () => {
      const created = (
        await inject("POST", "/api/pages", admin, { title: "Horarios", slug: "horarios", required: true })
      ).json().page;
      const res = await inject("PUT", "/api/pages", admin, {
        page_id: created.page_id,
        title: "Horarios 2",
        slug: "horarios",
        content: '<p>Hola<svg onload="x()"></svg><img src=x onerror=alert(1)></p>',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().page).toMatchObject({ title: "Horarios 2", required: true });
      expect(res.json().page.content).not.toMatch(/onerror|onload|<svg/);
    });

    it("stores empty content as null ('Sin contenido') and keeps such pages out of nothing else", async () => {
      const res = await inject("POST", "/api/pages", admin, {
        title: "Vacía",
        slug: "vacia",
        content: "<script>x</script>",
      });
      expect(res.json().page.content).toBeNull();
    });

    it("refuses a bad, reserved or duplicate slug with 4xx and a Spanish message", async () => {
      const bad = await inject("POST", "/api/pages", admin, { title: "X", slug: "Con Espacios" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.slug).toMatch(/minúsculas/);
      const reserved = await inject("POST", "/api/pages", admin, { title: "X", slug: "calendario" });
      expect(reserved.statusCode).toBe(400);
      expect(reserved.json()).toMatchObject({ code: "PAGE_SLUG_RESERVED" });
      await inject("POST", "/api/pages", admin, { title: "Uno", slug: "duplicada" });
      const dup = await inject("POST", "/api/pages", admin, { title: "Dos", slug: "duplicada" });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toMatchObject({
        code: "PAGE_SLUG_TAKEN",
        message: "Ya existe una página con esa dirección.",
      });
      const noTitle = await inject("POST", "/api/pages", admin, { title: " ", slug: "sin-titulo" });
      expect(noTitle.statusCode).toBe(400);
    });

    it("deletes a page; unknown ids and slugs are 404", async () => {
      const created = (
        await inject("POST", "/api/pages", admin, { title: "Temporal", slug: "temporal" })
      ).json().page;
      const del = await inject("DELETE", `/api/pages/${created.page_id}`, admin);
      expect(del.statusCode).toBe(200);
      expect((await inject("GET", "/api/pages/temporal")).statusCode).toBe(404);
      expect((await inject("DELETE", `/api/pages/${created.page_id}`, admin)).statusCode).toBe(404);
      expect(
        (await inject("PUT", "/api/pages", admin, { page_id: 999999, title: "X", slug: "x" })).statusCode,
      ).toBe(404);
      expect((await inject("DELETE", "/api/pages/abc", admin)).statusCode).toBe(400);
    });
  });

  describe("announcements", () => {
    it("shows only published ones to the public; admins see drafts; HTML is sanitised", async () => {
      const pub = await inject("POST", "/api/announcements", admin, {
        title: "Abrimos sábado",
        content: '<p>Ven<img src="a.png" onerror="alert(1)"></p><script>bad()</script>',
      });
      expect(pub.statusCode).toBe(201);
      expect(pub.json().message).toBe("Announcement saved.");
      expect(pub.json().announcement.content).not.toMatch(/onerror|<script|bad\(\)/);
      const draft = (
        await inject("POST", "/api/announcements", admin, { title: "Borrador", published: false })
      ).json().announcement;

      const visitorList = (await inject("GET", "/api/announcements")).json().announcements;
      expect(visitorList.map((a: { title: string }) => a.title)).toContain("Abrimos sábado");
      expect(visitorList.map((a: { title: string }) => a.title)).not.toContain("Borrador");
      const customerList = (await inject("GET", "/api/announcements", customer)).json().announcements;
      expect(customerList.map((a: { title: string }) => a.title)).not.toContain("Borrador");
      const adminList = (await inject("GET", "/api/announcements", admin)).json().announcements;
      expect(adminList.map((a: { title: string }) => a.title)).toContain("Borrador");

      expect((await inject("GET", `/api/announcements/${draft.announcement_id}`)).statusCode).toBe(404);
      expect((await inject("GET", `/api/announcements/${draft.announcement_id}`, admin)).statusCode).toBe(
        200,
      );
    });

    it("updates (publishing a draft) and deletes", async () => {
      const draft = (
        await inject("POST", "/api/announcements", admin, { title: "Pronto", published: false })
      ).json().announcement;
      const put = await inject("PUT", "/api/announcements", admin, {
        announcement_id: draft.announcement_id,
        title: "Ya",
        published: true,
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({
        message: "Announcement saved.",
        announcement: { title: "Ya", published: true },
      });
      expect((await inject("GET", `/api/announcements/${draft.announcement_id}`)).statusCode).toBe(200);
      const del = await inject("DELETE", `/api/announcements/${draft.announcement_id}`, admin);
      expect(del.json().message).toBe("Announcement deleted.");
      expect((await inject("DELETE", `/api/announcements/${draft.announcement_id}`, admin)).statusCode).toBe(
        404,
      );
      expect((await inject("POST", "/api/announcements", admin, { title: "" })).statusCode).toBe(400);
    });
  });

  describe("tags", () => {
    it("creates, filters by type, updates and deletes with their Spanish messages", async () => {
      const video = await inject("POST", "/api/tags", admin, {
        name: "Cardio",
        color: "#ff0000",
        type: "video",
      });
      expect(video.statusCode).toBe(201);
      expect(video.json().message).toBe("Tag saved.");
      const cls = (await inject("POST", "/api/tags", admin, { name: "Principiantes" })).json().tag;
      expect(cls.type).toBe("class");

      const videoTags = (await inject("GET", "/api/tags?type=video")).json().tags;
      expect(videoTags.map((tag: { name: string }) => tag.name)).toEqual(["Cardio"]);
      expect((await inject("GET", "/api/tags")).json().tags).toHaveLength(2);
      expect((await inject("GET", "/api/tags?type=")).statusCode).toBe(200);

      const put = await inject("PUT", "/api/tags", admin, {
        tag_id: video.json().tag.tag_id,
        name: "Cardio intenso",
      });
      expect(put.json()).toMatchObject({
        message: "Tag saved.",
        tag: { name: "Cardio intenso", type: "video", color: "#ff0000" },
      });
      const del = await inject("DELETE", `/api/tags/${cls.tag_id}`, admin);
      expect(del.json().message).toBe("Tag deleted.");
      expect((await inject("GET", `/api/tags/${cls.tag_id}`)).statusCode).toBe(404);
    });

    it("rejects bad input with 400", async () => {
      expect((await inject("POST", "/api/tags", admin, { name: "" })).statusCode).toBe(400);
      expect((await inject("POST", "/api/tags", admin, { name: "X", color: "red" })).statusCode).toBe(400);
      expect((await inject("GET", "/api/tags?type=<x>")).statusCode).toBe(400);
    });
  });

  describe("site files", () => {
    it("sitemap.xml lists the public routes and every page with content", async () => {
      await inject("POST", "/api/pages", admin, {
        title: "Mapa",
        slug: "pagina-del-mapa",
        content: "<p>Hola</p>",
      });
      await inject("POST", "/api/pages", admin, { title: "Sin nada", slug: "pagina-vacia" });
      const res = await inject("GET", "/sitemap.xml");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("application/xml");
      expect(res.body).toContain("<loc>http://localhost:3000/</loc>");
      expect(res.body).toContain("/calendario</loc>");
      expect(res.body).toContain("/avisos</loc>");
      expect(res.body).toContain("/pagina-del-mapa</loc>");
      expect(res.body).not.toContain("/pagina-vacia<");
      expect(res.body).not.toContain("/mystudio");
    });

    it("sitemap.xml follows the config (schedule off, custom packages path)", async () => {
      await inject("PUT", "/api/appconfig", admin, [
        { key: "single_class_enabled", value: false },
        { key: "class_packages_path", value: "membresias" },
      ]);
      const body = (await inject("GET", "/sitemap.xml")).body;
      expect(body).not.toContain("/calendario<");
      expect(body).toContain("/membresias</loc>");
      // A page may not take the packages path either.
      const clash = await inject("POST", "/api/pages", admin, { title: "X", slug: "membresias" });
      expect(clash.statusCode).toBe(400);
      await inject("PUT", "/api/appconfig", admin, [
        { key: "single_class_enabled", value: true },
        { key: "class_packages_path", value: "paquetes" },
      ]);
    });

    it("robots.txt allows the site, keeps private areas out and names the sitemap", async () => {
      const res = await inject("GET", "/robots.txt");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/plain");
      expect(res.body).toMatch(/^User-agent: \*$/m);
      expect(res.body).toMatch(/^Disallow: \/mystudio$/m);
      expect(res.body).toMatch(/^Disallow: \/admin$/m);
      expect(res.body).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    });

    it("the web manifest carries the studio's name and colours", async () => {
      await inject("PUT", "/api/appconfig", admin, [
        { key: "name", value: "Estudio Ola" },
        { key: "business_name", value: "Ola Movimiento S.A. de C.V." },
        { key: "primary", value: "#0ca678" },
      ]);
      const res = await inject("GET", "/manifest.webmanifest");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("application/manifest+json");
      expect(res.json()).toMatchObject({
        name: "Estudio Ola",
        theme_color: "#0ca678",
        display: "standalone",
        start_url: "/",
      });
      const icon = await inject("GET", "/icons/app-icon.svg");
      expect(icon.body).toContain("#0ca678");
      expect(icon.body).toContain(">E<");
    });
  });
});
