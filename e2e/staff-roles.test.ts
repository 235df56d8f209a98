import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiCall, apiSignIn, type Json, STRONG_PASSWORD, signUpCustomer } from "./api";
import { wcagViolations } from "./axe";
import { DESKTOP, launchBrowser, openQuietPage, PHONE, screenshot, signInAs, studioDay } from "./browser";

const baseUrl = inject("baseUrl");

/**
 * Staff roles (decision 0031): the demo's front desk checks a customer in without seeing revenue,
 * and a demo coach runs their class from a 390 px phone (Mis clases, the roster with the note the
 * desk marked for coaches, attendance) and cannot open anything else of the back office.
 */
describe("staff roles", () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let classId = 0;
  let customerName = "";
  let customerId = 0;
  let packTitle = "";
  const note = `Lesión de tobillo izquierdo ${Date.now().toString(36)}`;

  beforeAll(async () => {
    const admin = await apiSignIn("admin@demo.mx");
    const coaches = (await apiCall("/api/instructors", { token: admin })).json.instructors as Json[];
    const santiago = coaches.find((c) => c.name === "Santiago")!;
    const types = (await apiCall("/api/class_types")).json.class_types as Json[];
    const type = types.find((t) => !t.custom_spot_map_id && !t.spot_map) ?? types[0]!;
    // Two days ahead at 10:00 studio time: inside the coach's week whatever the hour the journey runs.
    const created = await apiCall("/api/single_class", {
      method: "POST",
      token: admin,
      body: {
        class_type_id: type.class_type_id,
        class_date: `${studioDay(2)}T10:00`,
        duration_minutes: 50,
        capacity: 12,
        instructor_ids: [santiago.instructor_id],
      },
    });
    classId = created.json.single_class.single_class_id;
    const person = await signUpCustomer("Inés", "Roles");
    customerName = person.name;
    const token = await apiSignIn(person.email, STRONG_PASSWORD);
    const packages = (await apiCall("/api/class_packages/presenciales/all")).json.paquetes as Json[];
    const pack =
      packages.find((p) => !p.is_subscription && !p.is_trial && p.class_amount > 0) ?? packages[0]!;
    packTitle = pack.title;
    await apiCall("/api/customer/giveAccess", {
      method: "POST",
      token: admin,
      body: { customer_id: person.id, class_package_id: pack.class_package_id, is_gift: true },
    });
    await apiCall("/api/class_reservations", {
      method: "POST",
      token,
      body: { single_class_id: classId },
    });
    // A paid counter sale: the owner could refund it, the desk may not (decision 0031).
    await apiCall(`/api/customer/admin/${person.id}/sell`, {
      method: "POST",
      token: admin,
      body: { class_package_id: pack.class_package_id, payment: "cash" },
    });
    customerId = person.id;
    await apiCall(`/api/customer/admin/${person.id}/notes`, {
      method: "POST",
      token: admin,
      body: { body: note, visible_to_coaches: true },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("front desk: customers and check-in, no revenue, settings or team", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, DESKTOP);
    try {
      await signInAs(page, "recepcion@demo.mx", "/admin/clientes");
      const nav = page.getByRole("navigation", { name: "Administración" }).first();
      await expect.poll(() => page.getByRole("link", { name: "Clientes" }).first().isVisible()).toBe(true);
      for (const hidden of ["Panel", "Compras", "Configuración", "Bitácora", "Equipo", "Correos"]) {
        expect(await nav.getByRole("link", { name: hidden, exact: true }).count(), hidden).toBe(0);
      }
      // No exports: the customers table offers no CSV to the desk.
      await expect.poll(() => page.getByRole("table").first().isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "Exportar CSV" }).count()).toBe(0);
      // The dashboard (revenue) is not theirs: /admin takes them to Hoy, their home
      // (docs/product-rules.md#hoy); the API refuses it.
      await page.goto("/admin");
      await page.waitForURL((url) => url.pathname === "/admin/hoy");
      await page.goto("/admin/compras");
      await page.waitForURL((url) => ["/admin/hoy", "/admin/clientes"].includes(url.pathname));
      const dashboard = await page.evaluate(async () => (await fetch("/api/admin/dashboard")).status);
      expect(dashboard).toBe(403);
      // Exporting the whole studio is the owner's alone.
      await page.goto("/admin/clientes");
      await expect.poll(() => page.getByRole("table").first().isVisible()).toBe(true);
      expect(await page.getByRole("link", { name: "Exportar todo" }).count()).toBe(0);

      // Refunds are the owner's and the manager's: the desk sees the sale but no 'Reembolsar'.
      await page.goto(`/admin/clientes/${customerId}`);
      const sale = page.getByRole("row").filter({ hasText: packTitle });
      await expect.poll(() => sale.count()).toBeGreaterThan(0);
      expect(await page.getByRole("button", { name: "Reembolsar" }).count()).toBe(0);
      // Nor merging or closing an account (decision 0056 §5: from the server's permissions table).
      await page.getByRole("button", { name: "Más acciones" }).click();
      await page.getByRole("menuitem").first().waitFor();
      for (const hidden of ["Unir con otra cuenta", "Cerrar cuenta y borrar datos personales"]) {
        expect(await page.getByRole("menuitem", { name: hidden }).count(), hidden).toBe(0);
      }
      await page.keyboard.press("Escape");

      // The schedule is the desk's to read: no new class, copy, substitute, edit, cancel or repeat.
      await page.goto("/admin/horario");
      const firstClass = page.locator("section button").filter({ hasText: "·" }).first();
      await expect.poll(() => firstClass.isVisible()).toBe(true);
      for (const hidden of ["Nueva clase", "Copiar semana", "Sustituir coach"]) {
        expect(await page.getByRole("button", { name: hidden }).count(), hidden).toBe(0);
      }
      expect(await page.getByRole("button", { name: /^Agregar clase/ }).count()).toBe(0);
      await firstClass.click();
      const panel = page.getByRole("dialog");
      await panel.getByRole("link", { name: "Tomar asistencia" }).waitFor();
      for (const hidden of ["Editar", "Cancelar clase", "Repetir"]) {
        expect(await panel.getByRole("button", { name: hidden, exact: true }).count(), hidden).toBe(0);
      }
      await page.keyboard.press("Escape");

      // Check-in works.
      await page.goto(`/admin/clases/${classId}/asistencia`);
      const row = page.getByTestId("attendance-row").filter({ hasText: customerName });
      await expect.poll(() => row.count()).toBe(1);
      await row.getByRole("button", { name: "Asistió", exact: true }).click();
      await expect.poll(() => row.getAttribute("data-status")).toBe("attended");
      await screenshot(page, "staff-front-desk-check-in");
      expect(await wcagViolations(page)).toEqual([]);
      expect(problems.filter((p) => !p.includes("/api/admin/dashboard"))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("coach on a phone: Mis clases, the roster with the desk's note, attendance, nothing else", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, PHONE);
    try {
      await signInAs(page, "santiago@demo.mx", "/admin/mis-clases");
      const card = page.locator(`a[href="/admin/mis-clases/${classId}"]`);
      await expect.poll(() => card.isVisible()).toBe(true);
      await expect.poll(() => card.textContent()).toContain("1 de 12 lugares");
      await screenshot(page, "staff-coach-my-classes-390");
      expect(await wcagViolations(page)).toEqual([]);

      await card.click();
      await page.waitForURL((url) => url.pathname === `/admin/mis-clases/${classId}`);
      const seat = page.getByRole("listitem").filter({ hasText: customerName });
      await expect.poll(() => seat.textContent()).toContain(note);
      const attended = seat.getByRole("switch", { name: "Asistió" });
      // The desk already checked Inés in; the coach corrects it and marks her again.
      await expect.poll(() => attended.isChecked()).toBe(true);
      await attended.click({ force: true });
      // Taking it back asks first, as at the desk.
      await page
        .getByRole("dialog", { name: "Quitar asistencia" })
        .getByRole("button", { name: "Quitar asistencia" })
        .click();
      await expect.poll(() => attended.isChecked()).toBe(false);
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
      await attended.click({ force: true });
      await expect.poll(() => attended.isChecked()).toBe(true);
      await screenshot(page, "staff-coach-roster-390");
      expect(await wcagViolations(page)).toEqual([]);

      // Nothing else of the back office: customers send them back, the API refuses.
      await page.goto("/admin/clientes");
      await page.waitForURL((url) => url.pathname === "/admin/mis-clases");
      const customers = await page.evaluate(async () => (await fetch("/api/customer/admin/all")).status);
      expect(customers).toBe(403);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("owner: Equipo lists the demo team with their roles and invites by email", async () => {
    const { page, context, problems } = await openQuietPage(browser, baseUrl, PHONE);
    try {
      await signInAs(page, "admin@demo.mx", "/admin/equipo");
      await expect.poll(() => page.getByRole("row").filter({ hasText: "recepcion@demo.mx" }).count()).toBe(1);
      await page.getByRole("textbox", { name: /^Correo/ }).fill(`nuevo.coach.${Date.now()}@prueba.mx`);
      await page.getByRole("button", { name: "Enviar invitación" }).click();
      await expect.poll(() => page.getByText("Invitaciones pendientes").isVisible()).toBe(true);
      await screenshot(page, "staff-owner-team-390");
      expect(await wcagViolations(page)).toEqual([]);
      // "Exportar todo" is where an owner looks: the Panel, Configuración and the Bitácora.
      for (const path of ["/admin", "/admin/configuracion", "/admin/bitacora"]) {
        await page.goto(path);
        const exportAll = page.getByRole("link", { name: "Exportar todo" });
        await expect.poll(() => exportAll.count(), { message: path }).toBe(1);
        expect(await exportAll.getAttribute("href"), path).toBe("/api/admin/studio-export");
      }
      await screenshot(page, "staff-owner-export-audit-390");
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
