/**
 * `npm run bench`: the API under load against the physical limit of the stack, on PostgreSQL
 * with the data of `npm run bench:data`. Starts the real app and a bare Fastify server as child
 * processes on loopback (so the load generator does not share their event loop), runs autocannon
 * with 100 connections for BENCH_DURATION seconds per case, prints one table and writes it to
 * bench/RESULTS.md with the machine, the date and the load average.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { openSync } from "node:fs";
import os from "node:os";
import { ensureServerBuilt } from "../cluster/processes.mjs";
import { localDay } from "../domain/booking";
import { benchDatabaseUrl, benchPgliteDir, benchTargetLabel, openBenchSql } from "./bench-data";
import { appAt, CONNECTIONS, DURATION, loadFixtures, ONLY, runCases, signIn, table, wanted } from "./cases";
import { benchLocationId, ownerSession, REPORT_RUNS, reportTable, timeReports } from "./report-cases";
import { writeSection } from "./results-file";
import { loadGeneratorLabel } from "./wrk";

const APP_PORT = Number(process.env.BENCH_APP_PORT ?? "4811");
const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? "4812");
const url = benchDatabaseUrl();
const children: ChildProcess[] = [];

// BENCH_PROFILE_DIR=/tmp/prof writes a V8 CPU profile of the app (not of autocannon) for each run,
// to see where a case's time goes; the figures of such a run are slower and are not recorded.
const profileFlags = (label: string) =>
  label === "app" && process.env.BENCH_PROFILE_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];

/**
 * How a process is started: the app as `npm start` runs it in production (the compiled server,
 * `node --enable-source-maps dist/server/main.js`, built just before), the bare server through tsx.
 * BENCH_APP=tsx runs the app's TypeScript through tsx instead, as `npm run dev` does.
 */
const COMPILED_APP = process.env.BENCH_APP === "tsx" ? null : "dist/server/main.js";

function commandOf(label: string, args: string[]): string[] {
  if (label === "app" && COMPILED_APP) return ["--enable-source-maps", COMPILED_APP];
  return ["--import", "tsx", ...args];
}

function start(label: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [...profileFlags(label), ...commandOf(label, args)], {
    env: { ...process.env, ...env },
    // The app's warnings and errors (pino, stdout) go to a file to read after a failing case.
    stdio: [
      "ignore",
      openSync(`${process.env.BENCH_LOG_DIR ?? os.tmpdir()}/bench-${label}.log`, "w"),
      "inherit",
    ],
  });
  child.on("exit", (code) => {
    if (code && !stopping) console.error(`${label} terminó con código ${code}`);
  });
  children.push(child);
  return child;
}

let stopping = false;
function stopChildren() {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
}
process.on("exit", stopChildren);
process.on("SIGINT", () => process.exit(130));

async function waitFor(address: string, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(address)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${address} no respondió en ${seconds} s`);
}

const app = appAt(`http://127.0.0.1:${APP_PORT}`);

/**
 * Case r: the owner's reports, one request at a time over HTTP with the reference route in the
 * same run (bench/report-cases.ts, decision 0105), written to their own section. PostgreSQL only:
 * on PGlite the app holds the database, so no session can be written beside it.
 */
async function reportsCase(loadBefore: number[]) {
  if (!wanted("r") || benchPgliteDir()) return;
  const sql = await openBenchSql();
  const session = await ownerSession(sql);
  try {
    const headers = { authorization: `Bearer ${session.token}` };
    const get = async (path: string) => {
      const res = await fetch(app(path), { headers });
      return { status: res.status, body: await res.text() };
    };
    const config = (await (await fetch(app("/api/appconfig"))).json()) as { timezone?: string };
    const today = localDay(new Date(), config.timezone ?? "America/Mexico_City");
    const out = reportTable(
      await timeReports(get, today, REPORT_RUNS, undefined, await benchLocationId(sql)),
    );
    console.log(`\n${out}\n`);
    if (ONLY && !ONLY.includes("r")) return;
    const fmt = (l: number[]) => l.map((x) => x.toFixed(2)).join(" / ");
    writeSection(
      "bench-reports",
      [
        "## Reportes del dueño (`npm run bench`, caso r)",
        "",
        `- Fecha: ${new Date().toISOString()}; carga promedio antes: ${fmt(loadBefore)}, después: ${fmt(os.loadavg())}`,
        `- Sobre \`${benchTargetLabel()}\`, app compilada por HTTP, una petición a la vez: 3 de calentamiento y ${REPORT_RUNS} medidas por ruta (decisión 0105)`,
        "",
        out,
      ].join("\n"),
    );
  } finally {
    await session.end();
    await sql.end();
  }
}

async function main() {
  const loadBefore = os.loadavg();
  const fixtures = await loadFixtures();
  if (COMPILED_APP) await ensureServerBuilt();
  start("bare", ["bench/bare-server.ts"], { BARE_PORT: String(BARE_PORT) });
  const pgliteDir = benchPgliteDir();
  start("app", ["server/main.ts"], {
    ...(pgliteDir ? { DATA_DIR: pgliteDir, DATABASE_URL: "" } : { DATABASE_URL: url }),
    PORT: String(APP_PORT),
    HOST: "127.0.0.1",
    DEMO: "0",
    JOBS: "0",
    // Logs as production does (LOG_LEVEL's default, info: one access line per answer, decision
    // 0082), written to the file start() gives its stdout.
    RATE_LIMIT_MAX: "100000000",
    NODE_ENV: "production",
    AUTH_SECRET: process.env.AUTH_SECRET ?? "bench-secret-bench-secret-bench-secret-0123",
    PUBLIC_URL: app(""),
    WEB_DIST: "/nonexistent-bench-dist",
  });
  await waitFor(`http://127.0.0.1:${BARE_PORT}/`);
  // PGlite opens, recovers and migrates in the app process: slow on a loaded machine.
  await waitFor(app("/api/health"), 240);
  const {
    rows: [rows],
  } = await runCases({
    targets: [{ app, customer: await signIn(app, "cliente@demo.mx", "demo1234") }],
    bareUrl: `http://127.0.0.1:${BARE_PORT}/`,
    fixtures,
    databaseUrl: url,
  });

  await reportsCase(loadBefore);
  const loadAfter = os.loadavg();
  const out = table(rows);
  console.log(`\n${out}\n`);
  if (ONLY) {
    console.log("BENCH_CASES: sin escribir bench/RESULTS.md");
    return;
  }
  const machine = `${os.cpus().length} núcleos (${os.cpus()[0]?.model ?? "?"}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GB de memoria, Node ${process.version}`;
  const fmt = (l: number[]) => l.map((x) => x.toFixed(2)).join(" / ");
  writeSection(
    pgliteDir ? "bench-pglite" : "bench",
    [
      pgliteDir
        ? `## API bajo carga en PGlite, la base embebida (\`BENCH_PGLITE_DIR=… npm run bench\`)`
        : `## API bajo carga (\`npm run bench\`)`,
      "",
      `- Fecha: ${new Date().toISOString()}`,
      `- Máquina: ${machine}`,
      `- Carga promedio (1/5/15 min) antes: ${fmt(loadBefore)}; después: ${fmt(loadAfter)}`,
      `- Comando: \`BENCH_DURATION=${DURATION} BENCH_CONNECTIONS=${CONNECTIONS} npm run bench\` sobre \`${benchTargetLabel()}\` (datos de \`npm run bench:data\`, BENCH_SCALE del último bench:data), ${loadGeneratorLabel(CONNECTIONS)}, ${DURATION} s por caso, loopback`,
      "",
      out,
      "",
      "p50/p99 de (f) son de todas las peticiones (POST y DELETE), de (f0) de todas las sentencias; (g) cuenta latencias de cada una de las 500 peticiones, req/s = 500 / tiempo total del burst. (f0) y (f) se comparan en pares reservar + cancelar por segundo.",
    ].join("\n"),
  );
  console.log("Escrito en bench/RESULTS.md");
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    stopChildren();
    // autocannon keeps sockets briefly; do not wait for them.
    setTimeout(() => process.exit(), 500).unref();
  });
