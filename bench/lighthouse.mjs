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
 * Targets (issue 9): performance >= 95, accessibility 100, best practices 100, SEO 100, home JS
 * under 150 KB gzip. Exits 1 when a target is missed. Figures go in bench/RESULTS-public.md.
 * LIGHTHOUSE_DETAILS=1 also prints the long tasks and script costs behind the blocking time.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.mjs";
import { machineLines, writeSection } from "./results-public.mjs";

const baseUrl = (process.argv[2] ?? process.env.BASE_URL ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const paths = ["/", "/calendario"];
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const HOME_JS_LIMIT = 150 * 1024;

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_FLAGS,
});

let failed = false;
const loadBefore = os.loadavg();
const rows = [];
try {
  for (const path of paths) {
    const url = baseUrl + path;
    // Mobile emulation with Lighthouse's default throttling (simulated slow 4G, 4x CPU).
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
    // failure of the browser, not a finding about the page. One retry, and it is printed.
    if (result?.lhr?.runtimeError?.code === "NO_NAVSTART") {
      console.log(`\n${path}: NO_NAVSTART, retrying once`);
      result = await audit();
    }
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    console.log(`\n${path}`);
    // A run that could not load the page (a timeout on a loaded machine) scores 0 in the
    // categories it could not audit: print why, so a 0 is not read as a finding.
    if (lhr.runtimeError) console.log(`  RUN FAILED: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    for (const warning of lhr.runWarnings ?? []) console.log(`  warning: ${warning}`);
    for (const [id, target] of Object.entries(TARGETS)) {
      const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const ok = score >= target;
      if (!ok) failed = true;
      console.log(
        `  ${id.padEnd(15)} ${String(score).padStart(3)}  (target ${target}) ${ok ? "ok" : "MISSED"}`,
      );
      if (!ok) {
        for (const ref of lhr.categories[id].auditRefs) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
            console.log(`      - ${ref.id}: ${audit.title} ${audit.displayValue ?? ""}`);
          }
        }
      }
    }
    for (const metric of [
      "first-contentful-paint",
      "largest-contentful-paint",
      "total-blocking-time",
      "cumulative-layout-shift",
    ]) {
      console.log(`  ${metric.padEnd(26)} ${lhr.audits[metric]?.displayValue ?? "-"}`);
    }
    if (process.env.LIGHTHOUSE_DETAILS) printMainThreadDetails(lhr);
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
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id) => lhr.audits[id]?.displayValue ?? "-";
    rows.push(
      `| ${path} | ${lhr.runtimeError ? `run failed: ${lhr.runtimeError.code}` : score("performance")} | ${score("accessibility")} | ${score("best-practices")} | ${score("seo")} | ${metric("first-contentful-paint")} | ${metric("largest-contentful-paint")} | ${metric("total-blocking-time")} | ${metric("cumulative-layout-shift")} | ${(total / 1024).toFixed(1)} KB |`,
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
    "## Lighthouse (issue 9, item 6: performance ≥ 95, accessibility, best practices and SEO 100)",
    "",
    ...machineLines(loadBefore),
    `- Command: \`node bench/lighthouse.mjs ${baseUrl}\` (Lighthouse 12, mobile emulation, simulated slow 4G and 4x CPU slowdown)`,
    "",
    "| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | JS (gzip) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
  ].join("\n"),
);
process.exitCode = failed ? 1 : 0;

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
