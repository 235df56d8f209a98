import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { actionLabel, detailsText, fieldLabel } from "./components/audit-table";
import { adminCopy } from "./copy";

/** Every non-test source file of the server's modules (what writes the Bitácora). */
function serverSources(): string[] {
  const root = path.resolve(__dirname, "../../../server/modules");
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .map((file) => readFileSync(path.join(root, file), "utf8"));
}

const CODE = /^[a-z]+[._][a-z_.]+$/;

describe("the Bitácora speaks Spanish", () => {
  const sources = serverSources();

  it("names every action the server records", () => {
    const actions = new Set<string>();
    for (const text of sources) {
      for (const m of text.matchAll(
        /action: (?:[\w.]+ \? )?"([a-z_]+\.[a-z_]+)"(?: : "([a-z_]+\.[a-z_]+)")?/g,
      )) {
        actions.add(m[1]!);
        if (m[2]) actions.add(m[2]);
      }
    }
    expect(actions.size).toBeGreaterThan(30);
    // Built ones: attendance states and catalogue or schedule changes.
    for (const status of ["pending", "attended", "no_show", "late_cancel"])
      actions.add(`attendance.${status}`);
    for (const entity of Object.keys(adminCopy.audit.entities)) {
      for (const verb of ["create", "update", "delete"]) actions.add(`${entity}.${verb}`);
    }
    for (const verb of ["cancel", "repeat", "copy_week"]) actions.add(`single_class.${verb}`);
    actions.add("instructor.substitute");
    const unnamed = [...actions].filter(
      (a) => actionLabel(a) === adminCopy.audit.other || CODE.test(actionLabel(a)),
    );
    expect(unnamed).toEqual([]);
  });

  it("names every field of the details the server writes", () => {
    const keys = new Set<string>();
    for (const text of sources) {
      for (const m of text.matchAll(/(?:details|before|after): \{([^{}]*)\}/g)) {
        // An error's details (AppError.of(..., { details })) answer the request; they are not logged.
        if (text.slice(Math.max(0, m.index - 80), m.index).includes("AppError")) continue;
        for (const k of m[1]!.matchAll(/(?:^|,)\s*(?:\.\.\.\([^)]*\)|\.\.\.\w+|(\w+)\s*(?::|,|$))/g)) {
          // before/after hold the change itself (shown as "Campo: antes → después").
          if (k[1] && k[1] !== "before" && k[1] !== "after") keys.add(k[1]);
        }
      }
    }
    expect(keys.size).toBeGreaterThan(30);
    const unnamed = [...keys].filter((k) => fieldLabel(k) === adminCopy.audit.other);
    expect(unnamed).toEqual([]);
  });

  it("shows roles, payments, states and dates in Spanish, never their codes", () => {
    const role = detailsText({
      email: "ana@demo.mx",
      before: { role: "front_desk" },
      after: { role: "manager" },
    });
    expect(role).toBe("Correo: ana@demo.mx · Rol: Recepción → Gerente");
    const sale = detailsText({ title: "5 Clases", bill: 450, payment: "Efectivo", payment_method_id: 3 });
    expect(sale).toContain("Pago: Efectivo");
    expect(sale).not.toMatch(/payment/);
    const attendance = detailsText({ single_class_id: 7, before: "pending", after: "no_show" });
    expect(attendance).toBe("Clase: 7 · Asistencia: Pendiente → No asistió");
    const frozen = detailsText({ frozen_from: "2026-03-01T06:00:00.000Z" }, "America/Mexico_City");
    expect(frozen).not.toContain("T06:00");
    expect(detailsText({ title: "Mensual", previous_status: "active" })).toBe(
      "Título: Mensual · Estado anterior: Activa",
    );
    expect(actionLabel("class_package.update")).toBe("Edición · Paquete");
  });
});
