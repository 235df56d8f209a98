import type { SQL } from "drizzle-orm";
import type { Db } from "./client";
import { registerNamedStatement } from "./pglite-client";

type Executable<R> = { execute(values?: Record<string, unknown>): Promise<R> };

/** What Drizzle's prepared queries (node-postgres and PGlite alike) run on: `this.client`. */
type SessionInternals = { client: unknown; dialect: object };

/**
 * A statement whose SQL Drizzle builds once per database instead of on every call, run on the
 * connection the caller holds: the pool, or the transaction's connection.
 *
 * Why: on the booking path Drizzle building SQL was over half of the app's CPU (decision 0013). Its
 * `.prepare()` builds once, but binds the result to the connection it was built on, and a
 * transaction runs on its own connection (node-postgres: a client checked out of the pool;
 * PGlite: the transaction object, which must be used while it is open). So the statement is
 * built once per database (keyed by the dialect, which a database and all its transactions
 * share) and each call runs a copy whose only difference is the connection. node-postgres also
 * sends it as a named prepared statement, parsed once per connection by PostgreSQL.
 *
 * Rules for the builder: every per-call value is a `sql.placeholder(...)`; nothing computed when
 * building may vary between calls. In particular Drizzle fills an `updated_at` column's
 * `$onUpdate` when it builds an UPDATE, so prepared updates must set `updatedAt` themselves
 * (`sql\`now()\``). `name` must be unique in the app (PostgreSQL prepares it by name).
 */
export function preparedStatement<Values extends Record<string, unknown>, Result>(
  name: string,
  build: (db: Db, name: string) => Executable<Result>,
): (db: Db, values: Values) => Promise<Result> {
  const built = new WeakMap<object, Executable<Result>>();
  return (db, values) => {
    const session = db._.session as unknown as SessionInternals;
    let statement = built.get(session.dialect);
    if (!statement) {
      statement = build(db, name);
      // Drizzle keeps the connection in `client`; if an upgrade ever renames it, the copy below
      // would quietly run on the first caller's connection, so refuse instead.
      if ((statement as unknown as SessionInternals).client !== session.client) {
        throw new Error(`preparedStatement ${name}: Drizzle's prepared query no longer keeps its client`);
      }
      built.set(session.dialect, statement);
      // On PGlite the statement is prepared by name too (pglite-client.ts runNamed).
      const text = (statement as unknown as { queryString?: unknown }).queryString;
      if (typeof text === "string") registerNamedStatement(text, name);
    }
    const onThisConnection = Object.create(statement) as Executable<Result> & { client: unknown };
    onThisConnection.client = session.client;
    return onThisConnection.execute(values);
  };
}

type RawSession = {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    isResponseInArrayMode: boolean,
  ): Executable<{ rows: unknown[] }>;
};
type Dialect = { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } };

/**
 * A prepared statement written as one SQL text whose rows come back as the driver gives them,
 * keyed by column name: Drizzle does not map them. For the lists with many rows: Drizzle's
 * mapping checks every field of every row against its entity classes, which on Mis
 * Reservaciones (51 rows of 16 fields) cost more than a third of the request (decision 0042). The
 * SQL names each column as the caller reads it (`as`); timestamps come as the driver hands them
 * (text or Date). Same rules as preparedStatement: per-call values are `sql.placeholder(...)`.
 */
export function preparedRows<Values extends Record<string, unknown>, Row>(
  name: string,
  build: () => SQL,
): (db: Db, values: Values) => Promise<Row[]> {
  const statement = preparedStatement<Values, { rows: unknown[] }>(name, (db, statementName) => {
    const query = (db as unknown as { dialect: Dialect }).dialect.sqlToQuery(build());
    return (db._.session as unknown as RawSession).prepareQuery(query, undefined, statementName, false);
  });
  return async (db, values) => (await statement(db, values)).rows as Row[];
}
