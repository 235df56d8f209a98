import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * Catalogue reads and batched table reads of the studio export. Every value comes back as text,
 * formatted by PostgreSQL the way the CSV writes it (studio-export.service.ts says which way).
 */

export type ExportColumn = { name: string; type: string };
export type ExportTable = { table: string; columns: ExportColumn[]; key: string[] };

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as Rows<T>).rows;

/** The app's tables in public (not the migrator's nor pg-boss's schemas), their columns and primary key. */
export async function listTables(db: Db): Promise<ExportTable[]> {
  const columns = await rowsOf<{ table: string; name: string; type: string; position: number }>(
    db,
    sql`select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
          a.attnum as position
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname, a.attnum`,
  );
  const keys = await rowsOf<{ table: string; name: string }>(
    db,
    sql`select c.relname as table, a.attname as name
        from pg_index i
        join pg_class c on c.oid = i.indrelid
        join pg_namespace n on n.oid = c.relnamespace
        join lateral unnest(i.indkey) with ordinality as k(attnum, ord) on true
        join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
        where n.nspname = 'public' and i.indisprimary
        order by c.relname, k.ord`,
  );
  const tables = new Map<string, ExportTable>();
  for (const c of columns) {
    const entry = tables.get(c.table) ?? { table: c.table, columns: [], key: [] };
    entry.columns.push({ name: c.name, type: c.type });
    tables.set(c.table, entry);
  }
  for (const k of keys) tables.get(k.table)?.key.push(k.name);
  return [...tables.values()];
}

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/**
 * One column as the CSV's text: instants in the studio's zone with their offset (ISO 8601),
 * numeric exactly as stored (money as decimal strings), arrays and JSON as JSON, the rest as text.
 */
function asText(column: ExportColumn, timeZone: string): SQL {
  const col = ident(column.name);
  if (column.type === "timestamp with time zone") return isoInZone(col, timeZone);
  if (column.type.endsWith("[]") || column.type === "json") return sql`to_json(${col})::text`;
  return sql`${col}::text`;
}

/** ISO 8601 with the zone's offset at that instant, e.g. 2026-03-05T07:00:00.000000-06:00. */
export function isoInZone(value: SQL, timeZone: string): SQL {
  const local = sql`(${value} at time zone ${timeZone})`;
  const offset = sql`(${local} - (${value} at time zone 'UTC'))`;
  return sql`case when ${value} is null then null else
    to_char(${local}, 'YYYY-MM-DD"T"HH24:MI:SS.US')
    || case when ${offset} < interval '0' then '-' else '+' end
    || to_char(abs(extract(epoch from ${offset})) * interval '1 second', 'HH24:MI') end`;
}

/**
 * The next `limit` rows after `after` (the primary key of the last row read; null: from the
 * start), in key order: a page costs an index range scan however deep into the table it is.
 * Each row is its values as text (null stays null), then its key's values to continue from.
 */
export async function readBatch(
  db: Db,
  table: ExportTable,
  columns: ExportColumn[],
  timeZone: string,
  after: unknown[] | null,
  limit: number,
): Promise<{ values: (string | null)[]; key: unknown[] }[]> {
  const selected = sql.join(
    [
      ...columns.map((c, i) => sql`${asText(c, timeZone)} as ${sql.raw(`v${i}`)}`),
      ...table.key.map((k, i) => sql`${ident(k)} as ${sql.raw(`k${i}`)}`),
    ],
    sql`, `,
  );
  const keyList = sql.join(table.key.map(ident), sql`, `);
  const where = after
    ? sql`where (${keyList}) > (${sql.join(
        after.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : sql``;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select ${selected} from ${ident(table.table)} ${where} order by ${keyList} limit ${limit}`,
  );
  return rows.map((row) => ({
    values: columns.map((_, i) => row[`v${i}`] as string | null),
    key: table.key.map((_, i) => row[`k${i}`]),
  }));
}

export async function nowInZone(db: Db, timeZone: string): Promise<string> {
  const [row] = await rowsOf<{ now: string }>(db, sql`select ${isoInZone(sql`now()`, timeZone)} as now`);
  return row!.now;
}
