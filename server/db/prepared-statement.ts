import type { Db } from "./client";

type Executable<R> = { execute(values?: Record<string, unknown>): Promise<R> };

/** What Drizzle's prepared queries (node-postgres and PGlite alike) run on: `this.client`. */
type SessionInternals = { client: unknown; dialect: object };

/**
 * A statement whose SQL Drizzle builds once per database instead of on every call, run on the
 * connection the caller holds: the pool, or the transaction's connection.
 *
 * Why: on the booking path Drizzle building SQL was over half of the app's CPU (issue 10). Its
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
    }
    const onThisConnection = Object.create(statement) as Executable<Result> & { client: unknown };
    onThisConnection.client = session.client;
    return onThisConnection.execute(values);
  };
}
