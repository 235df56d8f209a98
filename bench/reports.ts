/**
 * `npx tsx bench/reports.ts`: how fast each report answers over the bench data set (decision
 * 0078). Boots the real app in this process on BENCH_DATABASE_URL (written by
 * `npm run bench:data`), signs in as the studio's owner through a session row, and times every
 * report route over the last year and over the whole history: 3 warm-up requests, then 20, one at
 * a time (a report is one owner's click, not a crowd). Prints p50/p95 and the target (p95 < 300 ms).
 * With EXPLAIN=1, prints the plan of each statement the reports send (EXPLAIN ANALYZE).
 */
import pg from "pg";
import { addLocalDays, localDay } from "../domain/booking";
import { loadConfig } from "../server/config";
import { startApp } from "../server/start-app";
import { benchDatabaseUrl } from "./bench-data";

const url = benchDatabaseUrl();
const RUNS = Number(process.env.REPORT_RUNS ?? "20");

let recording: { text: string; values: unknown[] }[] | null = null;
const originalQuery = pg.Client.prototype.query;
// biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; we only observe it
(pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
  if (recording) {
    const [first, second] = args;
    const text = typeof first === "string" ? first : first?.text;
    const values = (typeof first === "string" ? second : (first?.values ?? second)) ?? [];
    if (typeof text === "string") recording.push({ text, values: Array.isArray(values) ? values : [] });
  }
  // biome-ignore lint/suspicious/noExplicitAny: see above
  return (originalQuery as any).apply(this, args);
};

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function main() {
  const config = loadConfig({ ...process.env, DATABASE_URL: url, DEMO: "0", JOBS: "0", LOG_LEVEL: "warn" });
  const app = await startApp(config, { logger: false, seed: false });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // The owner's session: a bearer token on a fresh session row of the first owner login.
  const owner = await client.query(`select id from "user" where role = 'owner' order by created_at limit 1`);
  const userId = owner.rows[0]?.id as string | undefined;
  if (!userId) throw new Error("no hay una cuenta de dueño en la base del bench");
  const token = `benchreports${Date.now()}`;
  await client.query(
    `insert into session (id, token, user_id, expires_at, created_at, updated_at) values ($1, $1, $2, now() + interval '1 hour', now(), now())`,
    [token, userId],
  );
  const headers = { authorization: `Bearer ${token}` };
  const tz = (await app.appConfig.get()).timezone;
  const today = localDay(new Date(), tz);
  const periods = {
    "último año": `from=${addLocalDays(today, -364)}&to=${today}`,
    "5 años": `from=${addLocalDays(today, -5 * 365)}&to=${today}`,
  };
  const routes = [
    "utilizacion",
    "utilizacion/detalle?dimension=slot&key=1-7&",
    "ingresos",
    "ingresos/detalle?dimension=month&key=" + today.slice(0, 7) + "&",
    "pasivo",
    "intro",
    "retencion",
    "valor-de-clientes",
  ];
  console.log(`| reporte | periodo | p50 ms | p95 ms | objetivo p95 < 300 ms |`);
  console.log(`|---|---|---:|---:|---|`);
  const plans: string[] = [];
  for (const route of routes) {
    for (const [label, query] of Object.entries(periods)) {
      if (route === "pasivo" && label !== "último año") continue;
      const path = route.includes("?") ? `/api/reportes/${route}${query}` : `/api/reportes/${route}?${query}`;
      const target = route === "pasivo" ? "/api/reportes/pasivo" : path;
      for (let i = 0; i < 3; i++) await app.inject({ method: "GET", url: target, headers });
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: "GET", url: target, headers });
        times.push(performance.now() - t0);
        if (res.statusCode !== 200)
          throw new Error(`${target} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      times.sort((a, b) => a - b);
      const p95 = quantile(times, 0.95);
      console.log(
        `| ${route.split("?")[0]} | ${label} | ${quantile(times, 0.5).toFixed(0)} | ${p95.toFixed(0)} | ${p95 < 300 ? "pasa" : "NO pasa"} |`,
      );
      if (process.env.EXPLAIN === "1" && label === "5 años") {
        recording = [];
        await app.inject({ method: "GET", url: target, headers });
        const statements = recording;
        recording = null;
        for (const s of statements.filter((x) => /^\s*select/i.test(x.text) && !/"session"/.test(x.text))) {
          const plan = await client.query(`explain (analyze, buffers off, costs off) ${s.text}`, s.values);
          plans.push(
            `### ${route.split("?")[0]}\n\n\`\`\`\n${plan.rows.map((r) => r["QUERY PLAN"]).join("\n")}\n\`\`\``,
          );
        }
      }
    }
  }
  if (plans.length) console.log(`\n${plans.join("\n\n")}`);
  await client.query(`delete from session where id = $1`, [token]);
  await client.end();
  await app.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
