import { asc, count, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { only } from "../../db/rows";

/**
 * Row operations shared by every catalogue table. The specs (catalogue.specs.ts) name the table
 * and its id column; typing stays loose here on purpose, each spec's Zod schema is the contract.
 */
export type Table = { table: PgTable; id: PgColumn };
type Values = Record<string, unknown>;

export async function selectAll(db: Db, { table, id }: Table, order: PgColumn[] = []): Promise<Values[]> {
  return (await db
    .select()
    .from(table as never)
    .orderBy(...[...order, id].map((c) => asc(c)))) as Values[];
}

export async function selectOne(db: Db, { table, id }: Table, value: number): Promise<Values | null> {
  const [row] = (await db
    .select()
    .from(table as never)
    .where(eq(id, value))) as Values[];
  return row ?? null;
}

export async function insertRow(db: Db, { table, id }: Table, values: Values): Promise<number> {
  const row = only(
    (await db
      .insert(table)
      .values(values as never)
      .returning({ id })) as { id: number }[],
  );
  return row.id;
}

export async function updateRow(
  db: Db,
  { table, id }: Table,
  value: number,
  values: Values,
): Promise<boolean> {
  const set =
    "updatedAt" in (table as unknown as Record<string, unknown>)
      ? { ...values, updatedAt: new Date() }
      : values;
  if (Object.keys(set).length === 0) return (await selectOne(db, { table, id }, value)) !== null;
  const rows = await db
    .update(table)
    .set(set as never)
    .where(eq(id, value))
    .returning({ id });
  return rows.length > 0;
}

export async function deleteRow(db: Db, { table, id }: Table, value: number): Promise<boolean> {
  const rows = await db.delete(table).where(eq(id, value)).returning({ id });
  return rows.length > 0;
}

/** How many rows of `table` match: the "is this still used?" question before a delete. */
export async function countWhere(db: Db, table: PgTable, where: SQL): Promise<number> {
  const rows = (await db
    .select({ n: count() })
    .from(table as never)
    .where(where)) as { n: number }[];
  return Number(rows[0]?.n ?? 0);
}

/** Replaces the link rows of one owner (video tags, package class types...). */
export async function replaceLinks(
  db: Db,
  table: PgTable,
  ownerColumn: PgColumn,
  ownerId: number,
  rows: Values[],
) {
  await db.delete(table).where(eq(ownerColumn, ownerId));
  if (rows.length) await db.insert(table).values(rows as never);
}
