import { AppError, notFound } from "../../../domain/errors";
import type { Db } from "../../db/client";
import { class_categories } from "../../db/schema/calendar";
import { audit } from "../admin-schedule/audit";
import * as repo from "./catalogue.repository";
import { type CatalogueSpec, isInUse } from "./catalogue.specs";

type Values = Record<string, unknown>;

export const listForAdmin = (db: Db, spec: CatalogueSpec) => repo.selectAll(db, spec.table, spec.order);

export async function readOne(db: Db, spec: CatalogueSpec, id: number) {
  const row = spec.read ? await spec.read(db, id) : await repo.selectOne(db, spec.table, id);
  if (!row) throw notFound();
  return row;
}

function columnsOf(spec: CatalogueSpec, input: Values): Values {
  spec.validate?.(input);
  const values = spec.toColumns ? spec.toColumns(input) : { ...input };
  for (const key of Object.keys(values)) if (values[key] === undefined) delete values[key];
  return values;
}

/**
 * POST: the row, its links and the audit entry in one transaction; answered as the contract reads
 * it.
 */
export async function create(db: Db, spec: CatalogueSpec, actor: string | null, input: Values) {
  const values = columnsOf(spec, input);
  const id = await db.transaction(async (tx) => {
    const newId = await repo.insertRow(tx, spec.table, values);
    await spec.afterSave?.(tx, newId, input);
    await audit(tx, actor, { action: "create", entity: spec.key, entity_id: newId, details: input });
    return newId;
  });
  return readOne(db, spec, id);
}

/** PUT: changes only the fields sent (link lists too); 404 for an unknown id. */
export async function update(db: Db, spec: CatalogueSpec, actor: string | null, id: number, input: Values) {
  const values = columnsOf(spec, input);
  await db.transaction(async (tx) => {
    if (!(await repo.updateRow(tx, spec.table, id, values))) throw notFound();
    await spec.afterSave?.(tx, id, input);
    await audit(tx, actor, { action: "update", entity: spec.key, entity_id: id, details: input });
  });
  return readOne(db, spec, id);
}

/**
 * DELETE: 409 with its Spanish sentence while other rows still point at it. A foreign key
 * not listed here (a table added later) still answers the same 409, never a 500.
 */
export async function remove(db: Db, spec: CatalogueSpec, actor: string | null, id: number) {
  const inUse = () => AppError.of(409, "IN_USE", spec.messages.inUse);
  try {
    await db.transaction(async (tx) => {
      if (!(await repo.selectOne(tx, spec.table, id))) throw notFound();
      if (await isInUse(tx, spec, id)) throw inUse();
      await repo.deleteRow(tx, spec.table, id);
      await audit(tx, actor, { action: "delete", entity: spec.key, entity_id: id });
    });
  } catch (error) {
    const code = (error as { code?: string; cause?: { code?: string } }).code;
    if (code === "23503" || (error as { cause?: { code?: string } }).cause?.code === "23503") throw inUse();
    throw error;
  }
}

/** GET /class_categories/{id} (the published contract lists it beside the writes). */
export const findCategory = (db: Db, id: number) =>
  repo.selectOne(db, { table: class_categories, id: class_categories.class_category_id }, id);
