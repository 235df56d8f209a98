import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import {
  type CancellationStatus,
  CFDI_KINDS,
  CFDI_STATUSES,
  type CfdiKind,
  type CfdiStatus,
} from "../../../domain/api/fiscal";
import { createdAtColumn, idColumn, moneyColumn, tsColumn, updatedAtColumn } from "./columns";
import { customers } from "./customers";
import { purchases, refunds } from "./purchases";

export { CFDI_KINDS, CFDI_STATUSES, type CfdiKind, type CfdiStatus };

/** Who a CFDI names as receiver, copied when it was issued (the customer may edit theirs later). */
export type CfdiReceiver = {
  rfc: string;
  razon_social: string;
  regimen_fiscal: string;
  codigo_postal: string;
  uso_cfdi: string;
};

/**
 * Facturas CFDI 4.0 (decision 0036): a customer's factura for one purchase
 * (ingreso), the period's factura global to público en general, and a nota de crédito (egreso)
 * for a refund. Not the `invoices` table, which holds charges. `preview` rows were made without
 * a PAC key: documents marked "sin validez fiscal", never sent to SAT.
 */
export const cfdis = pgTable(
  "cfdis",
  {
    cfdi_id: idColumn("cfdi_id"),
    kind: text("kind").$type<CfdiKind>().notNull(),
    status: text("status").$type<CfdiStatus>().notNull().default("pending"),
    preview: boolean("preview").notNull().default(false),
    /** The purchase an ingreso or egreso is for (null on a global one: cfdi_global_purchases). */
    purchase_id: integer("purchase_id").references(() => purchases.purchase_id, { onDelete: "restrict" }),
    customer_id: integer("customer_id").references(() => customers.customer_id, { onDelete: "restrict" }),
    /** The refund an egreso credits. */
    refund_id: integer("refund_id").references(() => refunds.refund_id, { onDelete: "restrict" }),
    /** The CFDI an egreso is related to (TipoRelacion 01). */
    related_cfdi_id: integer("related_cfdi_id"),
    /** A global one's period, "2026-10" (monthly). */
    period: text("period"),
    receiver: jsonb("receiver").$type<CfdiReceiver>().notNull(),
    /** c_FormaPago, e.g. "04" tarjeta de crédito. */
    payment_form: text("payment_form").notNull(),
    subtotal: moneyColumn("subtotal").notNull(),
    iva: moneyColumn("iva").notNull(),
    total: moneyColumn("total").notNull(),
    /** The PAC's id (Facturapi) and the folio fiscal SAT gave it. */
    provider_id: text("provider_id"),
    uuid: text("uuid"),
    /** Why the last attempt failed (the PAC's message), for the back office's retry. */
    error: text("error"),
    cancellation_motive: text("cancellation_motive"),
    /**
     * SAT's answer to a cancellation (Facturapi's cancellation_status): null when none was asked;
     * "pending" while the receiver has to accept it (followed by the invoicing.follow-up job),
     * "accepted", "rejected" or "expired" (docs/decisions/0072).
     */
    cancellation_status: text("cancellation_status").$type<CancellationStatus>(),
    /** The refund whose cancellation (motive 03) this is: a rejection credits it with an egreso. */
    cancellation_refund_id: integer("cancellation_refund_id"),
    cancelledAt: tsColumn("cancelled_at"),
    issuedAt: tsColumn("issued_at"),
    emailedAt: tsColumn("emailed_at"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("cfdis_kind_check", sql`${t.kind} in ('ingreso', 'global', 'egreso')`),
    check("cfdis_status_check", sql`${t.status} in ('pending', 'valid', 'failed', 'cancelled')`),
    // One factura per purchase, one global per period, one nota de crédito per refund: a double
    // click or a second job run finds the row instead of issuing again.
    uniqueIndex("cfdis_ingreso_purchase_unique").on(t.purchase_id).where(sql`${t.kind} = 'ingreso'`),
    uniqueIndex("cfdis_global_period_unique").on(t.period).where(sql`${t.kind} = 'global'`),
    uniqueIndex("cfdis_egreso_refund_unique").on(t.refund_id).where(sql`${t.kind} = 'egreso'`),
    index("cfdis_customer_id_idx").on(t.customer_id, t.createdAt),
  ],
);

/** The purchases a factura global covers: a purchase is in at most one. */
export const cfdi_global_purchases = pgTable(
  "cfdi_global_purchases",
  {
    purchase_id: integer("purchase_id")
      .primaryKey()
      .references(() => purchases.purchase_id, { onDelete: "restrict" }),
    cfdi_id: integer("cfdi_id")
      .notNull()
      .references(() => cfdis.cfdi_id, { onDelete: "cascade" }),
    /**
     * The concept's amount when the global was issued (paid less refunded then): a later refund is
     * credited with an egreso, never by changing this (docs/decisions/0072). Null on rows older
     * than the column, which read the purchase's current amount.
     */
    amount: moneyColumn("amount"),
  },
  (t) => [index("cfdi_global_purchases_cfdi_id_idx").on(t.cfdi_id)],
);
