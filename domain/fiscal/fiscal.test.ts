import { describe, expect, it } from "vitest";
import { REGIMENES_FISCALES, USOS_CFDI, usosFor } from "./catalogs";
import { fiscalDataSchema } from "./fiscal-data";
import { effectiveIvaRate, ivaBreakdown } from "./iva";
import { fiscalMessages } from "./messages";
import { checkRfc, normalizeRfc, rfcCheckDigit } from "./rfc";

describe("RFC", () => {
  it("accepts valid RFCs of personas físicas and morales (SAT's own, the PAC test one)", () => {
    expect(checkRfc("GODE561231GR8")).toEqual({ ok: true, rfc: "GODE561231GR8", person: "fisica" });
    expect(checkRfc("SAT970701NN3")).toEqual({ ok: true, rfc: "SAT970701NN3", person: "moral" });
    expect(checkRfc("EKU9003173C9")).toEqual({ ok: true, rfc: "EKU9003173C9", person: "moral" });
    expect(checkRfc("MAB9307148T4")).toMatchObject({ ok: true, person: "moral" });
  });

  it("normalizes what people type: lower case, spaces, dashes", () => {
    expect(normalizeRfc(" gode-561231 gr8 ")).toBe("GODE561231GR8");
    expect(checkRfc("gode-561231-gr8")).toMatchObject({ ok: true, rfc: "GODE561231GR8" });
  });

  it("refuses a wrong check digit", () => {
    expect(checkRfc("GODE561231GR9")).toEqual({ ok: false, problem: "checkDigit" });
    expect(checkRfc("SAT970701NN4")).toEqual({ ok: false, problem: "checkDigit" });
    expect(rfcCheckDigit("SAT970701NN")).toBe("3");
  });

  it("refuses the generic RFCs for a personal invoice", () => {
    expect(checkRfc("XAXX010101000")).toEqual({ ok: false, problem: "generic" });
    expect(checkRfc("xexx010101000")).toEqual({ ok: false, problem: "generic" });
  });

  it("refuses bad formats and impossible dates", () => {
    for (const bad of [
      "",
      "GODE561231GR",
      "GODE561231GR88",
      "G0DE561231GR8",
      "GODE5612X1GR8",
      "AB9307148T4",
    ]) {
      expect(checkRfc(bad)).toEqual({ ok: false, problem: "format" });
    }
    expect(checkRfc("GODE561331GR8")).toEqual({ ok: false, problem: "date" });
    expect(checkRfc("GODE560230GR8")).toEqual({ ok: false, problem: "date" });
  });
});

describe("SAT catalogues", () => {
  it("every uso names regímenes that exist", () => {
    const keys = new Set(REGIMENES_FISCALES.map((r) => r.key));
    for (const uso of USOS_CFDI) for (const r of uso.regimenes) expect(keys.has(r)).toBe(true);
  });

  it("offers a persona física with sueldos y salarios the personal deductions and S01, not G03", () => {
    const keys = usosFor("fisica", "605").map((u) => u.key);
    expect(keys).toContain("D01");
    expect(keys).toContain("S01");
    expect(keys).not.toContain("G03");
    expect(keys).not.toContain("CN01");
    expect(usosFor("moral", "601").map((u) => u.key)).not.toContain("D01");
  });
});

describe("fiscal data", () => {
  const good = {
    rfc: "gode561231gr8",
    razon_social: "  Ana   García ",
    regimen_fiscal: "612",
    codigo_postal: "06700",
    uso_cfdi: "G03",
  };

  it("accepts a coherent set and normalizes it", () => {
    const parsed = fiscalDataSchema.parse(good);
    expect(parsed).toMatchObject({ rfc: "GODE561231GR8", razon_social: "ANA GARCÍA", person: "fisica" });
    expect(parsed.catalog_version).toMatch(/^cfdi40-/);
  });

  function problems(input: object): Record<string, string> {
    const result = fiscalDataSchema.safeParse(input);
    if (result.success) return {};
    return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
  }

  it("says which field is wrong, in Spanish", () => {
    expect(problems({ ...good, rfc: "XAXX010101000" })).toEqual({ rfc: fiscalMessages.rfcGeneric });
    expect(problems({ ...good, rfc: "GODE561231GR9" })).toEqual({ rfc: fiscalMessages.rfcCheckDigit });
    expect(problems({ ...good, codigo_postal: "0670" })).toEqual({
      codigo_postal: fiscalMessages.codigoPostal,
    });
    expect(problems({ ...good, razon_social: " " })).toEqual({
      razon_social: fiscalMessages.razonSocialRequired,
    });
  });

  it("refuses régimen and uso pairs the catalogue does not allow", () => {
    // 601 is for personas morales only.
    expect(problems({ ...good, regimen_fiscal: "601" })).toEqual({
      regimen_fiscal: "Este régimen fiscal no corresponde a una persona física.",
    });
    // Personal deductions are for personas físicas.
    expect(problems({ ...good, rfc: "SAT970701NN3", regimen_fiscal: "601", uso_cfdi: "D01" })).toEqual({
      uso_cfdi: "Este uso de CFDI no corresponde a una persona moral.",
    });
    // Sueldos y salarios (605) may not use Gastos en general.
    expect(problems({ ...good, regimen_fiscal: "605", uso_cfdi: "G03" })).toEqual({
      uso_cfdi: fiscalMessages.usoNotForRegimen,
    });
    // Nómina is never offered on a sale; unknown keys are refused.
    expect(problems({ ...good, regimen_fiscal: "605", uso_cfdi: "CN01" })).toEqual({
      uso_cfdi: fiscalMessages.usoRequired,
    });
    expect(problems({ ...good, regimen_fiscal: "999" })).toEqual({
      regimen_fiscal: fiscalMessages.regimenRequired,
    });
  });
});

describe("IVA", () => {
  it("splits a price with IVA 16 % included, in centavos, parts adding up to the total", () => {
    expect(ivaBreakdown(116000)).toEqual({ rate: "16", subtotal: 100000, iva: 16000, total: 116000 });
    // 1,250.00 / 1.16 = 1,077.586… → 1,077.59; IVA 172.41.
    expect(ivaBreakdown(125000)).toEqual({ rate: "16", subtotal: 107759, iva: 17241, total: 125000 });
    expect(ivaBreakdown(1)).toEqual({ rate: "16", subtotal: 1, iva: 0, total: 1 });
    expect(ivaBreakdown(0)).toEqual({ rate: "16", subtotal: 0, iva: 0, total: 0 });
    for (let cents = 0; cents < 5000; cents += 7) {
      const b = ivaBreakdown(cents);
      expect(b.subtotal + b.iva).toBe(cents);
      // IVA computed the CFDI way (base × 16 %, rounded) is within one centavo of ours.
      expect(Math.abs(Math.round(b.subtotal * 0.16) - b.iva)).toBeLessThanOrEqual(1);
    }
  });

  it("8 % border rate, 0 % and exento", () => {
    expect(ivaBreakdown(108000, "8")).toMatchObject({ subtotal: 100000, iva: 8000 });
    expect(ivaBreakdown(50000, "0")).toMatchObject({ subtotal: 50000, iva: 0 });
    expect(ivaBreakdown(50000, "exento")).toMatchObject({ subtotal: 50000, iva: 0 });
  });

  it("a refund (negative amount) splits symmetrically", () => {
    expect(ivaBreakdown(-125000)).toEqual({ rate: "16", subtotal: -107759, iva: -17241, total: -125000 });
  });

  it("the purchase's rate wins over the package's, the default fills in", () => {
    expect(effectiveIvaRate("exento", "16")).toBe("exento");
    expect(effectiveIvaRate(null, "8")).toBe("8");
    expect(effectiveIvaRate(null, undefined)).toBe("16");
  });
});
