// `npm run test:cluster`: PostgreSQL, three compiled app instances (started from the systemd unit
// cluster/estudio@.service) and HAProxy (cluster/haproxy.cfg) on loopback ports, and the checks
// that several instances must keep (decision 0025): the last-seats burst books exactly the seats
// there are, a wrong password past the free ones is slowed by every instance (decision 0056), an
// app-config change reaches all of them within a second, each background job runs once, a SIGKILLed
// instance loses no acknowledged write while the balancer keeps serving, and SIGTERM lets in-flight
// requests finish. Every process it starts is stopped by its PID. Needs haproxy (apt-get install
// haproxy; .ci/run installs it).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import PgBoss from "pg-boss";
import { ensureServerBuilt, processGroup, ROOT, requireHaproxy, waitReady } from "./processes.mjs";

const ADMIN_URL = process.env.CLUSTER_ADMIN_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const DB_NAME = process.env.CLUSTER_DB || "estudio_cluster";
const DB_URL = (() => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
})();
const BASE_PORT = Number(process.env.CLUSTER_PORT_BASE || 18480);
const LB = `http://127.0.0.1:${BASE_PORT}`;
const PORTS = [BASE_PORT + 1, BASE_PORT + 2, BASE_PORT + 3];
const direct = (i) => `http://127.0.0.1:${PORTS[i]}`;
const METRICS_TOKEN = randomBytes(16).toString("hex");
const AUTH_SECRET = randomBytes(32).toString("hex");
const BOOKERS = 500;
const RENEWAL_JOB = "renew-subscriptions";
const ADMIN = { email: "duena@cluster.mx", password: `Cluster-${randomBytes(6).toString("hex")}-Pulso` };
const started = performance.now();
const work = fs.mkdtempSync(path.join(os.tmpdir(), "estudio-cluster-"));

/** Every child process, by PID, so each one is stopped at the end whatever happens. */
const group = processGroup(work);
const { stopAll } = group;
const results = [];
let failed = false;

function log(line) {
  console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
}

function check(name, ok, detail) {
  results.push({ name, ok, detail });
  if (!ok) failed = true;
  log(`${ok ? "✓" : "✗"} ${name}: ${detail}`);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function startInstance(index, extra = {}) {
  return group.startInstance(`app${index + 1}`, PORTS[index], {
    // What /etc/estudio/env holds in production:
    DATABASE_URL: DB_URL,
    AUTH_SECRET,
    PUBLIC_URL: LB,
    METRICS_TOKEN,
    DATA_DIR: path.join(work, `data${index + 1}`),
    LOG_LEVEL: "info",
    // Every request of this test comes from 127.0.0.1: the per-IP global limit would stop it.
    RATE_LIMIT_MAX: "1000000",
    AUTH_DISTINCT_EMAILS_MAX: "1000",
    WEB_DIST: path.join(work, "no-web"),
    WEB_SSR_DIST: path.join(work, "no-ssr"),
    DEMO: "0",
    ...extra,
  });
}

async function sql(text, params) {
  const client = new pg.Client({ connectionString: DB_URL });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

async function post(base, url, body, headers = {}) {
  const res = await fetch(`${base}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: LB, ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text };
}

const book = (base, token, classId) =>
  post(
    base,
    "/api/class_reservations",
    { single_class_id: classId },
    { authorization: `Bearer ${token}` },
  ).catch((error) => ({ status: 0, text: String(error) }));

async function metricsOf(i) {
  const res = await fetch(`${direct(i)}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return res.ok ? await res.text() : "";
}

function metricValue(text, pattern) {
  let sum = 0;
  for (const line of text.split("\n")) if (line.startsWith(pattern)) sum += Number(line.split(" ").pop());
  return sum;
}

// --- set-up ------------------------------------------------------------------------------

async function recreateDatabase() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
}

async function fixtures() {
  await sql(`
    with emails as (select 'booker' || i || '@cluster.mx' email from generate_series(1, ${BOOKERS}) i),
    users as (
      insert into "user" (id, name, email, email_verified, role)
      select 'cluster-' || md5(email), 'Cliente Cluster', email, true, 'customer' from emails returning id, email)
    insert into customers (uid, name, last_name, email, phone, birthdate)
    select id, 'Cliente', 'Cluster', email, '83' || lpad(row_number() over ()::text, 8, '0'), date '1990-05-05'
    from users`);
  await sql(`
    insert into session (id, token, expires_at, user_id)
    select 'cluster-s-' || u.id, 'clustertok' || md5(c.customer_id::text), now() + interval '1 day', u.id
    from "user" u join customers c on c.uid = u.id where u.email like '%@cluster.mx'`);
  await sql(`
    insert into accepted_pages (page_id, customer_id)
    select p.page_id, c.customer_id from pages p, customers c
    where (p.required or p.required_at_signup) and c.email like '%@cluster.mx' on conflict do nothing`);
  await sql(`
    insert into available_classes (customer_id, available_classes, expiration_date)
    select customer_id, 1000, now() + interval '1 year' from customers where email like '%@cluster.mx'`);
  const classes = await sql(`
    with l as (insert into locations (name) values ('Sede Cluster') returning location_id),
         t as (insert into class_types (name) values ('Cluster') returning class_type_id)
    insert into single_classes (class_date, duration_minutes, capacity, location_id, class_type_id, description)
    select date_trunc('day', now()) + interval '3 days 7 hours', 50, v.seats, l.location_id, t.class_type_id, v.name
    from (values (20, 'cluster-burst'), (2000, 'cluster-kill'), (2000, 'cluster-drain')) v(seats, name), l, t
    returning single_class_id, description`);
  const tokens = (
    await sql(`select 'clustertok' || md5(customer_id::text) token from customers
               where email like '%@cluster.mx' order by customer_id`)
  ).rows.map((r) => r.token);
  const classOf = Object.fromEntries(classes.rows.map((r) => [r.description, r.single_class_id]));
  return { tokens, classOf };
}

// --- the checks --------------------------------------------------------------------------

async function lastSeatsBurst({ tokens, classOf }) {
  const before = await Promise.all([0, 1, 2].map(metricsOf));
  const t0 = performance.now();
  const answers = await Promise.all(
    tokens.slice(0, 500).map((token) => book(LB, token, classOf["cluster-burst"])),
  );
  const ms = performance.now() - t0;
  const after = await Promise.all([0, 1, 2].map(metricsOf));
  const route = 'estudio_http_requests_total{method="POST",route="/api/class_reservations"';
  const spread = after.map((text, i) => metricValue(text, route) - metricValue(before[i], route));
  const booked = answers.filter((a) => a.status === 200).length;
  const failures = answers.filter((a) => a.status === 0 || a.status >= 500);
  const errors = failures.length;
  const rows = await sql("select count(*)::int n from class_reservations where single_class_id = $1", [
    classOf["cluster-burst"],
  ]);
  check(
    "500 a la vez por 20 lugares, repartidas en 3 instancias",
    booked === 20 && rows.rows[0].n === 20 && errors === 0 && spread.every((n) => n > 0),
    `${booked} reservadas (BD: ${rows.rows[0].n}), ${errors} errores 5xx${errors ? ` (${[...new Set(failures.map((a) => `${a.status} ${a.text.slice(0, 80)}`))].join("; ")})` : ""}, por instancia ${spread.join("/")}, ${ms.toFixed(0)} ms`,
  );
}

async function wrongPasswords() {
  // A customer's email: the owner's own sign-in above already counted one attempt on theirs.
  const email = "booker1@cluster.mx";
  // An address gets ACCOUNT_FREE_FAILURES (5) wrong passwords on an account freely, then growing
  // delays during which every instance refuses with 429 (server/auth/guessing-limit.ts,
  // decision 0056): the count is shared, so the instance asked next knows it.
  const FREE = 5;
  const statuses = [];
  for (let i = 0; i < FREE; i++) {
    statuses.push((await post(LB, "/api/auth/sign-in/email", { email, password: `equivocada-${i}` })).status);
  }
  const next = [];
  for (let i = 0; i < 3; i++) {
    next.push((await post(direct(i), "/api/auth/sign-in/email", { email, password: "equivocada-6" })).status);
  }
  check(
    "6.ª contraseña equivocada frenada por cualquier instancia",
    statuses.every((s) => s === 401) && next.every((s) => s === 429),
    `${FREE} intentos por el balanceador: ${statuses.join(",")}; el siguiente directo a cada instancia: ${next.join(",")}`,
  );
}

async function appConfigEverywhere() {
  const signIn = await post(LB, "/api/auth/sign-in/email", ADMIN);
  const token = signIn.headers.get("set-auth-token");
  if (!token) {
    check(
      "cambio de configuración en todas las instancias en < 1 s",
      false,
      `sin sesión de admin (${signIn.status})`,
    );
    return;
  }
  const read = async (i) => {
    const res = await fetch(`${direct(i)}/api/appconfig`);
    const list = await res.json();
    return (Array.isArray(list) ? list : list.config).find((e) => e.key === "name")?.value;
  };
  // Every instance has the old value cached (5 s) before the change.
  await Promise.all([0, 1, 2].map(read));
  const name = `Estudio Cluster ${Date.now()}`;
  const res = await fetch(`${LB}/api/appconfig`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, origin: LB },
    body: JSON.stringify([{ key: "name", value: name }]),
  });
  const t0 = performance.now();
  const seenAfter = await Promise.all(
    [0, 1, 2].map(async (i) => {
      while (performance.now() - t0 < 5_000) {
        if ((await read(i)) === name) return performance.now() - t0;
        await sleep(10);
      }
      return Number.POSITIVE_INFINITY;
    }),
  );
  check(
    "cambio de configuración por una instancia, servido por todas en < 1 s",
    res.status === 200 && seenAfter.every((ms) => ms < 1_000),
    `PUT ${res.status}; visto en ${seenAfter.map((ms) => `${ms.toFixed(0)} ms`).join(" / ")}`,
  );
}

async function jobsRunOnce(instances) {
  const boss = new PgBoss({ connectionString: DB_URL, schema: "pgboss", supervise: false, schedule: false });
  boss.on("error", () => {});
  await boss.start();
  const ids = [];
  for (let i = 0; i < 12; i++) ids.push(await boss.send(RENEWAL_JOB, { cluster: i }));
  await boss.stop({ graceful: false, close: true });
  const deadline = Date.now() + 20_000;
  let done = 0;
  while (Date.now() < deadline) {
    const { rows } = await sql(
      "select count(*)::int n from pgboss.job where id = any($1) and state = 'completed'",
      [ids],
    );
    done = rows[0].n;
    if (done === ids.length) break;
    await sleep(200);
  }
  await sleep(300);
  const runs = new Map(ids.map((id) => [id, []]));
  for (const entry of instances) {
    for (const line of fs.readFileSync(entry.logFile, "utf8").split("\n")) {
      if (!line.includes('"jobs: done"')) continue;
      const parsed = JSON.parse(line);
      runs.get(parsed.job_id)?.push(entry.name);
    }
  }
  const once = [...runs.values()].every((names) => names.length === 1);
  const by = {};
  for (const names of runs.values()) for (const name of names) by[name] = (by[name] ?? 0) + 1;
  check(
    "cada tarea de renovación corre una sola vez",
    done === ids.length && once,
    `${done}/${ids.length} completadas; corridas por instancia ${JSON.stringify(by)}`,
  );
}

/** Workers book one class each through the balancer; `during` runs while they do. */
async function bookUnderLoad(tokens, classId, during) {
  const queue = tokens.map((token, index) => ({ token, index }));
  const answers = [];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const t = performance.now();
      const res = await book(LB, item.token, classId);
      answers.push({ ...item, status: res.status, at: t, end: performance.now() });
    }
  };
  const workers = Array.from({ length: 25 }, worker);
  const event = await during();
  await Promise.all(workers);
  return { answers, event };
}

async function killUnderLoad(instances, { tokens, classOf }) {
  const victim = instances[1];
  const classId = classOf["cluster-kill"];
  const { answers, event } = await bookUnderLoad(tokens.slice(0, 240), classId, async () => {
    await sleep(400);
    victim.child.kill("SIGKILL");
    return performance.now();
  });
  const acknowledged = answers.filter((a) => a.status === 200);
  const { rows } = await sql(
    `select 'clustertok' || md5(customer_id::text) token from class_reservations where single_class_id = $1`,
    [classId],
  );
  const stored = new Set(rows.map((r) => r.token));
  const lost = acknowledged.filter((a) => !stored.has(tokens[a.index]));
  const afterKill = answers.filter((a) => a.at > event + 50);
  const servedAfter = afterKill.filter((a) => a.status === 200).length;
  const failedAfter = afterKill.filter((a) => a.status === 0 || a.status >= 500).length;
  const cut = answers.filter((a) => a.status === 0 || a.status >= 500).length;
  const lb = await fetch(`${LB}/api/ready`).then((r) => r.status);
  check(
    "SIGKILL bajo carga: ninguna escritura confirmada se pierde y el balanceador sigue sirviendo",
    lost.length === 0 && servedAfter > 0 && lb === 200 && victim.exit?.signal === "SIGKILL",
    `${acknowledged.length} confirmadas, ${lost.length} perdidas; cortadas en vuelo (no confirmadas) ${cut}; después del kill ${servedAfter} servidas y ${failedAfter} fallidas; /api/ready por el balanceador ${lb}`,
  );
}

async function drainOnSigterm(instances, { tokens, classOf }) {
  const target = instances[2];
  const classId = classOf["cluster-drain"];
  // Bookings sent straight to the instance, in flight when SIGTERM arrives.
  const inFlight = tokens.slice(400, 460).map((token) => book(direct(2), token, classId));
  await sleep(30);
  const signalled = performance.now();
  target.child.kill("SIGTERM");
  // Meanwhile the balancer keeps getting traffic (it must not send any of it to the closing instance's dead socket).
  const { answers } = await bookUnderLoad(tokens.slice(460, 500), classId, async () => {});
  const direct2 = await Promise.all(inFlight);
  const deadline = Date.now() + 20_000;
  while (target.exit === null && Date.now() < deadline) await sleep(50);
  const cut = direct2.filter((a) => a.status === 0 || a.status >= 500).length;
  const lbErrors = answers.filter((a) => a.status === 0 || a.status >= 500).length;
  const exitMs = target.exit ? target.exit.at - signalled : Number.NaN;
  check(
    "SIGTERM: las peticiones en vuelo terminan antes de salir",
    cut === 0 && lbErrors === 0 && target.exit?.code === 0,
    `${direct2.length} en vuelo: ${direct2.filter((a) => a.status === 200).length} con 200, ${cut} cortadas; balanceador durante el drenado: ${answers.length} con ${lbErrors} errores; salió con código ${target.exit?.code} a los ${exitMs.toFixed(0)} ms`,
  );
}

// --- main --------------------------------------------------------------------------------

async function main() {
  requireHaproxy();
  // docs/deploy.md shows these two files whole: what operators copy is what this test runs.
  const deployDoc = fs.readFileSync(path.join(ROOT, "docs", "deploy.md"), "utf8");
  for (const file of ["haproxy.cfg", "estudio@.service"]) {
    if (!deployDoc.includes(fs.readFileSync(path.join(ROOT, "cluster", file), "utf8"))) {
      throw new Error(`docs/deploy.md no muestra cluster/${file} tal cual: cópialo de nuevo`);
    }
  }
  await ensureServerBuilt();
  await recreateDatabase();
  log(`base ${DB_NAME}, registros en ${work}`);

  // All three start together on an empty database (migrations wait on an advisory lock).
  const t0 = performance.now();
  const instances = [startInstance(0), startInstance(1), startInstance(2)];
  const readyAt = await Promise.all(
    [0, 1, 2].map(async (i) => {
      await waitReady(direct(i));
      return `${((performance.now() - t0) / 1000).toFixed(1)} s`;
    }),
  );
  log(`instancias listas (arranque hasta /api/ready 200): ${readyAt.join(" / ")}`);
  // The studio's owner, as an operator creates it (npm run admin:create, compiled), while the
  // customers are written.
  const owner = new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["dist/server/create-admin.js", ADMIN.email, ADMIN.password, "Dueña Cluster"],
      {
        cwd: ROOT,
        stdio: ["ignore", "ignore", "inherit"],
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: DB_URL,
          AUTH_SECRET,
          NODE_ENV: "production",
          JOBS: "0",
          DEMO: "0",
        },
      },
    );
    group.track("create-admin", child, null);
    child.on("exit", (code, signal) => {
      code === 0 ? resolve() : reject(new Error(`create-admin salió con ${code ?? signal}`));
    });
  });

  owner.catch(() => {}); // awaited below, with the fixtures
  group.startHaproxy(
    "haproxy",
    `127.0.0.1:${BASE_PORT}`,
    PORTS.map((port) => `127.0.0.1:${port}`),
  );
  await waitReady(LB);
  // HAProxy marks a server up after two good checks: wait until all three get traffic.
  await sleep(2_500);

  const [data] = await Promise.all([fixtures(), owner]);
  log(`${data.tokens.length} clientes con sesión y créditos; clases ${JSON.stringify(data.classOf)}`);

  await lastSeatsBurst(data);
  // The owner signs in before the wrong-password check uses up their email's attempts.
  await appConfigEverywhere();
  await wrongPasswords();
  await jobsRunOnce(instances);
  await killUnderLoad(instances, data);
  await drainOnSigterm(instances, data);
}

const interrupt = () => {
  failed = true;
  stopAll().finally(() => process.exit(1));
};
process.on("SIGINT", interrupt);
process.on("SIGTERM", interrupt);

try {
  await main();
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await stopAll();
}
const seconds = (performance.now() - started) / 1000;
log(`${results.filter((r) => r.ok).length}/${results.length} comprobaciones en ${seconds.toFixed(1)} s`);
if (failed || seconds > 120) {
  if (seconds > 120) console.error("test:cluster tardó más de 2 minutos");
  console.error(`Registros de las instancias y de HAProxy: ${work}`);
  process.exit(1);
}
fs.rmSync(work, { recursive: true, force: true });
