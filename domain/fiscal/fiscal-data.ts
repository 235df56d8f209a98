import { z } from "zod";
import { CATALOG_VERSION, findRegimen, findUso, type PersonType } from "./catalogs";
import { ft } from "./messages";
import { checkRfc, type RfcProblem } from "./rfc";

const RFC_MESSAGES: Record<RfcProblem, Parameters<typeof ft>[0]> = {
  format: "rfcFormat",
  date: "rfcDate",
  checkDigit: "rfcCheckDigit",
  generic: "rfcGeneric",
};

const PERSON_LABEL: Record<PersonType, string> = { fisica: "física", moral: "moral" };

/**
 * A customer's datos de facturación, checked as a whole: the RFC (format, date, check digit,
 * not generic), and the régimen and uso de CFDI against the SAT catalogues (the régimen must fit
 * the person the RFC says, the uso must fit both). Used by the server route and the web form.
 * Each problem is reported on its own field.
 */
export const fiscalDataSchema = z
  .object({
    // Checked on its own so its message shows beside the other fields' (the object's pair checks
    // below only run once every field is fine).
    rfc: z
      .string({ message: ft("rfcRequired") })
      .trim()
      .min(1, { message: ft("rfcRequired") })
      .max(20)
      .transform((value, ctx) => {
        const rfc = checkRfc(value);
        if (rfc.ok) return rfc.rfc;
        ctx.addIssue({ code: "custom", message: ft(RFC_MESSAGES[rfc.problem]) });
        return z.NEVER;
      }),
    razon_social: z
      .string({ message: ft("razonSocialRequired") })
      .trim()
      .min(1, { message: ft("razonSocialRequired") })
      .max(300)
      // CFDI 4.0 compares the name with SAT's register, which is in upper case: collapse the
      // spaces and upper-case it; the words themselves are the person's.
      .transform((v) => v.replace(/\s+/g, " ").toUpperCase()),
    regimen_fiscal: z
      .string({ message: ft("regimenRequired") })
      .trim()
      .min(1, { message: ft("regimenRequired") }),
    codigo_postal: z
      .string({ message: ft("codigoPostal") })
      .trim()
      .regex(/^\d{5}$/, { message: ft("codigoPostal") }),
    uso_cfdi: z
      .string({ message: ft("usoRequired") })
      .trim()
      .min(1, { message: ft("usoRequired") }),
  })
  .transform((data, ctx) => {
    const rfc = checkRfc(data.rfc);
    const regimen = findRegimen(data.regimen_fiscal);
    const uso = findUso(data.uso_cfdi);
    if (!regimen) ctx.addIssue({ code: "custom", path: ["regimen_fiscal"], message: ft("regimenRequired") });
    if (!uso?.forSale) ctx.addIssue({ code: "custom", path: ["uso_cfdi"], message: ft("usoRequired") });
    if (rfc.ok && regimen && !regimen[rfc.person]) {
      ctx.addIssue({
        code: "custom",
        path: ["regimen_fiscal"],
        message: ft("regimenNotForPerson", { person: PERSON_LABEL[rfc.person] }),
      });
    } else if (rfc.ok && uso?.forSale && !uso[rfc.person]) {
      ctx.addIssue({
        code: "custom",
        path: ["uso_cfdi"],
        message: ft("usoNotForPerson", { person: PERSON_LABEL[rfc.person] }),
      });
    } else if (regimen && uso?.forSale && !uso.regimenes.includes(regimen.key)) {
      ctx.addIssue({ code: "custom", path: ["uso_cfdi"], message: ft("usoNotForRegimen") });
    }
    if (!rfc.ok) return z.NEVER; // not reached: the field passed the same check
    return { ...data, rfc: rfc.rfc, person: rfc.person, catalog_version: CATALOG_VERSION };
  });

export type FiscalDataInput = z.input<typeof fiscalDataSchema>;
export type FiscalData = z.output<typeof fiscalDataSchema>;
