/**
 * `npx tsx bench/booking-cpu.ts`: what one booking and one cancellation cost the app, measured in
 * a way a busy machine barely disturbs: Node CPU milliseconds (process.cpuUsage) and SQL
 * statements per request, over BOOKING_CPU_PAIRS sequential book + cancel pairs through
 * app.inject on the bench data (`npm run bench:data`, BENCH_DATABASE_URL). Case (f) of
 * `npm run bench` is throughput under load; this is the per-request cost behind it, for
 * comparing a change before and after in the same minute.
 *
 * Leaves the data as it found it: every booking it makes is cancelled (soft delete) again.
 * BOOKING_CPU_PROFILE=file.cpuprofile records a CPU profile of the measured pairs only (not the
 * start-up or the warm-up), to open in Chrome DevTools. BOOKING_CPU_SQL=1 prints the statements of
 * the last pair.
 *
 * BOOKING_LOCK_TIMES_FILE=file.json records the class-lock times of every booking (bench/lock-times.ts).
 *
 * When PostgreSQL runs on this machine (readable /proc), it also prints the CPU its backends spent
 * serving the measured pairs (every backend of the bench database except the measuring one):
 * on a 2-core machine the database shares the cores with Node, so its CPU counts as much.
 */
import "./production-env";
import { readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { benchDatabaseUrl, bookableClassIds, bookerTokens, openBenchSql } from "./bench-data";

if (process.env.BOOKING_LOCK_TIMES_FILE) await import("./lock-times");

const PAIRS = Number(process.env.BOOKING_CPU_PAIRS ?? "300");
const WARMUP = Number(process.env.BOOKING_CPU_WARMUP ?? "100");
// Few customers so their sessions stay in the 5 s session cache, as with (f)'s 100 connections.
const CUSTOMERS = 20;

async function loadFixtures() {
  const client = await openBenchSql();
  try {
    const tokens = await bookerTokens(client, CUSTOMERS);
    const classes = await bookableClassIds(client);
    if (tokens.length < CUSTOMERS || classes.length < 100) {
      throw new Error("Faltan los datos del bench: corre primero `npm run bench:data`.");
    }
    return { tokens, classes };
  } finally {
    await client.end();
  }
}

type Totals = { cpuMs: number; statements: number; count: number };

/** CPU ms (user + system) of each backend of the bench database, read from /proc; empty if unreadable. */
async function backendCpu(client: Awaited<ReturnType<typeof openBenchSql>>): Promise<Map<number, number>> {
  const { rows } = await client.query(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime and stime, in clock ticks (100 a second on Linux).
      cpu.set(Number(pid), (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // Not on this machine, or not ours to read.
    }
  }
  return cpu;
}

async function main() {
  const { tokens, classes } = await loadFixtures();
  let statements = 0;
  let lastPair: string[] = [];
  const database = await openDatabase({
    kind: "postgres",
    url: benchDatabaseUrl(),
    onQuery: (sql) => {
      statements++;
      lastPair.push(sql);
    },
  });
  const config = loadConfig({
    DATABASE_URL: benchDatabaseUrl(),
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DEMO: "0",
    JOBS: "0",
    RATE_LIMIT_MAX: "100000000",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    PUBLIC_URL: "http://127.0.0.1:1",
    WEB_DIST: "/nonexistent-bench-dist",
    WEB_SSR_DIST: "/nonexistent-bench-dist",
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();

  const book: Totals = { cpuMs: 0, statements: 0, count: 0 };
  const cancel: Totals = { cpuMs: 0, statements: 0, count: 0 };
  // The outbox worker's rendering of the emails, after each answer (decision 0084): measured apart.
  const mailWorker: Totals = { cpuMs: 0, statements: 0, count: 0 };
  const drainMail = (measure: boolean) =>
    measured(measure ? mailWorker : null, async () => {
      await app.mailer.drain();
      return 200;
    });
  const failures = new Map<string, number>();
  const fail = (what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);
  async function measured(totals: Totals | null, work: () => Promise<number>) {
    const cpu = process.cpuUsage();
    const before = statements;
    const status = await work();
    const used = process.cpuUsage(cpu);
    if (totals) {
      totals.cpuMs += (used.user + used.system) / 1000;
      totals.statements += statements - before;
      totals.count++;
    }
    return status;
  }

  const pgClient = process.env.BENCH_PGLITE_DIR ? null : await openBenchSql();
  let pgBefore = new Map<number, number>();
  let pgMs: number | null = null;
  const profiler = process.env.BOOKING_CPU_PROFILE ? new Session() : null;
  const started = performance.now();
  for (let i = 0; i < WARMUP + PAIRS; i++) {
    const authorization = `Bearer ${tokens[i % tokens.length]}`;
    const classId = classes[Math.floor(Math.random() * classes.length)];
    const measure = i >= WARMUP;
    lastPair = [];
    if (pgClient && i === WARMUP) pgBefore = await backendCpu(pgClient);
    if (profiler && i === WARMUP) {
      profiler.connect();
      await profiler.post("Profiler.enable");
      await profiler.post("Profiler.start");
    }
    let reservationId: number | null = null;
    await measured(measure ? book : null, async () => {
      const res = await app.inject({
        method: "POST",
        url: "/api/class_reservations",
        headers: { authorization },
        payload: { single_class_id: classId },
      });
      if (res.statusCode === 200) reservationId = res.json().class_reservation.class_reservation_id;
      else fail(`POST ${res.statusCode} ${res.json().code ?? ""}`);
      return res.statusCode;
    });
    await drainMail(measure);
    if (reservationId === null) continue;
    await measured(measure ? cancel : null, async () => {
      const res = await app.inject({
        method: "DELETE",
        url: `/api/class_reservations/${reservationId}`,
        headers: { authorization },
      });
      if (res.statusCode !== 200) fail(`DELETE ${res.statusCode} ${res.json().code ?? ""}`);
      return res.statusCode;
    });
    await drainMail(measure);
  }
  const seconds = (performance.now() - started) / 1000;
  if (pgClient) {
    const after = await backendCpu(pgClient);
    if (after.size > 0) pgMs = [...after].reduce((sum, [pid, ms]) => sum + ms - (pgBefore.get(pid) ?? 0), 0);
    await pgClient.end();
  }
  if (profiler) {
    const { profile } = await profiler.post("Profiler.stop");
    writeFileSync(process.env.BOOKING_CPU_PROFILE as string, JSON.stringify(profile));
    profiler.disconnect();
  }
  await app.close();
  await database.close();

  if (process.env.BOOKING_CPU_SQL)
    for (const sql of lastPair)
      console.log(`  ${sql.slice(0, Number(process.env.BOOKING_CPU_SQL_WIDTH ?? 160))}`);
  const line = (label: string, t: Totals) =>
    `${label}: ${(t.cpuMs / t.count).toFixed(2)} ms de CPU de Node, ${(t.statements / t.count).toFixed(1)} sentencias SQL (n = ${t.count})`;
  console.log(line("reservar", book));
  console.log(line("cancelar", cancel));
  mailWorker.count = book.count;
  console.log(line("correos en el trabajador, por par", mailWorker));
  if (pgMs !== null) {
    console.log(
      `PostgreSQL: ${(pgMs / book.count).toFixed(2)} ms de CPU por par reservar + cancelar (backends de la base, resolución 10 ms)`,
    );
  }
  console.log(
    `${PAIRS + WARMUP} pares en ${seconds.toFixed(1)} s (con calentamiento de ${WARMUP}); respuestas fallidas: ${
      [...failures].map(([what, n]) => `${n} × ${what}`).join(", ") || "0"
    }`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
