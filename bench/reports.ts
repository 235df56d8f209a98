/**
 * `npx tsx bench/reports.ts`: how fast each report answers over the bench data set (decisions
 * 0078, 0105). Boots the real app in this process on BENCH_DATABASE_URL (written by
 * `npm run bench:data`), signs in as the studio's owner through a session row and times every
 * report route (bench/report-cases.ts: the same cases `npm run bench` runs as case r) with the
 * reference route in the same run. REPORT_PERIODS=year times only the last 12 months.
 * With EXPLAIN=1, prints the plan of each statement the reports send (EXPLAIN ANALYZE, the longest
 * period timed); EXPLAIN=buffers adds each node's buffers (shared hits and reads).
 * REPORT_ROUNDS (default 3) whole runs, reference included in each, and the table gives each row's
 * median over them: on a shared machine one run alone says more about the load than the report.
 */
import pg from "pg";
import { localDay } from "../domain/booking";
import { loadConfig } from "../server/config";
import { startApp } from "../server/start-app";
import { benchDatabaseUrl, openBenchSql } from "./bench-data";
import {
  benchLocationId,
  medianRuns,
  ownerSession,
  reportBenchPeriods,
  reportTable,
  timeReports,
} from "./report-cases";

const url = benchDatabaseUrl();

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

async function main() {
  const config = loadConfig({ ...process.env, DATABASE_URL: url, DEMO: "0", JOBS: "0", LOG_LEVEL: "warn" });
  const app = await startApp(config, { logger: false, seed: false });
  const sql = await openBenchSql();
  const session = await ownerSession(sql);
  const headers = { authorization: `Bearer ${session.token}` };
  const get = async (path: string) => {
    const res = await app.inject({ method: "GET", url: path, headers });
    return { status: res.statusCode, body: res.body };
  };
  const today = localDay(new Date(), (await app.appConfig.get()).timezone);
  const locationId = await benchLocationId(sql);
  const runs = [];
  for (let round = 1; round <= Number(process.env.REPORT_ROUNDS ?? "3"); round++) {
    const run = await timeReports(
      get,
      today,
      undefined,
      (r) =>
        console.error(
          `${round}: ${r.route} · ${r.period}: p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms`,
        ),
      locationId,
    );
    console.error(`${round}: referencia p95 ${run.reference.p95.toFixed(1)} ms`);
    runs.push(run);
  }
  const timed = medianRuns(runs);
  console.log(reportTable(timed));
  const explain = process.env.EXPLAIN;
  if (explain === "1" || explain === "buffers") {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    // The longest period measured (5 years, or 12 months with REPORT_PERIODS=year) and unused credits.
    const longest = Object.keys(reportBenchPeriods(today)).at(-1);
    for (const row of timed.rows.filter((r) => r.period === longest || r.route.startsWith("pasivo"))) {
      recording = [];
      await get(row.path);
      const statements = recording;
      recording = null;
      for (const s of statements.filter(
        (x) => /^\s*(select|with)\b/i.test(x.text) && !/"session"/.test(x.text),
      )) {
        const plan = await client.query(
          `explain (analyze, buffers ${explain === "buffers" ? "on" : "off"}, costs off) ${s.text}`,
          s.values,
        );
        console.log(
          `\n### ${row.route}\n\n\`\`\`\n${plan.rows.map((r) => r["QUERY PLAN"]).join("\n")}\n\`\`\``,
        );
      }
    }
    await client.end();
  }
  await session.end();
  await sql.end();
  await app.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
