import { z } from "zod";
import { fiscalDataSchema } from "../fiscal/fiscal-data";
import { isoDate } from "./wire";

/** The signed-in customer's datos de facturación (server/modules/fiscal, issue 20.1). */

export const fiscalDataOut = z.object({
  rfc: z.string(),
  person: z.enum(["fisica", "moral"]),
  razon_social: z.string(),
  regimen_fiscal: z.string(),
  regimen_fiscal_text: z.string(),
  codigo_postal: z.string(),
  uso_cfdi: z.string(),
  uso_cfdi_text: z.string(),
  catalog_version: z.string(),
  updatedAt: isoDate,
});
export type FiscalData = z.input<typeof fiscalDataOut>;

export const fiscalDataAnswer = z.object({ fiscal_data: fiscalDataOut.nullable() });
export const fiscalDataBody = fiscalDataSchema;
export const fiscalDataSavedAnswer = z.object({ fiscal_data: fiscalDataOut });
export const fiscalDataDeletedAnswer = z.object({ deleted: z.boolean() });
