import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { addLocalDays, zonedInstant } from "../../../domain/booking";

/** How an admin list's query string (domain/api/admin-lists.ts) becomes SQL. */

export type Paging = { page: number; pageSize: number };
export type Sorting<K extends string> = { sort: K; order: "asc" | "desc" };

/** From the first instant of `from` to the first instant after `to`, on the studio's calendar. */
export function instantRange(range: { from?: string; to?: string }, timeZone: string) {
  return {
    start: range.from ? zonedInstant(range.from, "00:00", timeZone) : undefined,
    end: range.to ? zonedInstant(addLocalDays(range.to, 1), "00:00", timeZone) : undefined,
  };
}

export type InstantRange = ReturnType<typeof instantRange>;

/** `column >= start and column < end`, each side only when given. */
export function withinRange(column: AnyColumn, range: InstantRange): SQL[] {
  return [
    ...(range.start ? [sql`${column} >= ${range.start.toISOString()}::timestamptz`] : []),
    ...(range.end ? [sql`${column} < ${range.end.toISOString()}::timestamptz`] : []),
  ];
}

/** `%text%` for ILIKE with the user's % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The chosen order, then the id so pages never overlap. Only `nullable` columns say "nulls
 * last": on a NOT NULL column the plain order is what lets PostgreSQL read a btree index
 * backwards and stop after one page instead of sorting every row.
 */
export function orderBy(
  column: SQL | AnyColumn,
  order: "asc" | "desc",
  tieBreak: AnyColumn,
  nullable = false,
): SQL[] {
  const nulls = nullable ? sql` nulls last` : sql``;
  return [
    order === "desc" ? sql`${column} desc${nulls}` : sql`${column} asc${nulls}`,
    order === "desc" ? sql`${tieBreak} desc` : sql`${tieBreak} asc`,
  ];
}

export const offsetOf = (p: Paging) => (p.page - 1) * p.pageSize;
