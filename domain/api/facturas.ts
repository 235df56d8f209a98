import { z } from "zod";
import { fiscalDataSchema } from "../fiscal/fiscal-data";
import { GLOBAL_PERIODICITIES, parsePeriod } from "../fiscal/invoicing";
import { CFDI_KINDS, CFDI_STATUSES, facturaOut } from "./fiscal";
import { isoDate } from "./wire";

/**
 * The back office's facturas (docs/decisions/0058): the list, issuing at the desk, cancelling with
 * SAT's motive and issuing a period's factura global. The customer's own routes are in fiscal.ts.
 */

/** SAT's cancellation motives (Anexo 20, c_MotivoCancelacion). */
export const CANCELLATION_MOTIVES = ["01", "02", "03", "04"] as const;
export type CancellationMotiveCode = (typeof CANCELLATION_MOTIVES)[number];

export const facturaCancelBody = z.object({
  motive: z.enum(CANCELLATION_MOTIVES, {
    message: "Elige el motivo de cancelación del SAT (01, 02, 03 o 04).",
  }),
  /** Motive 01: the folio (our cfdi_id) of the factura that replaces this one. */
  replacement_cfdi_id: z.number().int().positive().optional(),
});
export const facturaCancelAnswer = z.object({
  factura: facturaOut,
  /** What the PAC answered, in words: accepted, or waiting for the receiver's acceptance. */
  pac_answer: z.string(),
});

export const facturaGlobalBody = z.object({
  /** A period whose request window has closed ("2026-10", "2026-10-Q1", "2026-10-05-S", "2026-10-05"); without it, the one due now. */
  period: z
    .string()
    .refine((v) => parsePeriod(v) !== null, {
      message:
        "Ese periodo no existe: escribe un mes (2026-10), una quincena (2026-10-Q1), una semana (2026-10-05-S) o un día (2026-10-05).",
    })
    .optional(),
});

/** One row of the back office's list: the factura and who it is for. */
export const facturaListRow = facturaOut.extend({
  customer_id: z.number().nullable(),
  customer_name: z.string().nullable(),
});
export type FacturaListRow = z.input<typeof facturaListRow>;
export const facturasListAnswer = z.object({ facturas: z.array(facturaListRow) });
export const facturasListQuery = z.object({
  status: z.enum(CFDI_STATUSES).optional(),
  kind: z.enum(CFDI_KINDS).optional(),
  /** Issued (or created) on or after / before these dates, "2026-11-01". */
  from: z.iso.date({ message: "Usa una fecha como 2026-11-01." }).optional(),
  to: z.iso.date({ message: "Usa una fecha como 2026-11-30." }).optional(),
  /** RFC, razón social, customer's name or folio fiscal. */
  q: z.string().trim().max(100).optional(),
});

/** The desk's "Facturar": the customer's saved datos de facturación, or the ones typed now. */
export const deskFacturaBody = z.object({
  purchase_id: z.number().int().positive(),
  /** Absent: the customer's saved ones. Checked as Mi Información checks them (RFC, régimen, uso). */
  receiver: fiscalDataSchema.optional(),
  /** Also save the typed data as the customer's datos de facturación. */
  save: z.boolean().optional(),
});

/** The desk's search for a purchase to invoice: a customer's name, email or the purchase's number. */
export const invoiceableQuery = z.object({
  q: z
    .string()
    .trim()
    .min(2, { message: "Escribe al menos 2 letras del nombre o correo del cliente." })
    .max(100),
});
export const invoiceableAnswer = z.object({
  purchases: z.array(
    z.object({
      purchase_id: z.number(),
      title: z.string(),
      /** What the factura would cover: paid less refunded. */
      total: z.number(),
      paid_at: isoDate,
      customer_id: z.number(),
      customer_name: z.string(),
      email: z.string(),
      /** The customer's saved datos de facturación, if any. */
      fiscal_data: z
        .object({
          rfc: z.string(),
          razon_social: z.string(),
          regimen_fiscal: z.string(),
          codigo_postal: z.string(),
          uso_cfdi: z.string(),
        })
        .nullable(),
    }),
  ),
});
export type InvoiceablePurchase = z.input<typeof invoiceableAnswer>["purchases"][number];

/** The facturación settings tab: the PAC's state as it reports it, and the studio's keys. */
export const facturacionSettingsAnswer = z.object({
  /** preview: no key (facturas without fiscal validity); ok; invalid: the PAC refused the key; unreachable. */
  pac_status: z.enum(["preview", "ok", "invalid", "unreachable"]),
  test_mode: z.boolean(),
  /** The PAC's reason when it is not ok. */
  pac_message: z.string().nullable(),
  organization: z
    .object({
      legal_name: z.string(),
      tax_id: z.string(),
      tax_system: z.string(),
      zip: z.string().nullable(),
      production_ready: z.boolean(),
      pending_steps: z.array(z.string()),
      csd: z.object({ present: z.boolean(), expires_at: isoDate.nullable() }),
    })
    .nullable(),
  product_key: z.string(),
  unit_key: z.string(),
  issuer_zip: z.string(),
  request_days_after_month: z.number(),
  global_periodicity: z.enum(GLOBAL_PERIODICITIES),
});

/** The purchases a factura global covers (its concepts "Venta"). */
export const globalPurchasesAnswer = z.object({
  purchases: z.array(
    z.object({
      purchase_id: z.number(),
      title: z.string(),
      customer_name: z.string(),
      total: z.number(),
      paid_at: isoDate.nullable(),
    }),
  ),
});
