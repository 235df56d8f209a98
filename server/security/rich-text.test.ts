import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announcements, pages } from "../db/schema/content";
import { payment_methods } from "../db/schema/payments";
import { sanitizeRichText } from "../modules/content/sanitize";
import { sanitizeInstructions } from "../modules/payment-methods/payment-methods.service";
import { buildTestApp, type TestApp } from "../test/build-test-app";

/**
 * Rich text (docs/security.md): the fields the site renders as HTML (pages and announcements'
 * content, payment instructions) are stored already clean, by the same allow-list that runs again
 * when they are read: a row holds no script for any other reader (exports, apps, a future
 * template), and reading it back changes nothing. Every other text (descriptions, names, bios) is
 * plain text that the web renders as text (React escapes it), so it is stored as typed.
 */

const HOSTILE = [
  '<p>Texto <strong>importante</strong> y <a href="https://estudio.mx/reglas">reglas</a></p>',
  "<script>window.__xss = 1</script>",
  '<img src="x" onerror="window.__xss = 1">',
  '<a href="javascript:window.__xss = 1">enlace</a>',
  '<iframe src="https://sitio-malo.example"></iframe>',
  '<svg onload="window.__xss = 1"><circle r="1"/></svg>',
  '<p style="background:url(javascript:alert(1))" onclick="alert(1)">estilo</p>',
  '<form action="https://sitio-malo.example"><input name="password"></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss = 1">',
].join("\n");

const DANGEROUS = /<script|<iframe|<svg|<form|<input|<style|<math|\son\w+\s*=|javascript:|style=/i;

describe("rich text is stored clean", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await t.signUp({ role: "admin" })).headers;
  });
  afterAll(() => t.close());

  const send = async (method: "POST" | "PUT", url: string, payload: object) => {
    const res = await t.app.inject({ method, url, headers: admin, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };

  function expectClean(stored: string | null, sanitize: (html: string) => string | null) {
    expect(stored).not.toBeNull();
    expect(stored).not.toMatch(DANGEROUS);
    expect(stored).toContain("<strong>importante</strong>");
    expect(stored).toContain('href="https://estudio.mx/reglas"');
    // Already what the read path would make of it: one allow-list for writing and reading.
    expect(sanitize(stored!)).toBe(stored);
  }

  it("pages: created and updated through the admin routes", async () => {
    const { page } = await send("POST", "/api/pages", {
      title: "Reglas",
      slug: "reglas-xss",
      content: HOSTILE,
    });
    const [created] = await t.app.db.select().from(pages).where(eq(pages.page_id, page.page_id));
    expectClean(created!.content, sanitizeRichText);
    await send("PUT", "/api/pages", {
      page_id: page.page_id,
      title: "Reglas",
      slug: "reglas-xss",
      content: `<p>v2</p>\n${HOSTILE}`,
    });
    const [updated] = await t.app.db.select().from(pages).where(eq(pages.page_id, page.page_id));
    expectClean(updated!.content, sanitizeRichText);
    expect(updated!.content).toContain("v2");
  });

  it("announcements: created and updated through the admin routes", async () => {
    const { announcement } = await send("POST", "/api/announcements", {
      title: "Aviso",
      content: HOSTILE,
      published: true,
    });
    const id = announcement.announcement_id as number;
    const [created] = await t.app.db
      .select()
      .from(announcements)
      .where(eq(announcements.announcement_id, id));
    expectClean(created!.content, sanitizeRichText);
    await send("PUT", "/api/announcements", {
      announcement_id: id,
      title: "Aviso",
      content: `${HOSTILE}<p>v2</p>`,
    });
    const [updated] = await t.app.db
      .select()
      .from(announcements)
      .where(eq(announcements.announcement_id, id));
    expectClean(updated!.content, sanitizeRichText);
  });

  it("payment instructions: created and updated through the admin routes", async () => {
    const { payment_method } = await send("POST", "/api/payment_methods", {
      name: "Transferencia",
      provider: "cash",
      instructions: HOSTILE,
    });
    const id = payment_method.payment_method_id as number;
    const [created] = await t.app.db
      .select()
      .from(payment_methods)
      .where(eq(payment_methods.payment_method_id, id));
    expectClean(created!.instructions, sanitizeInstructions);
    await send("PUT", "/api/payment_methods", { payment_method_id: id, instructions: `${HOSTILE}<p>v2</p>` });
    const [updated] = await t.app.db
      .select()
      .from(payment_methods)
      .where(eq(payment_methods.payment_method_id, id));
    expectClean(updated!.instructions, sanitizeInstructions);
  });

  it("plain-text fields keep what was typed (the web shows them as text, never as HTML)", async () => {
    const text = "Yoga & Pilates <para principiantes>";
    const res = await t.app.inject({
      method: "POST",
      url: "/api/class_categories",
      headers: admin,
      payload: { name: "Principiantes", description: text },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(res.json().class_category.description).toBe(text);
  });
});
