import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import PgBoss from "pg-boss";
import type { Database } from "../db/client";

/** Handlers are plain exported functions elsewhere; tests call them directly. */
// biome-ignore lint/suspicious/noExplicitAny: job payloads are JSON chosen by each job
export type JobHandler = (data: any) => Promise<void>;

export type SendOptions = {
  startAfter?: Date;
  /**
   * Deduplicates bursts: at most one job per key per minute is queued (pg-boss singletonKey +
   * singletonSeconds). Handlers must still be idempotent: a job may run more than once.
   */
  singletonKey?: string;
};

export type SentJob = { name: string; data: object; options: SendOptions };

export type Jobs = {
  /** Call at plugin registration time (before the app is ready). */
  register(name: string, handler: JobHandler, options?: { cron?: string }): void;
  /** Queues a job. With JOBS off it only records the send in `sent` (nothing runs). */
  send(name: string, data: object, options?: SendOptions): Promise<void>;
  /** Every send while jobs are off (JOBS=0, the tests): assert on it, run handlers yourself. */
  sent: SentJob[];
  /** Runs a registered handler now, in this process (tests, manual triggers). */
  run(name: string, data?: object): Promise<void>;
  /** True once pg-boss has started (JOBS on). */
  readonly running: boolean;
  /** Jobs waiting to run (created or retry) per registered queue; empty while pg-boss is not running. */
  queueDepth(): Promise<Record<string, number>>;
};

declare module "fastify" {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

const SCHEMA = "pgboss";

/**
 * pg-boss talks to the database through this adapter, so it uses the app's own connection:
 * the node-postgres pool on PostgreSQL, the one PGlite instance when embedded. pg-boss sends
 * several statements at once (migrations, BEGIN ... COMMIT blocks) without parameters: those go
 * to PGlite's `exec`, which accepts them; everything else to `query`.
 */
export function pgBossDb(database: Database): PgBoss.Db {
  if (database.pool) {
    const pool = database.pool;
    return { executeSql: async (text, values) => pool.query(text, values) };
  }
  const pglite = database.pglite;
  if (!pglite) throw new Error("jobs: the database has neither a pool nor PGlite");
  // pg-boss works with Date objects, as node-postgres gives them.
  const options = { parsers: database.pgliteNativeParsers };
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await pglite.exec(text, options);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await pglite.query(text, values, options);
      return { rows: result.rows as unknown[] as never[] };
    },
  };
}

/** Runs `work` under a PostgreSQL advisory lock (one instance at a time); as is on PGlite. */
async function oneInstanceAtATime(database: Database, work: () => Promise<void>): Promise<void> {
  if (!database.pool) return work();
  const client = await database.pool.connect();
  try {
    await client.query("select pg_advisory_lock(727276)");
    await work();
  } finally {
    await client.query("select pg_advisory_unlock(727276)").catch(() => {});
    client.release();
  }
}

type Registration = { name: string; handler: JobHandler; cron?: string };

/**
 * Background jobs (pg-boss 10) on the app's database: safe with many app instances because
 * pg-boss hands each job to one worker (SKIP LOCKED) and each cron slot to one scheduler.
 * Starts after the app is ready only when config.JOBS is on and stops on close. With JOBS off
 * (tests) `send` records the job in `app.jobs.sent` and runs nothing: tests call the handlers
 * (or `app.jobs.run`) themselves, so no timing is involved.
 */
export default fp(async function jobsPlugin(app: FastifyInstance) {
  const registrations = new Map<string, Registration>();
  const sent: SentJob[] = [];
  let boss: PgBoss | null = null;

  const jobs: Jobs = {
    register(name, handler, options = {}) {
      if (boss) throw new Error(`jobs: register "${name}" before the app starts`);
      registrations.set(name, { name, handler, cron: options.cron });
    },
    async send(name, data, options = {}) {
      if (!registrations.has(name)) throw new Error(`jobs: unknown job "${name}"`);
      if (!boss) {
        sent.push({ name, data, options });
        return;
      }
      await boss.send(name, data, {
        startAfter: options.startAfter,
        ...(options.singletonKey ? { singletonKey: options.singletonKey, singletonSeconds: 60 } : {}),
        retryLimit: 3,
        retryDelay: 30,
        retryBackoff: true,
      });
    },
    sent,
    async run(name, data = {}) {
      const registration = registrations.get(name);
      if (!registration) throw new Error(`jobs: unknown job "${name}"`);
      await registration.handler(data);
    },
    get running() {
      return boss !== null;
    },
    async queueDepth() {
      if (!boss) return {};
      const depth: Record<string, number> = Object.fromEntries(
        [...registrations.keys()].map((name) => [name, 0]),
      );
      const { rows } = await pgBossDb(app.database).executeSql(
        `select name, count(*)::int as waiting from ${SCHEMA}.job where state in ('created', 'retry') group by name`,
        [],
      );
      for (const row of rows as { name: string; waiting: number }[]) depth[row.name] = row.waiting;
      return depth;
    },
  };
  app.decorate("jobs", jobs);

  if (!app.config.JOBS) return;

  // JOBS_WORK off: this instance queues jobs for another to run (decision 0126). It neither
  // polls for work nor keeps the cron schedule nor runs pg-boss's maintenance.
  const works = app.config.JOBS_WORK;
  app.addHook("onReady", async () => {
    const instance = new PgBoss({
      db: pgBossDb(app.database),
      schema: SCHEMA,
      ...(works ? {} : { supervise: false, schedule: false }),
    });
    instance.on("error", (error) => app.log.error({ err: error }, "jobs: pg-boss error"));
    // Instances starting together on a fresh database deadlocked in pg-boss's own set-up (its
    // schema, then createQueue: 40P01, found by the cluster test). One at a time, like migrations.
    await oneInstanceAtATime(app.database, async () => {
      await instance.start();
      for (const { name, cron } of registrations.values()) {
        await instance.createQueue(name);
        if (cron && works) await instance.schedule(name, cron, {}, { tz: "UTC" });
      }
    });
    for (const { name, handler } of works ? registrations.values() : []) {
      await instance.work(name, async (batch) => {
        for (const job of batch) {
          try {
            await handler(job.data);
            // One line per job run: the cluster test counts them (each job runs on one instance).
            app.log.info({ job: name, job_id: job.id }, "jobs: done");
          } catch (error) {
            app.log.error({ err: error, job: name }, "jobs: handler failed");
            throw error; // pg-boss retries it
          }
        }
      });
    }
    boss = instance;
  });

  app.addHook("onClose", async () => {
    const instance = boss;
    boss = null;
    // close: false — the pool / PGlite belong to the app and are closed by their owner.
    if (instance) await instance.stop({ graceful: true, close: false, wait: true, timeout: 5_000 });
  });
});
