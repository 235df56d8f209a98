// `npm test`: unit + API suites on PGlite, again on PostgreSQL when TEST_DATABASE_URL is set, and
// the browser journeys in Debian's Chromium. Ends with one "N passed, N failed" line.
//
// The journeys mostly wait on the browser and their servers, the API suites on their database:
// all three run at the same time (docs/decisions/0029), each writing its output to
// .tmp/vitest-<suite>.log, printed whole when that suite ends. TEST_PARALLEL=0 runs them one
// after another, as before.
// `npm test api`, `npm test e2e` or `npm test build` runs one part.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureServerBuilt } from "./build-server.mjs";
import { ensureInstalled, ensureWebBuilt } from "./ensure-ready.mjs";

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, ".tmp");
fs.mkdirSync(outDir, { recursive: true });
ensureInstalled();

const totals = { passed: 0, failed: 0, skipped: 0 };
/** Failed tests by suite, printed again at the very end: CI logs are often read from the tail. */
const failures = [];
/** How long each suite took, printed before the totals. */
const timings = [];
let anyFailure = false;
/** Suites running now, by label: their start time and process (stopped if `npm test` is). */
const running = new Map();

/** Every file's wall time by suite (seconds), for the slowest-files list printed at the end. */
const fileTimes = [];

/** Adds one suite's JSON report to the totals and the failure list. */
function record(label, report) {
  if (!fs.existsSync(report)) {
    totals.failed += 1;
    failures.push(`[${label}] vitest no escribió su informe (${path.relative(root, report)})`);
    return;
  }
  const json = JSON.parse(fs.readFileSync(report, "utf8"));
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  totals.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
  if (json.numFailedTestSuites > 0 && json.numFailedTests === 0) totals.failed += json.numFailedTestSuites;
  for (const file of json.testResults) {
    const where = path.relative(root, file.name);
    if (file.endTime && file.startTime)
      fileTimes.push({ label, where, seconds: (file.endTime - file.startTime) / 1000 });
    const failed = file.assertionResults.filter((test) => test.status === "failed");
    for (const test of failed) {
      const why = (test.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 300);
      failures.push(`[${label}] ${where} > ${test.fullName}\n    ${why}`);
    }
    if (file.status === "failed" && failed.length === 0) {
      failures.push(`[${label}] ${where}\n    ${(file.message ?? "").split("\n")[0].slice(0, 300)}`);
    }
  }
}

/**
 * Runs one vitest suite. `alone`: its output goes straight to the terminal; otherwise to
 * .tmp/vitest-<label>.log, printed whole once it ends, so suites running side by side never
 * interleave their lines.
 */
function vitest(label, args, env, alone) {
  const report = path.join(outDir, `vitest-${label}.json`);
  const log = path.join(outDir, `vitest-${label}.log`);
  fs.rmSync(report, { force: true });
  const started = Date.now();
  if (alone) console.log(`\n=== ${label} ===`);
  else console.log(`--- ${label}: empieza (salida en ${path.relative(root, log)})`);
  const out = alone ? "inherit" : fs.openSync(log, "w");
  const child = spawn(
    process.execPath,
    [
      "node_modules/vitest/vitest.mjs",
      "run",
      ...args,
      "--reporter=default",
      "--reporter=json",
      `--outputFile=${report}`,
    ],
    { cwd: root, stdio: ["ignore", out, out], env: { ...process.env, ...env } },
  );
  running.set(label, { started, child });
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      running.delete(label);
      if (typeof out === "number") fs.closeSync(out);
      const seconds = Math.round((Date.now() - started) / 1000);
      timings.push(`${label} ${seconds} s`);
      if (!alone) {
        console.log(`\n=== ${label} (${seconds} s) ===`);
        process.stdout.write(fs.readFileSync(log, "utf8"));
      }
      record(label, report);
      if (code !== 0) anyFailure = true;
      if (signal) failures.push(`[${label}] vitest terminó por la señal ${signal}`);
      resolve();
    });
  });
}

const only = process.argv[2]; // optional: "api", "e2e" or "build"
const parallel = process.env.TEST_PARALLEL !== "0" && !only;

/** Settled when the PostgreSQL run has ended (or will not run): the build suite starts then. */
const postgresEnded = {};
postgresEnded.promise = new Promise((resolve) => {
  postgresEnded.resolve = resolve;
});

/** The line that puts an API test file in the PostgreSQL run too, with its reason after it. */
const POSTGRES_MARK = /^\/\/ Runs on PostgreSQL too: /m;

/** Every test file below `dir` (relative to the root). */
function testFiles(dir) {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => path.join(dir, file));
}

/**
 * The files of the PostgreSQL run (docs/decisions/0061). Every API file runs on PGlite, the
 * embedded default; on PostgreSQL run the files marked with POSTGRES_MARK: those whose subject
 * is where the two engines differ (locks and concurrency across instances, the pool, prepared
 * statements, pg-boss, LISTEN/NOTIFY, pg_dump, snapshots) and one file per money and booking
 * path. TEST_POSTGRES=all runs every server file there, as before.
 */
function postgresFiles() {
  if (process.env.TEST_POSTGRES === "all") return ["server"];
  const marked = testFiles("server").filter((file) =>
    POSTGRES_MARK.test(fs.readFileSync(path.join(root, file), "utf8")),
  );
  if (marked.length === 0) throw new Error(`ningún archivo de server/ lleva «${POSTGRES_MARK.source}»`);
  return marked;
}

/**
 * The API suites: PGlite and PostgreSQL (one vitest worker each on two cores), at the same time
 * when suites run side by side: the PostgreSQL one spends much of its time waiting on the server.
 */
async function apiSuites() {
  // The shards run under two machine zones far apart, UTC and Auckland (the PostgreSQL run's), so
  // a date computed in the machine's zone instead of the studio's fails somewhere (decision 0061).
  const zones = ["UTC", "Pacific/Auckland"];
  const pgliteEnv = (shard = 0) => ({ TEST_DB_DRIVER: "pglite", TZ: process.env.TZ ?? zones[shard % 2] });
  // PGlite runs in the test process, one core each: in one process it was the last suite to end by
  // minutes, alone on one core while the other idled. Side by side it runs as two vitest shards
  // (half the files each) so the suites end together (TEST_PGLITE_SHARDS, default 2).
  const shards = parallel ? Math.max(1, Number(process.env.TEST_PGLITE_SHARDS ?? "2")) : 1;
  const pglite = () =>
    shards === 1
      ? vitest("pglite", [], pgliteEnv(), !parallel)
      : Promise.all(
          Array.from({ length: shards }, (_, i) =>
            vitest(`pglite-${i + 1}`, [`--shard=${i + 1}/${shards}`], pgliteEnv(i), false),
          ),
        );
  if (!process.env.TEST_DATABASE_URL) {
    postgresEnded.resolve();
    await pglite();
    console.log("\n(TEST_DATABASE_URL no está definido: las pruebas de API en PostgreSQL se omiten)");
    return;
  }
  const postgres = () =>
    vitest(
      "postgres",
      postgresFiles(),
      { TEST_DB_DRIVER: "postgres", TZ: "Pacific/Auckland" },
      !parallel,
    ).then(postgresEnded.resolve);
  if (parallel) await Promise.all([pglite(), postgres()]);
  else {
    await pglite();
    await postgres();
  }
}

/** The browser journeys (e2e/vitest.config.ts: one server per worker, E2E_WORKERS). */
async function journeys() {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (fs.existsSync(chromium)) {
    ensureWebBuilt();
    // No screenshots here (nobody looks at them in a full run; decision 0108): E2E_SCREENSHOTS=1
    // takes them anyway.
    const env = { CHROMIUM_PATH: chromium, E2E_SCREENSHOTS: process.env.E2E_SCREENSHOTS ?? "0" };
    // With a PostgreSQL server at hand the journeys' servers use it, a new database each: the same
    // journeys took a sixth less CPU and a third less time than on embedded PGlite (decision 0125),
    // which every API file and the build suite's compiled server still run on.
    const postgres = process.env.E2E_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (postgres) env.E2E_DATABASE_URL = postgres;
    await vitest("e2e", ["--config", "e2e/vitest.config.ts"], env, !parallel);
  } else if (process.env.CI) {
    console.error(`\nNo se encontró Chromium en ${chromium}: CI lo necesita (apt-get install -y chromium).`);
    anyFailure = true;
    totals.failed += 1;
  } else {
    console.log(
      `\n(No se encontró Chromium en ${chromium}: las pruebas en navegador se omiten. apt-get install -y chromium)`,
    );
  }
}

/**
 * The build suite (integration/, docs/decisions/0058): the compiled server (dist/server, as
 * `npm start` runs it; rebuilt first if stale) against a loopback double of every provider.
 * One server boot, about a minute. `npm test build` runs it alone.
 */
async function buildSuite() {
  // Started beside the journeys' two servers, its server seeded its demo studio (a fresh on-disk
  // PGlite, migrated from nothing) for over 4 minutes on a loaded machine: it waits for the
  // PostgreSQL run, the shortest API suite, to end.
  if (parallel) await postgresEnded.promise;
  await vitest("build", ["--config", "integration/vitest.config.ts"], {}, !parallel);
}

// Stopping `npm test` stops the suites it started (their output goes to files, not the terminal).
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const { child } of running.values()) child.kill(signal);
    process.exit(130);
  });
}

// A line now and then while suites run side by side, so a CI log never sits silent for 10 min.
const heartbeat = parallel
  ? setInterval(() => {
      const now = Date.now();
      const list = [...running].map(
        ([label, { started }]) => `${label} ${Math.round((now - started) / 60_000)} min`,
      );
      if (list.length) console.log(`--- en curso: ${list.join(", ")}`);
    }, 120_000)
  : undefined;

// The compiled server (dist/server), which the journeys and the multi-process tests start as
// `npm start` does: built here once, before suites that would each find it stale at once.
await ensureServerBuilt();

const suites = [];
if (!only || only === "api") suites.push(apiSuites);
if (!only || only === "e2e") suites.push(journeys);
if (!only || only === "build") suites.push(buildSuite);
if (parallel) {
  await Promise.all(suites.map((suite) => suite()));
} else {
  for (const suite of suites) await suite();
}
clearInterval(heartbeat);

// The slowest files of the run, so where a CI run's time went can be read from its tail
// (decision 0029: the run is to stay under 20 minutes).
const slowest = fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, 25);
if (slowest.length > 0) {
  console.log("\nArchivos más lentos:");
  for (const { label, where, seconds } of slowest)
    console.log(`  ${Math.round(seconds)} s  [${label}] ${where}`);
  for (const label of new Set(fileTimes.map((f) => f.label))) {
    const sum = fileTimes.filter((f) => f.label === label).reduce((total, f) => total + f.seconds, 0);
    console.log(`  ${label}: ${Math.round(sum)} s en archivos`);
  }
}
if (timings.length > 1) console.log(`\nDuración: ${timings.join(", ")}`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.join("\n")}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(anyFailure || totals.failed > 0 ? 1 : 0);
