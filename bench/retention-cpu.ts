/**
 * `npx tsx bench/retention-cpu.ts`: the retention report's CPU, not only its wall time (decision
 * 0130). On a shared machine wall time is mostly waiting for a core; the CPU the report costs is
 * steadier. Calls the report's service over one connection to BENCH_DATABASE_URL, so the database
 * backend that does the work is one process, and reads its CPU from /proc (PostgreSQL on this
 * machine) before and after RUNS reports (after 3 warm-ups), with the Node process's own.
 * Prints one JSON line: wall, backend CPU and Node CPU per report, in ms (medians over the runs).
 * The backend's CPU leaves out parallel workers' (see the plan: EXPLAIN=1 prints EXPLAIN ANALYZE
 * of the report's statements instead of timing it).
 */
import { readFileSync } from "node:fs";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { resolveAppConfig } from "../domain/app-config";
import { addLocalDays, localDay } from "../domain/booking";
import { type Db, schema } from "../server/db/client";
import { retention } from "../server/modules/reports/reports.service";
import { benchDatabaseUrl } from "./bench-data";

const RUNS = Number(process.env.RUNS ?? "10");
const TICK_MS = 10; // USER_HZ 100

function backendCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main() {
  const client = new pg.Client({ connectionString: benchDatabaseUrl() });
  await client.connect();
  const pid = Number((await client.query("select pg_backend_pid() as pid")).rows[0].pid);
  const db = drizzle(client, { schema }) as unknown as Db;
  const config = resolveAppConfig([]);
  const today = localDay(new Date(), config.timezone);
  const query = { from: addLocalDays(today, -364), to: today, location_id: undefined };
  if (process.env.EXPLAIN === "1") {
    const statements: { text: string; values: unknown[] }[] = [];
    const original = client.query.bind(client);
    // biome-ignore lint/suspicious/noExplicitAny: observing pg's overloaded query
    (client as any).query = (q: any, v?: any) => {
      if (q && typeof q === "object" && typeof q.text === "string")
        statements.push({ text: q.text, values: q.values ?? v ?? [] });
      return original(q, v);
    };
    await retention(db, config, query);
    // biome-ignore lint/suspicious/noExplicitAny: restoring the method observed above
    (client as any).query = original;
    for (const s of statements) {
      const plan = await client.query(`explain (analyze, buffers, costs off) ${s.text}`, s.values);
      console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
    }
    await client.end();
    return;
  }
  for (let i = 0; i < 3; i++) await retention(db, config, query);
  const wall: number[] = [];
  const backend: number[] = [];
  const node: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const b0 = backendCpuMs(pid);
    const n0 = process.cpuUsage();
    const t0 = performance.now();
    await retention(db, config, query);
    wall.push(performance.now() - t0);
    const n1 = process.cpuUsage(n0);
    node.push((n1.user + n1.system) / 1000);
    backend.push(backendCpuMs(pid) - b0);
  }
  console.log(
    JSON.stringify({
      runs: RUNS,
      wall_ms: Math.round(median(wall)),
      backend_cpu_ms: median(backend),
      node_cpu_ms: Math.round(median(node)),
      backend_cpu_total_ms: backend.reduce((s, x) => s + x, 0),
    }),
  );
  await client.end();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
