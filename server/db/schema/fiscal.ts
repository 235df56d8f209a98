import { sql } from "drizzle-orm";
import { check, integer, pgTable, text } from "drizzle-orm/pg-core";
import { updatedAtColumn } from "./columns";
import { customers } from "./customers";

/**
 * A customer's datos de facturación (decision 0032): what a CFDI 4.0 names the receiver with.
 * Codes are SAT catalogue keys (domain/fiscal/catalogs.ts); catalog_version says which edition
 * of the catalogues they were checked against, so a later edition can tell old rows apart.
 */
export const customer_fiscal_data = pgTable(
  "customer_fiscal_data",
  {
    customer_id: integer("customer_id")
      .primaryKey()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    /** Upper case, no spaces or dashes: 12 characters (persona moral) or 13 (persona física). */
    rfc: text("rfc").notNull(),
    /** Name exactly as on the Constancia de Situación Fiscal (CFDI 4.0 checks it against SAT). */
    razon_social: text("razon_social").notNull(),
    /** c_RegimenFiscal key, e.g. "612". */
    regimen_fiscal: text("regimen_fiscal").notNull(),
    /** The fiscal address's postal code (DomicilioFiscalReceptor), 5 digits. */
    codigo_postal: text("codigo_postal").notNull(),
    /** c_UsoCFDI key, e.g. "G03". */
    uso_cfdi: text("uso_cfdi").notNull(),
    catalog_version: text("catalog_version").notNull(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("customer_fiscal_data_rfc_check", sql`length(${t.rfc}) in (12, 13)`),
    check("customer_fiscal_data_cp_check", sql`${t.codigo_postal} ~ '^[0-9]{5}$'`),
  ],
);
