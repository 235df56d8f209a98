import { type PersonType, regimenesFor, usosFor } from "../../../../domain/fiscal/catalogs";
import { normalizeRfc } from "../../../../domain/fiscal/rfc";
import type { FiscalData } from "../api";

/** The fields of 'Datos de facturación' as typed. */
export type FiscalForm = {
  rfc: string;
  razon_social: string;
  regimen_fiscal: string;
  codigo_postal: string;
  uso_cfdi: string;
};

/** The form filled with the saved data, or empty. */
export const fiscalFormOf = (d: FiscalData | null | undefined): FiscalForm => ({
  rfc: d?.rfc ?? "",
  razon_social: d?.razon_social ?? "",
  regimen_fiscal: d?.regimen_fiscal ?? "",
  codigo_postal: d?.codigo_postal ?? "",
  uso_cfdi: d?.uso_cfdi ?? "",
});

/** What the RFC typed so far says: 13 characters a persona física, 12 a moral, else unknown. */
function personOf(rfc: string): PersonType | null {
  const n = normalizeRfc(rfc).length;
  return n === 13 ? "fisica" : n === 12 ? "moral" : null;
}

/**
 * The régimenes the RFC allows and the usos the régimen allows (SAT catalogues); while the RFC
 * does not yet say física or moral, both lists.
 */
export function fiscalOptions(form: FiscalForm) {
  const person = personOf(form.rfc);
  const regimenes = regimenesFor(person ?? "fisica").concat(
    person ? [] : regimenesFor("moral").filter((r) => !r.fisica),
  );
  const usos = form.regimen_fiscal ? usosFor(person ?? "fisica", form.regimen_fiscal) : [];
  if (!person && form.regimen_fiscal) {
    for (const u of usosFor("moral", form.regimen_fiscal)) if (!usos.includes(u)) usos.push(u);
  }
  return { regimenes, usos };
}

/** The form with one field changed. */
export function withField(form: FiscalForm, k: keyof FiscalForm, value: string): FiscalForm {
  const next = { ...form, [k]: value };
  // A régimen or RFC that no longer allows the chosen uso empties it rather than keep a wrong pair.
  if (k !== "uso_cfdi" && k !== "razon_social" && k !== "codigo_postal") {
    const p = personOf(next.rfc) ?? "fisica";
    if (next.uso_cfdi && !usosFor(p, next.regimen_fiscal).some((u) => u.key === next.uso_cfdi)) {
      next.uso_cfdi = "";
    }
  }
  return next;
}
