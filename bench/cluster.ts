/**
 * `npm run bench:cluster` (decision 0025, several instances): the cases of `npm run bench` on one
 * compiled instance and on three behind HAProxy, each case on both one right after the other, on
 * the same machine, database and data (`npm run bench:data` first). The instances and the balancer
 * are started exactly as `npm run test:cluster` starts them (cluster/processes.mjs: the systemd
 * unit's environment and command, cluster/haproxy.cfg), so with SHARED_STATE=postgres in both runs.
 * Prints each case for 1 and 3 instances and the ratio 3/1, with the bare Fastify reference (a)
 * measured in each run and once more behind HAProxy (what the balancer itself costs), and writes
 * the table to bench/RESULTS.md. Every process it starts is stopped by its PID at the end, also on
 * error or Ctrl-C.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureServerBuilt, processGroup, ROOT, requireHaproxy, waitReady } from "../cluster/processes.mjs";
import { benchDatabaseUrl, benchPgliteDir, benchTargetLabel, openBenchSql } from "./bench-data";
import {
  appAt,
  CONNECTIONS,
  cannon,
  DURATION,
  type Fixtures,
  isolatedLatency,
  loadFixtures,
  ONLY,
  type Row,
  runCases,
  settle,
  signIn,
  toRow,
} from "./cases";
import { writeSection } from "./results-file";
import { loadGeneratorLabel } from "./wrk";

// Ports of their own (47xxx) so this never meets `npm run bench` (4811/4812) or test:cluster.
const BASE_PORT = Number(process.env.BENCH_CLUSTER_PORT_BASE ?? "47810");
const BARE_PORT = BASE_PORT;
const APP_PORTS = [BASE_PORT + 1, BASE_PORT + 2, BASE_PORT + 3] as const;
const LB_PORT = BASE_PORT + 10;
const BARE_LB_PORT = BASE_PORT + 11;
const local = (port: number) => `http://127.0.0.1:${port}`;
const LB = local(LB_PORT);
const url = benchDatabaseUrl();
const SHARED_STATE = process.env.BENCH_SHARED_STATE;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "estudio-bench-cluster-"));
const group = processGroup(work);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What /etc/estudio/env holds for the bench: the same for every instance. */
const instanceEnv = (index: number): Record<string, string> => ({
  DATABASE_URL: url,
  AUTH_SECRET: process.env.AUTH_SECRET ?? "bench-secret-bench-secret-bench-secret-0123",
  PUBLIC_URL: LB,
  DATA_DIR: path.join(work, `data${index + 1}`),
  // As `npm run bench`: jobs off (their polling is not the load measured), production's logging
  // (one access line per answer, decision 0082), and no per-IP limit (all the load comes from
  // 127.0.0.1).
  JOBS: "0",
  DEMO: "0",
  RATE_LIMIT_MAX: "100000000",
  WEB_DIST: path.join(work, "no-web"),
  WEB_SSR_DIST: path.join(work, "no-ssr"),
  // BENCH_SHARED_STATE=memory: the unit's SHARED_STATE=postgres off, to see what the shared
  // counters cost. Every request of the bench comes from 127.0.0.1, so the global per-IP limit is
  // one row of estudio_shared.rate_limit that every request updates; real traffic spreads over
  // many addresses. Without it the instances do not hear each other's writes (caches stay stale
  // up to their TTL): a diagnosis, not a deployment.
  ...(SHARED_STATE ? { SHARED_STATE } : {}),
});

function startBare(port: number) {
  const logFile = path.join(work, "bare.log");
  const out = fs.openSync(logFile, "w");
  const child = spawn(process.execPath, ["--import", "tsx", "bench/bare-server.ts"], {
    cwd: ROOT,
    stdio: ["ignore", out, out],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, BARE_PORT: String(port) },
  });
  fs.closeSync(out);
  return group.track("bare", child, logFile);
}

/** Every run starts (g) with the burst class's 20 seats free. */
async function freeBurstSeats(fixtures: Fixtures) {
  const sql = await openBenchSql();
  try {
    await sql.query("delete from class_reservations where single_class_id = $1", [fixtures.burst]);
  } finally {
    await sql.end();
  }
}

const num = (v: number) => v.toFixed(0);
/** Latency of a case in which no request came back within the run: only a lower bound. */
const late = (r: Row, v: number) => (r.completed === 0 ? `> ${DURATION * 1000}` : num(v));
const ratio = (a: number, b: number) => (a > 0 && b > 0 ? (a / b).toFixed(2) : "—");
const pct = (v: number | undefined) => `${((v ?? 0) * 100).toFixed(0)}%`;
const verdict = (r: Row | undefined) =>
  !r ? "—" : `${r.pass === undefined ? "—" : r.pass ? "pasa" : "NO pasa"}${r.note ? ` (${r.note})` : ""}`;

/** One line per case: its figures with one instance, with three, and three over one. */
function comparison(one: Row[], three: Row[], balancerOnly: Row): string {
  const head =
    "| caso | 1 inst. req/s | p50 | p99 | vs (a) | 3 inst. req/s | p50 | p99 | vs (a) | 3/1 req/s | 3/1 p99 | errores 1 · 3 | 1 instancia | 3 instancias |";
  const lines = one.map((r1) => {
    const r3 = three.find((r) => r.case === r1.case);
    // (f0) is the database alone, measured once: it is the same figure for both.
    if (!r3 || r1.case.startsWith("(f0)")) {
      return `| ${r1.case} | ${num(r1.rps)} | ${num(r1.p50)} | ${num(r1.p99)} | ${pct(r1.ratio)} | (la misma) | | | | — | — | ${r1.errors} | ${verdict(r1)} | |`;
    }
    const p99s = r1.completed === 0 || r3.completed === 0 ? "—" : ratio(r3.p99, r1.p99);
    return `| ${r1.case} | ${num(r1.rps)} | ${late(r1, r1.p50)} | ${late(r1, r1.p99)} | ${pct(r1.ratio)} | ${num(r3.rps)} | ${late(r3, r3.p50)} | ${late(r3, r3.p99)} | ${pct(r3.ratio)} | ${ratio(r3.rps, r1.rps)} | ${p99s} | ${r1.errors} · ${r3.errors} | ${verdict(r1)} | ${verdict(r3)} |`;
  });
  const b = balancerOnly;
  lines.splice(
    1,
    0,
    `| ${b.case} | | | | | ${num(b.rps)} | ${num(b.p50)} | ${num(b.p99)} | ${pct(b.ratio)} | — | — | · ${b.errors} | | |`,
  );
  return [head, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|", ...lines].join("\n");
}

const MEANING =
  "Qué significa en 2 núcleos: tres procesos de Node, HAProxy, PostgreSQL y el generador de carga se reparten los mismos dos núcleos, así que en los casos que gastan CPU (casi todos) tres instancias no pueden dar más peticiones por segundo que una: cada petición cuesta lo mismo y además pasa por el balanceador. Lo que esta tabla prueba es que nada se rompe con tres (ningún 5xx ni tiempo agotado, (g) reserva exactamente 20) y cuánto cuesta el salto extra (compárense (a) y (a⁺), y los p50). La ganancia de tres instancias aparece con núcleos para cada una: docs/deploy.md, «Sizing a larger deployment (tamaño de un despliegue mayor)». Todo el bench viene de una sola dirección (127.0.0.1): el límite global por IP se cuenta en memoria y se escribe en estudio_shared.rate_limit cada 200 ms (decisión 0040), no en cada petición; `BENCH_SHARED_STATE=memory npm run bench:cluster` mide lo mismo sin contadores compartidos. Véase la carga promedio y el 3/1 de (a) para el ruido de la máquina.";
const MEMORY_MEANING =
  "Diagnóstico, no un despliegue: sin SHARED_STATE=postgres las instancias no comparten los contadores ni se enteran de las escrituras de las otras. Comparada con la sección anterior, la diferencia de una instancia en (b), (c') y (h) es lo que cuesta el límite global por IP compartido cuando toda la carga viene de una dirección: una sola fila de estudio_shared.rate_limit que cada petición actualiza. La máquina es compartida con otros trabajos: las cifras tienen ruido.";

async function main() {
  if (benchPgliteDir()) throw new Error("bench:cluster necesita PostgreSQL: PGlite es de un solo proceso");
  requireHaproxy();
  await ensureServerBuilt();
  const loadBefore = os.loadavg();
  const fixtures = await loadFixtures();
  const bareUrl = `${local(BARE_PORT)}/`;
  startBare(BARE_PORT);
  // All three run from the start; "one instance" is the first one's own port, the other two
  // idle (JOBS=0: an idle instance costs nothing but its memory and one LISTEN connection).
  const instances = APP_PORTS.map((port, i) => group.startInstance(`app${i + 1}`, port, instanceEnv(i)));
  group.startHaproxy(
    "haproxy",
    `127.0.0.1:${LB_PORT}`,
    APP_PORTS.map((port) => `127.0.0.1:${port}`),
  );
  // The same balancer in front of the bare server three times: its own ceiling on this machine.
  // The bare server has no /api/ready, so its checks fail and HAProxy serves through the backup
  // lines of the same config (option allbackups), which have no checks.
  group.startHaproxy(
    "haproxy-bare",
    `127.0.0.1:${BARE_LB_PORT}`,
    [0, 1, 2].map(() => `127.0.0.1:${BARE_PORT}`),
  );
  await waitReady(local(BARE_PORT), 60, "/");
  await Promise.all(APP_PORTS.map((port) => waitReady(local(port), 180)));
  await waitReady(LB, 30);
  await waitReady(local(BARE_LB_PORT), 30, "/");
  // HAProxy marks a server up after two good checks a second apart (rise 2, inter 1s).
  await sleep(3_000);
  const one = appAt(local(APP_PORTS[0]));
  const three = appAt(LB);
  // The sign-in checks the Origin against PUBLIC_URL, the balancer's address; the session is in
  // the database, so the token works on every instance.
  const customer = await signIn(one, "cliente@demo.mx", "demo1234", LB);

  process.stdout.write("(a⁺) Fastify sin nada, detrás de HAProxy…\n");
  await settle(three);
  const balancer = {
    ...toRow(
      "(a⁺) Fastify sin nada detrás de HAProxy",
      await cannon({ url: `${local(BARE_LB_PORT)}/` }),
      "techo del balanceador",
    ),
    alone: await isolatedLatency(`${local(BARE_LB_PORT)}/`, {}),
  };
  const {
    rows: [first, second],
  } = await runCases({
    targets: [
      { app: one, customer },
      { app: three, customer },
    ],
    bareUrl,
    fixtures,
    databaseUrl: url,
    beforeBurst: () => freeBurstSeats(fixtures),
  });
  // The cases start with (a), the bare server, measured on the three-instance pass too.
  balancer.ratio = balancer.rps / (second[0]?.rps ?? Number.NaN);
  const dead = instances.filter((entry) => entry.exit !== null).map((entry) => entry.name);
  if (dead.length > 0) throw new Error(`Instancias caídas durante el bench: ${dead.join(", ")} (${work})`);
  const loadAfter = os.loadavg();

  const out = comparison(first, second, balancer);
  console.log(`\n${out}\n`);
  if (ONLY) {
    console.log("BENCH_CASES: sin escribir bench/RESULTS.md");
    return;
  }
  const machine = `${os.cpus().length} núcleos (${os.cpus()[0]?.model ?? "?"}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GB de memoria, Node ${process.version}`;
  const fmt = (l: number[]) => l.map((x) => x.toFixed(2)).join(" / ");
  writeSection(
    SHARED_STATE === "memory" ? "bench-cluster-memory" : "bench-cluster",
    [
      SHARED_STATE === "memory"
        ? "### Lo mismo con SHARED_STATE=memory (diagnóstico: sin contadores compartidos)"
        : "## Una instancia contra tres",
      "",
      `- Fecha: ${new Date().toISOString()}`,
      `- Máquina: ${machine}; PostgreSQL en la misma máquina`,
      `- Carga promedio (1/5/15 min, como \`uptime\`) antes: ${fmt(loadBefore)}; después: ${fmt(loadAfter)}`,
      `- Comando: \`BENCH_DURATION=${DURATION} BENCH_CONNECTIONS=${CONNECTIONS} npm run bench:cluster\` sobre \`${benchTargetLabel()}\` (datos de \`npm run bench:data\`), ${loadGeneratorLabel(CONNECTIONS)}, ${DURATION} s por caso, loopback. Instancias compiladas (\`dist/server\`) arrancadas con el entorno y el comando de cluster/estudio@.service (SHARED_STATE=${SHARED_STATE ?? "postgres"}${SHARED_STATE ? "" : ", también con una sola"}), HAProxy con cluster/haproxy.cfg; JOBS=0 como en \`npm run bench\`.`,
      "- Las tres instancias corren desde el principio; cada caso se mide primero en una (directo a su puerto, las otras dos ociosas) y enseguida en las tres por el balanceador, para que un cambio de carga de la máquina entre casos no entre en su cociente. (a) se mide igual dos veces seguidas: su 3/1 es el ruido de la máquina. (a⁺) es el mismo servidor mínimo detrás de HAProxy: lo que el balanceador añade por sí solo. (f0) es el límite de la base sin la app, medido una vez.",
      "",
      out,
      "",
      SHARED_STATE === "memory" ? MEMORY_MEANING : MEANING,
    ].join("\n"),
  );
  console.log("Escrito en bench/RESULTS.md");
}

let interrupted = false;
const interrupt = () => {
  if (interrupted) return;
  interrupted = true;
  void group.stopAll().finally(() => process.exit(130));
};
process.on("SIGINT", interrupt);
process.on("SIGTERM", interrupt);

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(error);
  console.error(`Registros de las instancias y de HAProxy: ${work}`);
  process.exitCode = 1;
} finally {
  await group.stopAll();
  if (!failed) fs.rmSync(work, { recursive: true, force: true });
  // autocannon keeps sockets briefly; do not wait for them.
  setTimeout(() => process.exit(), 500).unref();
}
