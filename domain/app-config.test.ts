import { describe, expect, it } from "vitest";
import { legalLine } from "./app-config";

const rights = "Todos los derechos reservados.";

describe("the footer's legal line", () => {
  it("has one period after the razón social, also when it ends in one", () => {
    expect(legalLine({ name: "Pulso", business_name: "Estudio Pulso S.A. de C.V." }, 2026, rights)).toBe(
      "© 2026 Estudio Pulso S.A. de C.V. Todos los derechos reservados.",
    );
    expect(legalLine({ name: "Pulso", business_name: " Estudio Pulso SAPI " }, 2026, rights)).toBe(
      "© 2026 Estudio Pulso SAPI. Todos los derechos reservados.",
    );
    expect(legalLine({ name: "Pulso", business_name: "" }, 2026, rights)).toBe(
      "© 2026 Pulso. Todos los derechos reservados.",
    );
  });
});
