/**
 * `npx tsx bench/explain.ts`: the query plans of the hot endpoints on the bench data set.
 * Boots the real app in this process on BENCH_DATABASE_URL, records every statement node-postgres
 * sends while one request of each hot endpoint runs (app.inject), then runs EXPLAIN (ANALYZE,
 * FORMAT JSON) on each recorded SELECT with its own parameters. Flags sequential scans on tables
 * over 10,000 rows and prints queries per request (an N+1 shows up as a count that grows with
 * the page). Writes the findings to bench/RESULTS.md.
 */
import pg from "pg";
import { loadConfig } from "../server/config";
import { startApp } from "../server/start-app";
import { BENCH_EMAIL, benchDatabaseUrl } from "./bench-data";
import { writeSection } from "./results-file";

const BIG_TABLE_ROWS = 10_000;
const url = benchDatabaseUrl();

type Statement = { text: string; values: unknown[] };
let recording: Statement[] | null = null;

// Every query of the app goes through pg.Client#query (pool.query too), whatever Drizzle builds.
const originalQuery = pg.Client.prototype.query;
// biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; we only observe it
(pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
  if (recording) {
    const [first, second] = args;
    const text = typeof first === "string" ? first : first?.text;
    // Drizzle passes ({ text, rowMode }, params); pool.query passes (text, params).
    const values = (typeof first === "string" ? second : (first?.values ?? second)) ?? [];
    if (typeof text === "string") recording.push({ text, values: Array.isArray(values) ? values : [] });
  }
  // biome-ignore lint/suspicious/noExplicitAny: see above
  return (originalQuery as any).apply(this, args);
};

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Total Time"?: number;
  Plans?: PlanNode[];
};

function walk(node: PlanNode, visit: (n: PlanNode) => void) {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

async function main() {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    DEMO: "0",
    JOBS: "0",
    LOG_LEVEL: "warn",
    RATE_LIMIT_MAX: "100000000",
  });
  const app = await startApp(config, { logger: false, seed: false });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const one = async (sql: string, values: unknown[] = []) => (await client.query(sql, values)).rows[0];
  const tokenOf = async (email: string) =>
    (await one(`select s.token from session s join "user" u on u.id = s.user_id where u.email = $1`, [email]))
      ?.token as string;
  const rowsOf = new Map<string, number>(
    (await client.query("select relname, reltuples::bigint n from pg_class where relkind = 'r'")).rows.map(
      (r) => [r.relname, Number(r.n)],
    ),
  );

  const signIn = await app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email: "cliente@demo.mx", password: "demo1234" },
  });
  const customer = signIn.headers["set-auth-token"] as string;
  const heavy = await tokenOf(BENCH_EMAIL.heavy);
  const video = await tokenOf(BENCH_EMAIL.video);
  const booker = await tokenOf("booker999@bench.mx");
  const classType = (await one("select min(class_type_id) id from videos")).id;
  const futureClass = (
    await one(
      `select single_class_id id from single_classes where description = 'bench'
       and class_date > now() + interval '3 days' order by class_date limit 1`,
    )
  ).id;
  const today = new Date().toISOString().slice(0, 10);
  const week = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  const cases: {
    name: string;
    method: "GET" | "POST" | "DELETE";
    url: string;
    token: string;
    body?: object;
  }[] = [
    { name: "(b) GET /api/appconfig", method: "GET", url: "/api/appconfig", token: customer },
    {
      name: "(c) GET /api/single_class (semana)",
      method: "GET",
      url: `/api/single_class?start_date=${today}&end_date=${week}`,
      token: customer,
    },
    {
      name: "(d) GET /api/class_reservations?page=1",
      method: "GET",
      url: "/api/class_reservations?page=1",
      token: heavy,
    },
    { name: "(d') … page=5", method: "GET", url: "/api/class_reservations?page=5", token: heavy },
    {
      name: "(e) GET /api/videos con filtros",
      method: "GET",
      url: `/api/videos?class_type_id=${classType}&duration=60&page=1`,
      token: video,
    },
    {
      name: "(f) POST /api/class_reservations",
      method: "POST",
      url: "/api/class_reservations",
      token: booker,
      body: { single_class_id: futureClass },
    },
  ];

  const report: string[] = [];
  const findings: string[] = [];
  for (const c of cases) {
    recording = [];
    const res = await app.inject({
      method: c.method,
      url: c.url,
      headers: bearer(c.token),
      ...(c.body ? { payload: c.body } : {}),
    });
    const statements = recording;
    recording = null;
    let reservationId: number | undefined;
    if (c.method === "POST" && res.statusCode === 200)
      reservationId = res.json().class_reservation.class_reservation_id;
    report.push(`\n### ${c.name}: HTTP ${res.statusCode}, ${statements.length} consultas`);
    // The same statement text run many times in one request is an N+1: report it once, counted.
    const repeats = new Map<string, number>();
    for (const s of statements) repeats.set(s.text, (repeats.get(s.text) ?? 0) + 1);
    for (const [text, times] of repeats) {
      if (times > 3) {
        findings.push(
          `${c.name}: **N+1**, la misma consulta ${times} veces en una petición · \`${text.replace(/\s+/g, " ").slice(0, 120)}…\``,
        );
      }
    }
    const explained = new Set<string>();
    for (const s of statements) {
      if (!/^\s*(select|with)\b/i.test(s.text) || explained.has(s.text)) continue;
      explained.add(s.text);
      const times = repeats.get(s.text) ?? 1;
      let plan: { Plan: PlanNode; "Execution Time": number };
      try {
        plan = (await client.query(`explain (analyze, format json) ${s.text}`, s.values)).rows[0][
          "QUERY PLAN"
        ][0];
      } catch (error) {
        report.push(`- no se pudo explicar (${(error as Error).message}): \`${s.text.slice(0, 120)}…\``);
        continue;
      }
      const root: PlanNode = plan.Plan;
      const seq: string[] = [];
      const idx = new Set<string>();
      walk(root, (n) => {
        if (n["Node Type"] === "Seq Scan" && n["Relation Name"]) {
          const rows = rowsOf.get(n["Relation Name"]) ?? 0;
          if (rows >= BIG_TABLE_ROWS)
            seq.push(`${n["Relation Name"]} (${rows.toLocaleString("en-US")} filas)`);
        }
        if (n["Index Name"]) idx.add(n["Index Name"]);
      });
      const ms = plan["Execution Time"] as number;
      const sql = s.text.replace(/\s+/g, " ").slice(0, 160);
      const flag = seq.length ? ` **SEQ SCAN: ${seq.join(", ")}**` : "";
      report.push(
        `- ${ms.toFixed(1)} ms${times > 1 ? ` ×${times}` : ""}${flag} · índices: ${[...idx].join(", ") || "—"} · \`${sql}…\``,
      );
      if (seq.length || ms > 20) findings.push(`${c.name}: ${ms.toFixed(1)} ms${flag} · \`${sql}…\``);
    }
    if (reservationId) {
      await app.inject({
        method: "DELETE",
        url: `/api/class_reservations/${reservationId}`,
        headers: bearer(c.token),
      });
    }
  }
  await client.end();
  await app.close();

  const body = [
    "## Planes de consulta (`npx tsx bench/explain.ts`)",
    "",
    `Fecha: ${new Date().toISOString()}. EXPLAIN (ANALYZE, FORMAT JSON) de cada SELECT que el endpoint ejecuta de verdad (capturado de node-postgres durante un app.inject), sobre los datos de bench:data. Se marca todo Seq Scan en tablas de ${BIG_TABLE_ROWS.toLocaleString("en-US")}+ filas y toda consulta de más de 20 ms.`,
    "",
    "### Hallazgos",
    "",
    ...(findings.length ? findings.map((f) => `- ${f}`) : ["- Ninguno."]),
    ...report,
  ].join("\n");
  console.log(body);
  writeSection("explain", body);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
