import type { Database } from "./client";

/**
 * The embedded database's housekeeping. PGlite is PostgreSQL in one process without its
 * background workers: nothing runs autovacuum there. Without it every booking, cancellation and
 * credit spent leaves dead row versions that are never reclaimed, the visibility map is never set
 * (index-only scans such as Mis Reservaciones' page read the table after all) and the planner's
 * statistics stay those of the day the studio was created. Measured on the bench data at scale
 * 0.05 (52,000 reservations, decision 0043): a Mis Reservaciones page took 10 ms before its first
 * VACUUM (5 ms of it planning, probing index entries not known to be visible) and 2.2 ms after.
 *
 * So the app does what autovacuum would: `VACUUM (ANALYZE)` of the whole database, by a nightly
 * job (server/jobs.ts). It holds PGlite's one connection while it runs (~0.3–0.8 s on that data),
 * hence at night. On PostgreSQL autovacuum does this and the function does nothing.
 * Answers how long it took, in ms, or null when there was nothing to do.
 */
export async function vacuumEmbeddedDatabase(database: Database): Promise<number | null> {
  if (database.kind !== "pglite" || !database.pglite) return null;
  const started = performance.now();
  await database.pglite.exec("vacuum (analyze)");
  return performance.now() - started;
}
