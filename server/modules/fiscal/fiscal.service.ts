import { findRegimen, findUso } from "../../../domain/fiscal/catalogs";
import type { FiscalData } from "../../../domain/fiscal/fiscal-data";
import type { Db } from "../../db/client";
import {
  deleteFiscalDataOf,
  type FiscalDataRow,
  findFiscalDataOf,
  upsertFiscalData,
} from "./fiscal.repository";

/** What the API answers: the codes plus the catalogue's words, so screens and PDFs need no lookup. */
export function toFiscalDataOut(row: FiscalDataRow) {
  return {
    rfc: row.rfc,
    person: row.rfc.length === 13 ? ("fisica" as const) : ("moral" as const),
    razon_social: row.razon_social,
    regimen_fiscal: row.regimen_fiscal,
    regimen_fiscal_text: findRegimen(row.regimen_fiscal)?.description ?? row.regimen_fiscal,
    codigo_postal: row.codigo_postal,
    uso_cfdi: row.uso_cfdi,
    uso_cfdi_text: findUso(row.uso_cfdi)?.description ?? row.uso_cfdi,
    catalog_version: row.catalog_version,
    updatedAt: row.updatedAt,
  };
}

export async function myFiscalData(db: Db, customerId: number) {
  const row = await findFiscalDataOf(db, customerId);
  return row ? toFiscalDataOut(row) : null;
}

/** `data` was checked whole by domain/fiscal's schema (RFC, catalogues, the pairs they allow). */
export async function saveMyFiscalData(db: Db, customerId: number, data: FiscalData) {
  return toFiscalDataOut(await upsertFiscalData(db, customerId, data));
}

export async function deleteMyFiscalData(db: Db, customerId: number): Promise<boolean> {
  return deleteFiscalDataOf(db, customerId);
}
