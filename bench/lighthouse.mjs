#!/usr/bin/env node
import os from "node:os";
import { gzipSync } from "node:zlib";
/**
 * Lighthouse 12 (mobile emulation, Debian's Chromium) on the public site of a running demo server:
 * prints performance, accessibility, best practices and SEO for / and /calendario, and the
 * JavaScript the home page downloads (gzip bytes on the wire, per file).
 *
 *   WEB_DIST=/tmp/x-dist DATA_DIR=/tmp/x-data PORT=4310 npx tsx server/main.ts &
 *   node bench/lighthouse.mjs http://127.0.0.1:4310
 *
 * Targets (decision 0012): performance >= 95, accessibility 100, best practices 100, SEO 100, home
 * JS under 150 KB gzip, judged on the median of LIGHTHOUSE_RUNS runs per page (5 by default, as
 * Lighthouse's documentation on variability advises). Exits 1 when a target is missed. Figures go
 * in bench/RESULTS-public.md. LIGHTHOUSE_DETAILS=1 also prints the long tasks and script costs
 * behind the blocking time.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.mjs";
import { machineLines, writeSection } from "./results-public.mjs";

const baseUrl = (process.argv[2] ?? process.env.BASE_URL ?? "http://127.0.0.1:3000").replace(/\/$/, "");
// LIGHTHOUSE_PATHS=/calendario audits one page only (while working on it).
const paths = process.env.LIGHTHOUSE_PATHS?.split(",") ?? ["/", "/calendario"];
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const HOME_JS_LIMIT = 150 * 1024;
const METRICS = {
  FCP: "first-contentful-paint",
  LCP: "largest-contentful-paint",
  TBT: "total-blocking-time",
  CLS: "cumulative-layout-shift",
};

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_FLAGS,
});

let failed = false;
const loadBefore = os.loadavg();
const rows = [];
// Lighthouse's own advice on variability: a single run moves by several points with whatever
// else the machine does while it loads, so judge the median of several runs (5 by default).
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
/**
 * Lighthouse's CPU benchmark of each run (environment.benchmarkIndex). Its simulated 4x slowdown
 * multiplies this machine's own task times, so blocking time and the score follow the machine:
 * the same build had a median of 99 on one session's VM and 84-87 on the next one's. Printed so
 * that figures from different machines can be told apart.
 */
const benchmarkIndexes = [];
try {
  for (const path of paths) {
    const url = baseUrl + path;
    console.log(`\n${path}`);
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      const lhr = await auditOnce(url);
      runs.push(lhr);
      const failure = lhr.runtimeError
        ? ` RUN FAILED: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`
        : "";
      const cpu = lhr.environment?.benchmarkIndex;
      if (cpu) benchmarkIndexes.push(cpu);
      console.log(
        `  run ${run}: performance ${score(lhr, "performance")}, ${metricsLine(lhr)}, CPU index ${cpu ?? "-"}${failure}`,
      );
      for (const warning of lhr.runWarnings ?? []) console.log(`    warning: ${warning}`);
      if (process.env.LIGHTHOUSE_DETAILS) printMainThreadDetails(lhr);
    }
    const sorted = [...runs].sort((a, b) => score(a, "performance") - score(b, "performance"));
    const lhr = sorted[Math.floor((sorted.length - 1) / 2)];
    const performances = runs.map((r) => score(r, "performance"));
    console.log(
      `  performance of the median run (all runs: ${performances.join(", ")}); other categories, lowest run:`,
    );
    // Performance varies from run to run and is judged on the median; the other categories do not
    // depend on timing, so every run must meet them (their lowest run is printed).
    const judged = (id) =>
      id === "performance" ? score(lhr, id) : Math.min(...runs.map((run) => score(run, id)));
    for (const [id, target] of Object.entries(TARGETS)) {
      const value = judged(id);
      const ok = value >= target;
      if (!ok) failed = true;
      console.log(
        `  ${id.padEnd(15)} ${String(value).padStart(3)}  (target ${target}) ${ok ? "ok" : "MISSED"}`,
      );
      if (!ok) {
        for (const ref of lhr.categories[id]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
            console.log(`      - ${ref.id}: ${audit.title} ${audit.displayValue ?? ""}`);
          }
        }
      }
    }
    for (const id of Object.values(METRICS)) {
      console.log(`  ${id.padEnd(26)} ${metric(lhr, id)}`);
    }
    const scripts = (lhr.audits["network-requests"]?.details?.items ?? []).filter(
      (item) => item.resourceType === "Script" && item.url.startsWith(baseUrl),
    );
    // Gzip size of each file the page loaded, measured here: the service worker serves lazy
    // chunks from its cache, so Lighthouse's transferSize can read 0 for them.
    for (const item of scripts) {
      const body = Buffer.from(await (await fetch(item.url)).arrayBuffer());
      item.transferSize = gzipSync(body, { level: 9 }).length;
    }
    const total = scripts.reduce((sum, item) => sum + item.transferSize, 0);
    console.log(`  JS downloaded (gzip)       ${(total / 1024).toFixed(1)} KB in ${scripts.length} files`);
    for (const item of scripts.sort((a, b) => b.transferSize - a.transferSize)) {
      console.log(
        `      ${(item.transferSize / 1024).toFixed(1).padStart(6)} KB  ${item.url.replace(baseUrl, "")}`,
      );
    }
    rows.push(
      `| ${path} | ${lhr.runtimeError ? `run failed: ${lhr.runtimeError.code}` : score(lhr, "performance")} (${performances.join(", ")}) | ${judged("accessibility")} | ${judged("best-practices")} | ${judged("seo")} | ${metric(lhr, "first-contentful-paint")} | ${metric(lhr, "largest-contentful-paint")} | ${metric(lhr, "total-blocking-time")} | ${metric(lhr, "cumulative-layout-shift")} | ${(total / 1024).toFixed(1)} KB |`,
    );
    if (path === "/" && total >= HOME_JS_LIMIT) {
      failed = true;
      console.log(`  home JS over budget: ${(total / 1024).toFixed(1)} KB >= ${HOME_JS_LIMIT / 1024} KB`);
    }
  }
} finally {
  await chrome.kill();
}
writeSection(
  "lighthouse",
  [
    "## Lighthouse (targets: performance ≥ 95, accessibility, best practices and SEO 100)",
    "",
    ...machineLines(loadBefore),
    `- Lighthouse CPU benchmark index (median of the runs, higher is faster): ${median(benchmarkIndexes) ?? "-"}`,
    `- Command: \`node bench/lighthouse.mjs ${baseUrl}\` (Lighthouse 12, mobile emulation, simulated slow 4G and 4x CPU slowdown)`,
    "",
    `${RUNS} runs per page: performance and the metrics of the median run (every run's performance in brackets); accessibility, best practices and SEO of the lowest run.`,
    "",
    "| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | JS (gzip) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
  ].join("\n"),
);
process.exitCode = failed ? 1 : 0;

/** One audit of `url`, mobile emulation with Lighthouse's default throttling (slow 4G, 4x CPU). */
async function auditOnce(url) {
  const audit = () =>
    lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      formFactor: "mobile",
      onlyCategories: Object.keys(TARGETS),
    });
  let result = await audit();
  // "Something went wrong with recording the trace ... run Lighthouse again": a trace-recording
  // failure of the browser, not a finding about the page. Retried, and printed.
  for (let retry = 0; retry < 2 && result?.lhr?.runtimeError?.code === "NO_NAVSTART"; retry++) {
    console.log("  NO_NAVSTART, retrying");
    result = await audit();
  }
  if (!result?.lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  return result.lhr;
}

function median(values) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor((sorted.length - 1) / 2)]);
}

function score(lhr, id) {
  return Math.round((lhr.categories[id]?.score ?? 0) * 100);
}

function metricsLine(lhr) {
  return Object.entries(METRICS)
    .map(([short, id]) => `${short} ${metric(lhr, id)}`)
    .join(", ");
}

function metric(lhr, id) {
  return lhr.audits[id]?.displayValue ?? "-";
}

/**
 * LIGHTHOUSE_DETAILS=1: where the blocking time comes from. The long main-thread tasks (start and
 * duration, as observed; Lighthouse multiplies by 4 for its simulated phone), the scripts' own
 * evaluation time and the main thread's time by kind of work.
 */
function printMainThreadDetails(lhr) {
  const short = (url) => String(url ?? "").replace(baseUrl, "") || "(page)";
  console.log("  long tasks (observed ms):");
  for (const task of lhr.audits["long-tasks"]?.details?.items ?? []) {
    console.log(
      `      ${String(Math.round(task.startTime)).padStart(6)} +${Math.round(task.duration)}  ${short(task.url)}`,
    );
  }
  console.log("  script boot-up (ms: total, evaluation, parse):");
  for (const item of lhr.audits["bootup-time"]?.details?.items ?? []) {
    console.log(
      `      ${Math.round(item.total)} ${Math.round(item.scripting)} ${Math.round(item.scriptParseCompile)}  ${short(item.url)}`,
    );
  }
  console.log("  main thread by kind (ms):");
  for (const item of lhr.audits["mainthread-work-breakdown"]?.details?.items ?? []) {
    console.log(`      ${String(Math.round(item.duration)).padStart(6)}  ${item.groupLabel ?? item.group}`);
  }
}
