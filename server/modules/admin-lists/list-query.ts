import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { addLocalDays, isLocalDay, zonedInstant } from "../../../domain/booking";

/**
 * What every admin list accepts in its query string and how it becomes SQL: paging (pageSize at
 * most 100, so one request never reads more than a page), a sort key from the list's own
 * allow-list, a free-text search and an optional range of the studio's local days.
 */

const day = z.string().refine(isLocalDay, { message: "Usa una fecha AAAA-MM-DD." });
export const optionalId = z.coerce.number().int().positive().optional();

export const MAX_PAGE_SIZE = 100;

/** The common query string plus the list's own `filters`, with the day range checked in order. */
export function listQuery<
  const K extends readonly [string, ...string[]],
  F extends z.ZodRawShape = Record<never, never>,
>(sorts: K, defaults: { sort: K[number]; order: "asc" | "desc" }, filters: F = {} as F) {
  return z
    .object({
      page: z.coerce.number().int().min(1).max(1_000_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
      sort: z.enum(sorts).default(defaults.sort as K[number] & string),
      order: z.enum(["asc", "desc"]).default(defaults.order),
      query: z.string().trim().max(200).default(""),
      from: day.optional(),
      to: day.optional(),
    })
    .extend(filters)
    .refine(rangeIsOrdered, rangeError);
}

/** Rejects a range whose end comes before its start (with the field the form should mark). */
function rangeIsOrdered(q: { from?: string; to?: string }) {
  return !q.from || !q.to || q.from <= q.to;
}
const rangeError = { message: "La fecha final debe ser posterior a la inicial.", path: ["to"] };

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
