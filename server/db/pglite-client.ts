import type { PGlite, QueryOptions, Transaction } from "@electric-sql/pglite";

/**
 * The types whose text Drizzle wants unparsed (its PGlite driver passes these parsers with every
 * query): timestamp, timestamptz, interval, date, and the arrays numeric[], timestamp[],
 * timestamptz[], interval[], date[]. Drizzle turns the text into its own values.
 */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

/** A query's options and parsers, as PGlite's query and exec take them. */
type Options = QueryOptions | undefined;
type Queryable = Pick<PGlite, "query" | "exec">;

/**
 * PGlite as Drizzle should see it, without a per-query cost: PGlite merges the parsers a query
 * passes into a copy of all its own (some 320, one per type and array type) on every query, about
 * 80 µs, and Drizzle passes its nine on every query: a third of a small query's time on the
 * embedded database, every statement of every request (issue 19). So the nine are set once on
 * the instance and the copy Drizzle uses drops them from each query: the same parsers apply,
 * without the merge.
 *
 * The instance's own callers that want PGlite's default values for those types (pg-boss, which
 * works with Date objects) pass `nativeParsers` with their query.
 */
export function drizzleView(pglite: PGlite): { client: PGlite; nativeParsers: QueryOptions["parsers"] } {
  const nativeParsers: NonNullable<QueryOptions["parsers"]> = {};
  for (const oid of DRIZZLE_TEXT_TYPES) {
    const parser = pglite.parsers[oid];
    if (parser) nativeParsers[oid] = parser;
  }
  for (const oid of DRIZZLE_TEXT_TYPES) pglite.parsers[oid] = asText;
  return { client: withoutQueryParsers(pglite), nativeParsers };
}

function withoutParsers(options: Options): Options {
  if (!options?.parsers) return options;
  const { parsers: _same, ...rest } = options;
  return rest;
}

/**
 * The same object with `query` and `exec` dropping the per-query parsers, and `transaction`
 * handing its callback a transaction that does too. Everything else is PGlite's own, called on
 * PGlite itself (its private fields need the real `this`).
 */
function withoutQueryParsers<T extends Queryable & object>(target: T): T {
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(object, property) {
      const known = bound.get(property);
      if (known) return known;
      const value = Reflect.get(object, property, object);
      if (typeof value !== "function") return value;
      let own: unknown;
      if (property === "query") {
        own = (query: string, params?: unknown[], options?: Options) =>
          object.query(query, params, withoutParsers(options));
      } else if (property === "exec") {
        own = (query: string, options?: Options) => object.exec(query, withoutParsers(options));
      } else if (property === "transaction") {
        own = <R>(callback: (tx: Transaction) => Promise<R>) =>
          (object as unknown as PGlite).transaction((tx) => callback(withoutQueryParsers(tx)));
      } else {
        own = value.bind(object);
      }
      bound.set(property, own);
      return own;
    },
  });
}
