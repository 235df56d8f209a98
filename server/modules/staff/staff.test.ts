import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { STAFF_ACTIONS } from "../../../domain/staff-actions";
import { user, verification } from "../../db/schema/auth";
import { instructors, single_class_instructors } from "../../db/schema/calendar";
import { customer_notes } from "../../db/schema/customers";
import { setup_claims, staff_invitations } from "../../db/schema/staff";
import { PERMISSIONS, permissionFor, roleAllowed } from "../../plugins/permissions";
import { book, DAY, makeClass, makeCustomer, makeStudio, type Studio } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { TEST_PASSWORD } from "../../test/customers";
import { issueSetupCode } from "./staff.service";

let t: TestApp;
let mailDir: string;
let owner: { headers: Record<string, string>; userId: string };
let studio: Studio;
beforeAll(async () => {
  mailDir = mkdtempSync(path.join(os.tmpdir(), "estudio-equipo-"));
  t = await buildTestApp({ MAIL_DIR: mailDir });
  owner = await t.signUp({ role: "owner", name: "Olga Dueña" });
  studio = await makeStudio(t.app);
});
afterAll(async () => {
  await t.close();
  rmSync(mailDir, { recursive: true, force: true });
});

/** The newest invitation link written to this address. */
function invitationToken(to: string): string {
  const mails = readdirSync(mailDir)
    .sort()
    .reverse()
    .map((f) => JSON.parse(readFileSync(path.join(mailDir, f), "utf8")) as { to: string; text: string });
  const mail = mails.find((m) => m.to === to)!;
  const link = mail.text.match(/https?:\/\/\S+\/equipo\/invitacion\?token=\S+/)![0];
  return new URL(link).searchParams.get("token")!;
}

const signIn = async (email: string, password = TEST_PASSWORD) => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email, password },
  });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.headers["set-auth-token"]}` };
};

const invite = (payload: Record<string, unknown>, headers = owner.headers) =>
  t.app.inject({ method: "POST", url: "/api/staff/invitations", headers, payload });
const accept = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/staff/invitation/accept", payload });

describe("staff invitations and roles", () => {
  it("the owner invites a front desk by email; the link works once and the new login gets the desk's access", async () => {
    const email = `recepcion.${Date.now()}@prueba.mx`;
    const sent = await invite({ email, role: "front_desk" });
    expect(sent.statusCode).toBe(200);
    const token = invitationToken(email);
    // The database keeps only a hash of the link's secret.
    const secret = token.split(".")[1]!;
    const stored = await t.app.inject({ method: "GET", url: "/api/staff", headers: owner.headers });
    expect(JSON.stringify(stored.json())).not.toContain(secret);

    const seen = await t.app.inject({
      method: "GET",
      url: `/api/staff/invitation?token=${encodeURIComponent(token)}`,
    });
    expect(seen.json()).toMatchObject({ email, role: "front_desk", has_account: false });

    const weak = await accept({ token, name: "Rita Recepción", password: "123" });
    expect(weak.statusCode).toBe(400);
    const ok = await accept({ token, name: "Rita Recepción", password: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
    const again = await accept({ token, name: "Otra Persona", password: TEST_PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("INVALID_TOKEN");

    const desk = await signIn(email);
    const session = await t.app.inject({ method: "GET", url: "/api/session", headers: desk });
    expect(session.json().customer).toMatchObject({ role: "admin", staff_role: "front_desk" });
    expect(
      (await t.app.inject({ method: "GET", url: "/api/customer/admin/all", headers: desk })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/admin/dashboard", headers: desk })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/staff", headers: desk })).statusCode).toBe(403);
  });

  it("a customer of the studio accepts with their own password and stays a customer with the same login", async () => {
    const customer = await makeCustomer(t, { credits: 1 });
    expect(
      (await invite({ email: customer.email, role: "coach", instructor_id: studio.coach.instructor_id }))
        .statusCode,
    ).toBe(200);
    const token = invitationToken(customer.email);
    const seen = await t.app.inject({
      method: "GET",
      url: `/api/staff/invitation?token=${encodeURIComponent(token)}`,
    });
    expect(seen.json().has_account).toBe(true);
    expect((await accept({ token, password: "no-es-la-mia-99" })).statusCode).toBe(400);
    expect((await accept({ token, password: "secreto123" })).statusCode).toBe(200);
    const session = await t.app.inject({ method: "GET", url: "/api/session", headers: customer.headers });
    expect(session.json().customer).toMatchObject({
      customer_id: customer.customerId,
      role: "customer",
      staff_role: "coach",
    });
    // Still a customer: their own account pages answer.
    expect(
      (await t.app.inject({ method: "GET", url: "/api/customer", headers: customer.headers })).statusCode,
    ).toBe(200);
    const [linked] = await t.app.db
      .select()
      .from(instructors)
      .where(eq(instructors.instructor_id, studio.coach.instructor_id));
    expect(linked!.user_id).not.toBeNull();
  });

  it("a withdrawn or expired invitation does not work; only the owner invites", async () => {
    const email = `retirada.${Date.now()}@prueba.mx`;
    const sent = (await invite({ email, role: "manager" })).json();
    const token = invitationToken(email);
    const withdrawn = await t.app.inject({
      method: "DELETE",
      url: `/api/staff/invitations/${sent.staff_invitation_id}`,
      headers: owner.headers,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((await accept({ token, name: "Mara Gerente", password: TEST_PASSWORD })).json().code).toBe(
      "INVALID_TOKEN",
    );
    // An expired link (a week has passed) is refused too.
    const lateEmail = `tarde.${Date.now()}@prueba.mx`;
    const late = (await invite({ email: lateEmail, role: "coach" })).json();
    await t.app.db
      .update(staff_invitations)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(staff_invitations.staff_invitation_id, late.staff_invitation_id));
    const expired = await accept({
      token: invitationToken(lateEmail),
      name: "Tere Tarde",
      password: TEST_PASSWORD,
    });
    expect(expired.json().code).toBe("INVALID_TOKEN");
    const manager = await t.signUp({ role: "manager" });
    expect(
      (await invite({ email: `x.${Date.now()}@prueba.mx`, role: "coach" }, manager.headers)).statusCode,
    ).toBe(403);
    expect((await accept({ token: "12.nada", password: TEST_PASSWORD })).json().code).toBe("INVALID_TOKEN");
  });

  it("the owner changes a role and removes access; the last owner cannot be demoted", async () => {
    const person = await t.signUp({ role: "manager" });
    const change = await t.app.inject({
      method: "PUT",
      url: `/api/staff/${person.userId}/role`,
      headers: owner.headers,
      payload: { role: "front_desk" },
    });
    expect(change.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/admin/dashboard", headers: person.headers }))
        .statusCode,
    ).toBe(403);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/staff/${person.userId}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/customer/admin/all", headers: person.headers }))
        .statusCode,
    ).toBe(403);

    const self = await t.app.inject({
      method: "PUT",
      url: `/api/staff/${owner.userId}/role`,
      headers: owner.headers,
      payload: { role: "manager" },
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe("LAST_OWNER");
  });

  it("the audit log names who made each change and filters by person", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/admin/audit?actor_user_id=${owner.userId}`,
      headers: owner.headers,
    });
    const entries = res.json().entries as { actor_name: string; actor_role: string; action: string }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.actor_name === "Olga Dueña" && e.actor_role === "owner")).toBe(true);
    expect(entries.map((e) => e.action)).toContain("staff.invite");
    const actors = await t.app.inject({
      method: "GET",
      url: "/api/admin/audit/actors",
      headers: owner.headers,
    });
    expect(actors.json().actors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ user_id: owner.userId, name: "Olga Dueña", role: "owner" }),
      ]),
    );
  });
});

describe("a coach's day", () => {
  it("Mis clases lists only their classes with bookings and waitlist; the roster shows notes marked for coaches", async () => {
    const coachLogin = await t.signUp({ role: "coach", name: "Carla Coach" });
    const [profile] = await t.app.db
      .insert(instructors)
      .values({ name: "Carla", last_name: "Coach", user_id: coachLogin.userId })
      .returning();
    const start = new Date(Date.now() + DAY);
    const mine = await makeClass(t.app, studio, { at: start, capacity: 1 });
    await t.app.db
      .update(single_class_instructors)
      .set({ instructor_id: profile!.instructor_id })
      .where(eq(single_class_instructors.single_class_id, mine.single_class_id));
    const other = await makeClass(t.app, studio, { at: start, capacity: 5 });

    const customer = await makeCustomer(t, { credits: 2 });
    expect((await book(t, customer.headers, { single_class_id: mine.single_class_id })).statusCode).toBe(200);
    await t.app.db.insert(customer_notes).values([
      { customer_id: customer.customerId, body: "Lesión de rodilla izquierda", visible_to_coaches: true },
      { customer_id: customer.customerId, body: "Debe un pago", visible_to_coaches: false },
    ]);

    const from = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" }).format(start);
    const list = await t.app.inject({
      method: "GET",
      url: `/api/staff/me/classes?from=${from}&days=1`,
      headers: coachLogin.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().classes.map((c: { single_class_id: number }) => c.single_class_id)).toEqual([
      mine.single_class_id,
    ]);
    expect(list.json().classes[0]).toMatchObject({ booked: 1, waiting: 0 });

    const roster = await t.app.inject({
      method: "GET",
      url: `/api/staff/me/classes/${mine.single_class_id}/roster`,
      headers: coachLogin.headers,
    });
    expect(roster.statusCode).toBe(200);
    const seat = roster.json().seats[0];
    expect(seat.notes.map((n: { body: string }) => n.body)).toEqual(["Lesión de rodilla izquierda"]);

    // Attendance on their own class; nothing on another coach's class.
    const attend = await t.app.inject({
      method: "PUT",
      url: `/api/admin/class_reservations/${seat.class_reservation_id}/attend`,
      headers: coachLogin.headers,
      payload: { attend: true },
    });
    expect(attend.statusCode).toBe(200);
    for (const url of [
      `/api/staff/me/classes/${other.single_class_id}/roster`,
      `/api/admin/single_class/${other.single_class_id}/attendance`,
    ]) {
      const res = await t.app.inject({ method: "GET", url, headers: coachLogin.headers });
      expect(res.statusCode, url).toBe(403);
    }
    expect(
      (await t.app.inject({ method: "GET", url: "/api/customer/admin/all", headers: coachLogin.headers }))
        .statusCode,
    ).toBe(403);

    const profileRes = await t.app.inject({
      method: "PUT",
      url: "/api/staff/me/profile",
      headers: coachLogin.headers,
      payload: { short_bio: "Coach de cycling desde 2015.", instagram: " @coach.pedalea " },
    });
    expect(profileRes.statusCode).toBe(200);
    // Instagram is kept as the bare handle (product-rules.md#profile).
    expect(profileRes.json()).toMatchObject({
      instructor: { short_bio: "Coach de cycling desde 2015.", instagram: "coach.pedalea" },
      ratings: { count: 0, average: null },
    });
  });
});

describe("the first owner of an empty studio", () => {
  it("is offered once, and two attempts at the same time create one owner", async () => {
    const empty = await buildTestApp();
    try {
      const open = await empty.app.inject({ method: "GET", url: "/api/setup/first-owner" });
      expect(open.json()).toEqual({ open: true });
      // Decision 0054: the page needs the code the server printed at start-up.
      const code = await issueSetupCode(empty.app.db);
      expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      const withCode = (setup_code: string | undefined, n = 0) =>
        empty.app.inject({
          method: "POST",
          url: "/api/setup/first-owner",
          payload: {
            name: `Dueña ${n}`,
            email: `duena${n}@prueba.mx`,
            password: TEST_PASSWORD,
            ...(setup_code === undefined ? {} : { setup_code }),
          },
        });
      const none = await withCode(undefined);
      expect(none.statusCode).toBe(400);
      expect(none.json().fields.setup_code).toBe(messages.setupCodeRequired);
      for (const wrong of ["AAAA-BBBB-CCCC", `${code}X`, "x"]) {
        const refused = await withCode(wrong);
        expect(refused.statusCode, wrong).toBe(403);
        expect(refused.json()).toMatchObject({
          code: "SETUP_CODE_INVALID",
          message: messages.setupCodeInvalid,
          fields: { setup_code: messages.setupCodeInvalid },
        });
      }
      // An expired code no longer opens it.
      const old = await issueSetupCode(empty.app.db, new Date(Date.now() - 25 * 60 * 60 * 1000));
      expect((await withCode(old)).statusCode).toBe(403);
      expect(await empty.app.db.select().from(user)).toHaveLength(0);
      // Typed as people copy it: lower case, spaces for dashes.
      const typed = code.toLowerCase().replaceAll("-", " ");
      const attempt = (n: number) => withCode(typed, n);
      const results = await Promise.all([attempt(1), attempt(2)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const owners = await empty.app.db.select().from(user).where(eq(user.role, "owner"));
      expect(owners).toHaveLength(1);
      expect((await empty.app.inject({ method: "GET", url: "/api/setup/first-owner" })).json()).toEqual({
        open: false,
      });
      // Closed for good: even with no owner left, the claim stays.
      await empty.app.db.update(user).set({ role: "customer" });
      expect((await empty.app.inject({ method: "GET", url: "/api/setup/first-owner" })).json()).toEqual({
        open: false,
      });
      expect(await empty.app.db.select().from(setup_claims)).toHaveLength(1);
      expect((await attempt(3)).statusCode).toBe(409);
      // The codes are spent with the door.
      expect(
        await empty.app.db.select().from(verification).where(eq(verification.identifier, "first-owner-code")),
      ).toHaveLength(0);
    } finally {
      await empty.close();
    }
  });
});

describe("what the web shows each role comes from the permissions table (decision 0031)", () => {
  it("every action the web gates is a route of the table", () => {
    for (const route of Object.values(STAFF_ACTIONS))
      expect(Object.keys(PERMISSIONS), route).toContain(route);
  });

  it("GET /api/staff/me/permissions answers each role exactly the routes the server lets it call", async () => {
    for (const role of ["owner", "manager", "front_desk", "coach"] as const) {
      const me = await t.signUp({ role });
      const res = await t.app.inject({ url: "/api/staff/me/permissions", headers: me.headers });
      expect(res.statusCode, role).toBe(200);
      const { allowed, staff_role } = res.json() as { allowed: string[]; staff_role: string };
      expect(staff_role).toBe(role);
      const expected = Object.keys(PERMISSIONS)
        .filter((key) => {
          const [method, url] = key.split(" ") as [string, string];
          return roleAllowed(role, permissionFor(method, url));
        })
        .sort();
      expect(allowed, role).toEqual(expected);
      // Decision 0056 §5's examples: the desk edits no class, substitutes no coach, closes no
      // account; the manager closes no account.
      if (role === "front_desk") {
        for (const action of [
          "editClass",
          "cancelClass",
          "repeatClass",
          "substitute",
          "closeAccount",
        ] as const)
          expect(allowed, action).not.toContain(STAFF_ACTIONS[action]);
      }
      if (role === "manager") expect(allowed).not.toContain(STAFF_ACTIONS.closeAccount);
    }
    const customer = await t.signUp();
    expect(
      (await t.app.inject({ url: "/api/staff/me/permissions", headers: customer.headers })).statusCode,
    ).toBe(403);
  });
});
