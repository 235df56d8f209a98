/**
 * The load generator of the read cases (decision 0047): wrk, a C program, when the machine has it
 * (`apt-get install wrk`); autocannon otherwise, or with BENCH_LOADGEN=autocannon.
 *
 * The load generator shares the two cores with the server. autocannon is one JavaScript thread
 * that spends 17 µs of CPU per answer of (a) and 27 µs per answer of (b) (it parses every
 * response in JavaScript), so on the cheapest cases it saturates its core before the server does
 * and the ratio "vs (a)" measures autocannon's cost of a response as much as the app's. wrk
 * spends 10–18 µs per answer and leaves every server (bare Fastify included) at 99–100 % of its
 * core: the ratios then compare servers. The scripted booking pairs of (f) stay on autocannon.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { promisify } from "node:util";
import type { Result } from "autocannon";

const run = promisify(execFile);
const WRK = process.env.BENCH_WRK ?? "/usr/bin/wrk";

/** Which generator measures the read cases, for the table's command line. */
export const readLoadGenerator: "wrk" | "autocannon" =
  process.env.BENCH_LOADGEN !== "autocannon" && existsSync(WRK) ? "wrk" : "autocannon";

/** How the table's command line names the generators. */
export const loadGeneratorLabel = (connections: number) =>
  readLoadGenerator === "wrk"
    ? `wrk (1 hilo, ${connections} conexiones) para las lecturas, autocannon para los pares de (f)`
    : `autocannon ${connections} conexiones`;

/** "2.10ms", "850.00us", "1.20s", "2.00m" → milliseconds. */
export function wrkMillis(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as "us" | "ms" | "s" | "m"];
  return value * scale;
}

/** wrk's report (with --latency) as the part of autocannon's result the bench reads. */
export function parseWrk(report: string, seconds: number): Result {
  const number = (pattern: RegExp) => Number(pattern.exec(report)?.[1] ?? Number.NaN);
  const percentile = (p: number) =>
    wrkMillis(new RegExp(`^\\s*${p}%\\s+(\\S+)`, "m").exec(report)?.[1] ?? "");
  const total = number(/(\d+) requests in/);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  const [connect, read, write, timeout] = socket ? socket.slice(1).map(Number) : [0, 0, 0, 0];
  const non2xx = number(/Non-2xx or 3xx responses: (\d+)/) || 0;
  const average = number(/Requests\/sec:\s+([\d.]+)/);
  const latencyLine = /Latency\s+(\S+)\s+\S+\s+(\S+)/.exec(report);
  if (!Number.isFinite(total) || !Number.isFinite(average)) {
    throw new Error(`No se pudo leer el resultado de wrk:\n${report}`);
  }
  return {
    requests: { total, average, p50: average, p99: average, max: average },
    latency: {
      p50: percentile(50),
      p99: percentile(99),
      average: wrkMillis(latencyLine?.[1] ?? ""),
      max: wrkMillis(latencyLine?.[2] ?? ""),
    },
    duration: seconds,
    errors: (connect ?? 0) + (read ?? 0) + (write ?? 0),
    timeouts: timeout ?? 0,
    non2xx,
    "2xx": total - non2xx,
  };
}

/**
 * One wrk run: one thread, `connections` keep-alive connections, `seconds` long, the same
 * headers on every request; first `warmup` seconds unmeasured when asked.
 */
export async function wrk(options: {
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  warmup?: number;
  timeoutSeconds?: number;
}): Promise<Result> {
  const args = (seconds: number) => [
    "-t1",
    `-c${options.connections}`,
    `-d${seconds}s`,
    `--timeout`,
    `${options.timeoutSeconds ?? 10}s`,
    "--latency",
    ...Object.entries(options.headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]),
    options.url,
  ];
  if (options.warmup) await run(WRK, args(options.warmup));
  const { stdout } = await run(WRK, args(options.seconds), { maxBuffer: 1 << 20 });
  return parseWrk(stdout, options.seconds);
}
