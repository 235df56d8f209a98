import { PGlite } from "@electric-sql/pglite";
import { type Database, databaseOnPglite, type QueryObserver } from "../db/client";

/**
 * The API suites' embedded databases, handed from one test file to the next in the same worker
 * (docs/decisions/0143). Loading a migrated PGlite from its dump took 0.7 s idle and 3 to 6 s in
 * a loaded run, once per file; emptying the one the last file used takes a fifth of that.
 *
 * A file still gets a database that looks freshly migrated: every table of `public` empty, every
 * sequence at its start, no session state (settings, prepared statements, advisory locks, temporary
 * tables: DISCARD ALL). One whose schema a file changed (a table, column, constraint, trigger,
 * function, schema, role or database setting added, dropped or altered) is closed, not reused:
 * its catalogue no longer matches the migrated one's fingerprint.
 *
 * A file's handle stops working when it closes its database (a revocable proxy of the instance):
 * a late query of the last file fails there, as it did on a closed instance, and never writes
 * into the next file's rows.
 */

/** Instances the last files gave back, emptied. */
const spare: PGlite[] = [];
/** The migrated catalogue's fingerprint, taken on the first instance loaded from the dump. */
let migratedFingerprint: string | undefined;

/** TEST_PGLITE_REUSE=0 loads every file's database from the dump, as before. */
const reuse = process.env.TEST_PGLITE_REUSE !== "0";

/** Everything a file could change in the schema, as one hash (tables' rows are not in it). */
const FINGERPRINT_SQL = `
  select md5(string_agg(item, ',' order by item)) as fingerprint from (
    select 'n:' || nspname::text as item from pg_namespace
    union all select 'c:' || c.oid::regclass::text || ':' || c.relkind::text
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
    union all select 'a:' || a.attrelid::regclass::text || '.' || a.attname::text || ':' || a.atttypid::text
        || ':' || a.attnotnull::text || ':' || a.attisdropped::text || ':' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and a.attnum > 0
    union all select 'k:' || conrelid::regclass::text || '.' || conname::text || ':' || pg_get_constraintdef(oid)
      from pg_constraint where connamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
    union all select 't:' || tgrelid::regclass::text || '.' || tgname::text || ':' || tgenabled::text
      from pg_trigger where not tgisinternal
    union all select 'f:' || p.oid::regprocedure::text || ':' || md5(coalesce(p.prosrc, ''))
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname not in ('pg_catalog', 'information_schema')
    union all select 'r:' || rolname::text from pg_roles
    union all select 's:' || array_to_string(setconfig, ';') from pg_db_role_setting
  ) catalogue`;

async function fingerprintOf(pglite: PGlite): Promise<string> {
  const { rows } = await pglite.query<{ fingerprint: string }>(FINGERPRINT_SQL);
  return rows[0]!.fingerprint;
}

/** Empties every table of `public` that has a row and puts every sequence back at its start. */
async function empty(pglite: PGlite): Promise<void> {
  const { rows: tables } = await pglite.query<{ name: string }>(
    `select c.oid::regclass::text as name from pg_class c
      where c.relkind in ('r', 'p') and c.relnamespace = 'public'::regnamespace`,
  );
  const probe = tables.map(({ name }) => `select '${name}' as name where exists (select 1 from ${name})`);
  const { rows: filled } = await pglite.query<{ name: string }>(probe.join(" union all "));
  if (filled.length > 0) await pglite.exec(`truncate ${filled.map((t) => t.name).join(", ")} cascade`);
  // Every sequence, also one a failed insert moved without leaving a row.
  await pglite.query(
    `select setval(s.seqrelid::regclass, s.seqstart, false) from pg_sequence s
      join pg_class c on c.oid = s.seqrelid where c.relnamespace = 'public'::regnamespace`,
  );
}

/** Takes the instance back after a file: emptied for the next one, or closed if it cannot be. */
async function giveBack(pglite: PGlite): Promise<void> {
  try {
    if (pglite.closed) return;
    // A file that ends inside a transaction it opened by hand: end it first.
    await pglite.exec("rollback").catch(() => undefined);
    await pglite.exec("discard all");
    if ((await fingerprintOf(pglite)) !== migratedFingerprint) {
      await pglite.close();
      return;
    }
    await empty(pglite);
    spare.push(pglite);
  } catch {
    await pglite.close().catch(() => undefined);
  }
}

/**
 * A migrated embedded database for one test file: a spare instance the last file gave back, or a
 * new one loaded from the migrated dump. Its `close` gives it back for the next file.
 */
export async function reusedPgliteDatabase(
  dump: () => Blob,
  onQuery?: QueryObserver,
  /** A new instance, closed after: a file that copies the data directory itself (backups). */
  fresh = false,
): Promise<Database> {
  const handOn = reuse && !fresh;
  let instance = handOn ? spare.pop() : undefined;
  if (!instance) {
    instance = await PGlite.create({ loadDataDir: dump() });
    migratedFingerprint ??= await fingerprintOf(instance);
  }
  const target = instance;
  // Methods run on the instance itself (its private fields need the real `this`).
  const handle = Proxy.revocable(target, {
    get: (object, property) => {
      const value = Reflect.get(object, property, object);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
  const database = databaseOnPglite(handle.proxy, onQuery);
  let closed = false;
  return {
    ...database,
    async close() {
      if (closed) return;
      closed = true;
      handle.revoke();
      if (handOn) await giveBack(target);
      else await target.close();
    },
  };
}
