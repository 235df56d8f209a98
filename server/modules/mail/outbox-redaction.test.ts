import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { email_outbox } from "../../db/schema/mail";
import { REDACTED } from "../../plugins/mail-redaction";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { signUpCustomer } from "../../test/customers";
import { testDriver } from "../../test/test-driver";

/**
 * Outbox redaction (decision 0018): nothing in the back office lets staff become a customer. The
 * outbox never shows a working secret (reset and email-confirmation links are hidden in what is
 * stored and in what the admin API returns) while the email itself goes out whole; better-auth's
 * own admin endpoints (ban, remove, set password, impersonate...) are closed.
 */
describe(`outbox redaction and closed admin endpoints (${testDriver()})`, () => {
  let t: TestApp;
  let admin: { headers: Record<string, string>; userId: string };
  let mailDir: string;
  beforeAll(async () => {
    mailDir = mkdtempSync(path.join(os.tmpdir(), "estudio-correo-"));
    t = await buildTestApp({ MAIL_DIR: mailDir });
    admin = await t.signUp({ role: "admin" });
  });
  afterAll(async () => {
    await t.close();
    rmSync(mailDir, { recursive: true, force: true });
  });

  const outbox = async (to: string) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/admin/outbox?to=${encodeURIComponent(to)}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json().emails as { text: string; html: string; template: string }[];
  };
  const delivered = (to: string) =>
    readdirSync(mailDir)
      .map(
        (f) =>
          JSON.parse(readFileSync(path.join(mailDir, f), "utf8")) as {
            to: string;
            text: string;
            html: string;
          },
      )
      .filter((m) => m.to === to);

  it("a password-reset link is delivered whole, but neither stored nor shown to the admin", async () => {
    const { payload } = await signUpCustomer(t);
    await t.app.inject({ method: "POST", url: "/api/customer/recover", payload: { email: payload.email } });
    const [sent] = delivered(payload.email);
    const link = sent!.text.match(/https?:\/\/\S+\/restablecer\?token=\S+/)![0];
    const token = new URL(link).searchParams.get("token")!;
    expect(token).toMatch(/^[A-Za-z0-9]{24}$/);

    const [shown] = await outbox(payload.email);
    expect(shown!.template).toBe("password-reset");
    for (const body of [shown!.text, shown!.html]) {
      expect(body).not.toContain(token);
      expect(body).toContain(REDACTED);
    }
    const [stored] = await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, payload.email));
    expect(`${stored!.text}${stored!.html}`).not.toContain(token);
    // The link still works for its recipient.
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "Ranas-Verdes-Nadan-48" },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it("an email-change confirmation link is hidden from the admin too", async () => {
    const { headers } = await signUpCustomer(t);
    const newEmail = `oculto.${Date.now()}@prueba.mx`;
    await t.app.inject({ method: "POST", url: "/api/customer/email", headers, payload: { email: newEmail } });
    const [sent] = delivered(newEmail);
    const token = new URL(
      sent!.text.match(/https?:\/\/\S+\/confirmar-correo\?token=\S+/)![0],
    ).searchParams.get("token")!;
    const [shown] = await outbox(newEmail);
    expect(`${shown!.text}${shown!.html}`).not.toContain(token.split(".")[1]!);
    expect(shown!.text).toContain(REDACTED);
  });

  it("rows written before redaction are hidden when read", async () => {
    await t.app.db.insert(email_outbox).values({
      to: "antiguo@prueba.mx",
      subject: "Restablece tu contraseña",
      text: "Abre http://localhost:3000/restablecer?token=AbCdEfGhIjKlMnOpQrStUvWx",
      html: '<a href="http://localhost:3000/restablecer?token=AbCdEfGhIjKlMnOpQrStUvWx">Restablecer</a>',
      template: "password-reset",
    });
    const [shown] = await outbox("antiguo@prueba.mx");
    expect(`${shown!.text}${shown!.html}`).not.toContain("AbCdEfGhIjKlMnOpQrStUvWx");
  });

  it("better-auth's admin endpoints answer 404 to an administrator, and change nothing", async () => {
    const victim = await signUpCustomer(t);
    const { userId } = await t.signUp();
    const calls: [string, string, Record<string, unknown>][] = [
      ["POST", "/api/auth/admin/impersonate-user", { userId }],
      ["POST", "/api/auth/admin/set-user-password", { userId, newPassword: "Ranas-Verdes-Nadan-48" }],
      ["POST", "/api/auth/admin/ban-user", { userId }],
      ["POST", "/api/auth/admin/unban-user", { userId }],
      ["POST", "/api/auth/admin/remove-user", { userId }],
      ["POST", "/api/auth/admin/set-role", { userId, role: "admin" }],
      [
        "POST",
        "/api/auth/admin/create-user",
        { email: "x@prueba.mx", password: "Ranas-Verdes-Nadan-48", name: "X" },
      ],
      ["POST", "/api/auth/admin/update-user", { userId, data: { email: "y@prueba.mx" } }],
      ["POST", "/api/auth/admin/revoke-user-sessions", { userId }],
      ["GET", "/api/auth/admin/list-users", {}],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({
        method: method as "GET" | "POST",
        url,
        headers: admin.headers,
        ...(method === "POST" ? { payload } : {}),
      });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe("NOT_FOUND");
    }
    const me = await t.app.inject({ method: "GET", url: "/api/customer", headers: victim.headers });
    expect(me.statusCode).toBe(200);
  });
});
