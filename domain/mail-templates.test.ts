import { describe, expect, it } from "vitest";
import { MAIL_TEMPLATE_LABELS, mailTemplateLabel } from "./mail-templates";

describe("the outbox names every email in Spanish", () => {
  it("by its kind, also when it carries the id it was sent once for", () => {
    expect(mailTemplateLabel("class_reminder:42")).toBe("Recordatorio de clase");
    expect(mailTemplateLabel("staff-invitation")).toBe("Invitación al equipo");
    expect(mailTemplateLabel("offline-payment")).toBe("Datos para pagar (OXXO, SPEI o efectivo)");
    expect(mailTemplateLabel(null)).toBe("—");
    // An unknown kind (a row from an older version) is never shown as its code.
    expect(mailTemplateLabel("legacy_thing")).toBe("Otro correo");
    for (const label of Object.values(MAIL_TEMPLATE_LABELS)) expect(label).not.toMatch(/[_-]\w|^[a-z]/);
  });
});
