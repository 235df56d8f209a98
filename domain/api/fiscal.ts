import { z } from "zod";
import { fiscalDataSchema } from "../fiscal/fiscal-data";
import { idParams, isoDate } from "./wire";

/** The signed-in customer's datos de facturación (server/modules/fiscal, decision 0032). */

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

// --- Facturas CFDI 4.0 (server/modules/invoicing, decision 0036).

/** What a CFDI is: a sale's invoice, the month's global one, or a refund's credit note. */
export const CFDI_KINDS = ["ingreso", "global", "egreso"] as const;
export type CfdiKind = (typeof CFDI_KINDS)[number];
export const CFDI_STATUSES = ["pending", "valid", "failed", "cancelled"] as const;
export type CfdiStatus = (typeof CFDI_STATUSES)[number];
/** SAT's cancellation status as Facturapi reports it (its CancellationStatus, "none" left out). */
export const CANCELLATION_STATUSES = ["pending", "accepted", "rejected", "expired"] as const;
export type CancellationStatus = (typeof CANCELLATION_STATUSES)[number];

/** A factura as the customer's list and the back office answer it. */
export const facturaOut = z.object({
  cfdi_id: z.number(),
  kind: z.enum(CFDI_KINDS),
  status: z.enum(CFDI_STATUSES),
  /** Issued without a PAC key: a preview without fiscal validity. */
  preview: z.boolean(),
  purchase_id: z.number().nullable(),
  refund_id: z.number().nullable(),
  period: z.string().nullable(),
  /** Folio fiscal, once stamped. */
  uuid: z.string().nullable(),
  rfc: z.string(),
  razon_social: z.string(),
  payment_form: z.string(),
  subtotal: z.number(),
  iva: z.number(),
  total: z.number(),
  error: z.string().nullable(),
  cancellation_motive: z.string().nullable(),
  /**
   * SAT's answer to a cancellation: null (none asked), "pending" (the receiver must accept it;
   * followed up by a job), "accepted", "rejected" or "expired" (docs/decisions/0072).
   */
  cancellation_status: z.enum(CANCELLATION_STATUSES).nullable(),
  /** An egreso's related CFDI (TipoRelacion 01): the factura or the factura global it credits. */
  related_cfdi_id: z.number().nullable(),
  issuedAt: isoDate.nullable(),
  cancelledAt: isoDate.nullable(),
  createdAt: isoDate,
});
export type Factura = z.input<typeof facturaOut>;
export const facturasAnswer = z.object({ facturas: z.array(facturaOut) });
export const facturaAnswer = z.object({ factura: facturaOut });
/** POST: ask for the factura of one of my paid purchases. */
export const facturaRequestBody = z.object({ purchase_id: z.number().int().positive() });
/** `:id/:format`: a factura's PDF or XML. */
export const facturaDocParams = idParams.extend({ format: z.enum(["pdf", "xml"]) });
