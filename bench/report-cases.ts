/**
 * The owner's reports as bench cases (decision 0105), shared by `npm run bench` (case r, against
 * the running app over HTTP) and `npx tsx bench/reports.ts` (in process, with EXPLAIN). A report
 * is one owner's click, not a crowd: each route gets 3 warm-up requests and then RUNS timed ones,
 * one at a time. GET /api/appconfig, the cheapest route, is timed the same way in the same run as
 * the reference: on a shared machine a report's p95 divided by it compares across runs.
 */
import { addLocalDays } from "../domain/booking";
import type { BenchSql } from "./bench-data";

export const REPORT_RUNS = Number(process.env.REPORT_RUNS ?? "20");
export const REPORT_TARGET_MS = 300;

/**
 * A report as the bench times it: `path` under /api/reportes/ (a `?`-less one gets the period as
 * its query, one ending in `&` gets it appended) and the name its row shows. REPORT_ONLY (paths
 * without their query, separated by commas, e.g. "utilizacion,retencion/detalle") times only those.
 */
export type BenchRoute = { name: string; path: string };

export function reportBenchRoutes(today: string, locationId?: number): BenchRoute[] {
  const only = process.env.REPORT_ONLY?.split(",").filter(Boolean);
  return allReportRoutes(today, locationId).filter(
    (r) => !only || only.includes(r.path.split("?")[0] ?? r.path),
  );
}

/**
 * Every report, and the lists behind a figure ("every number can be opened to the list behind
 * it"); with `locationId`, retention and its list for one location too (decision 0135). The
 * retention list is the active customers of last month, a whole month and the longest list.
 */
function allReportRoutes(today: string, locationId?: number): BenchRoute[] {
  const [y = 0, m = 1] = today.split("-").map(Number);
  const lastMonth = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
  const plain = (path: string): BenchRoute => ({ name: path.split("?")[0] ?? path, path });
  const atLocation = (path: string): BenchRoute[] =>
    locationId
      ? [{ name: `${path.split("?")[0]} (una sede)`, path: `${path}location_id=${locationId}&` }]
      : [];
  const retentionList = `retencion/detalle?group=active&key=${lastMonth}&`;
  return [
    plain("utilizacion"),
    plain("utilizacion/detalle?dimension=slot&key=1-7&"),
    plain("ingresos"),
    plain(`ingresos/detalle?dimension=month&key=${today.slice(0, 7)}&`),
    plain("pasivo"),
    plain("pasivo/detalle?key=all"),
    plain("intro"),
    plain("intro/detalle?key=all&"),
    plain("retencion"),
    ...atLocation("retencion?"),
    plain(retentionList),
    ...atLocation(retentionList),
    plain("valor-de-clientes"),
    plain("valor-de-clientes/detalle?key=all&"),
  ];
}

/** The bench data's first location (bench/data/generate.ts names them "Sede 1" to "Sede 10"). */
export async function benchLocationId(sql: BenchSql): Promise<number | undefined> {
  const { rows } = await sql.query(`select min(location_id) as id from locations where name = 'Sede 1'`);
  const id = rows[0]?.id;
  return id == null ? undefined : Number(id);
}

/** The last 12 months (the brief's yardstick) and, unless REPORT_PERIODS=year, five years. */
export function reportBenchPeriods(today: string): Record<string, string> {
  const year = { "12 meses": `from=${addLocalDays(today, -364)}&to=${today}` };
  if (process.env.REPORT_PERIODS === "year") return year;
  return { ...year, "5 años": `from=${addLocalDays(today, -5 * 365)}&to=${today}` };
}

export type ReportRow = { route: string; period: string; p50: number; p95: number; path: string };
/** Answers a GET with its status and body (app.inject in process, fetch over HTTP). */
export type Get = (path: string) => Promise<{ status: number; body: string }>;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function timePath(get: Get, path: string, runs: number) {
  for (let i = 0; i < 3; i++) await get(path);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await get(path);
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${path} → ${res.status} ${res.body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

/** The reference first, then every report and period (each row told to `onRow` as it is timed). */
export async function timeReports(
  get: Get,
  today: string,
  runs = REPORT_RUNS,
  onRow: (row: ReportRow) => void = () => {},
  locationId?: number,
) {
  const reference = await timePath(get, "/api/appconfig", runs);
  const rows: ReportRow[] = [];
  for (const route of reportBenchRoutes(today, locationId)) {
    // Unused credits have no period: timed once, as they are now.
    const timeless = route.path.startsWith("pasivo");
    for (const [period, query] of Object.entries(reportBenchPeriods(today))) {
      if (timeless && period !== "12 meses") continue;
      const path = timeless
        ? `/api/reportes/${route.path}`
        : route.path.endsWith("&")
          ? `/api/reportes/${route.path}${query}`
          : `/api/reportes/${route.path}?${query}`;
      const row = { route: route.name, period, path, ...(await timePath(get, path, runs)) };
      rows.push(row);
      onRow(row);
    }
  }
  return { reference, rows };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] ?? 0;
};

/** Several runs of timeReports as one: each row's (and the reference's) median p50 and p95. */
export function medianRuns(runs: Awaited<ReturnType<typeof timeReports>>[]) {
  const first = runs[0];
  if (!first) throw new Error("sin corridas");
  return {
    reference: {
      p50: median(runs.map((r) => r.reference.p50)),
      p95: median(runs.map((r) => r.reference.p95)),
    },
    rows: first.rows.map((row, i) => ({
      ...row,
      p50: median(runs.map((r) => r.rows[i]?.p50 ?? 0)),
      p95: median(runs.map((r) => r.rows[i]?.p95 ?? 0)),
    })),
  };
}

export function reportTable({ reference, rows }: Awaited<ReturnType<typeof timeReports>>): string {
  const line = (r: { route: string; period: string; p50: number; p95: number }) =>
    `| ${r.route} | ${r.period} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${(r.p95 / Math.max(0.1, reference.p95)).toFixed(0)}× | ${r.p95 < REPORT_TARGET_MS ? "pasa" : "NO pasa"} |`;
  return [
    `| reporte | periodo | p50 ms | p95 ms | p95 / p95 de la referencia | objetivo p95 < ${REPORT_TARGET_MS} ms |`,
    "|---|---|---:|---:|---:|---|",
    `| (referencia) GET /api/appconfig | — | ${reference.p50.toFixed(1)} | ${reference.p95.toFixed(1)} | 1× | — |`,
    ...rows.map(line),
  ].join("\n");
}

/** A session of the studio's first owner, written directly (no scrypt sign-in): its bearer token. */
export async function ownerSession(sql: BenchSql): Promise<{ token: string; end: () => Promise<void> }> {
  const owner = await sql.query(`select id from "user" where role = 'owner' order by created_at limit 1`);
  const userId = owner.rows[0]?.id as string | undefined;
  if (!userId) throw new Error("no hay una cuenta de dueño en la base del bench");
  const token = `benchreports${Date.now()}`;
  await sql.query(
    `insert into session (id, token, user_id, expires_at, created_at, updated_at) values ($1, $1, $2, now() + interval '1 hour', now(), now())`,
    [token, userId],
  );
  return { token, end: async () => void (await sql.query(`delete from session where id = $1`, [token])) };
}
