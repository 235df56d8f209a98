#!/usr/bin/env node
/**
 * Where a public page's main-thread time goes on a throttled phone: loads PATH of a running demo
 * server in Debian's Chromium (390 px, 4x CPU slowdown as Lighthouse's mobile run), records a
 * JavaScript CPU profile from navigation until the page has been quiet for a second, and prints
 * the long tasks (over 50 ms, the ones counted as blocking time) and the functions with the most
 * time of their own, attributed to the app's source where the build's names allow.
 *
 *   node bench/page-profile.mjs http://127.0.0.1:3301 /calendario [out.cpuprofile]
 *
 * A diagnosis aid for bench/lighthouse.mjs, not a benchmark: figures vary with the machine.
 */
import fs from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.mjs";

const [baseUrl = "http://127.0.0.1:3000", path = "/", out] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
});
const context = await browser.newContext({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  serviceWorkers: "block",
});
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
await page.evaluate(() => 0);
await page.addInitScript(() => {
  // Long tasks as the page sees them (the same 50 ms threshold as blocking time).
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__longTasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
  }).observe({ type: "longtask", buffered: true });
});
await cdp.send("Profiler.start");
await browser.startTracing(page, {
  categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"],
});
await page.goto(baseUrl + path, { waitUntil: "load" });
await page.waitForLoadState("networkidle");
await page.waitForTimeout(1000);
const trace = JSON.parse((await browser.stopTracing()).toString("utf8"));
const { profile } = await cdp.send("Profiler.stop");
const longTasks = await page.evaluate(() => window.__longTasks);
await browser.close();
if (out) fs.writeFileSync(out, JSON.stringify(profile));

const total = (longTasks ?? []).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
console.log(`${path}: ${longTasks.length} long tasks, ${total} ms over 50 ms (4x slowdown)`);
for (const [start, duration] of longTasks)
  console.log(`  at ${String(start).padStart(5)} ms  ${duration} ms`);

printLongTasksOfTrace(trace.traceEvents ?? trace);

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfTime = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const node = byId.get(profile.samples[i]);
  const frame = node.callFrame;
  if (["(idle)", "(program)", "(root)"].includes(frame.functionName)) continue;
  const where = `${frame.functionName || "(anonymous)"}  ${frame.url.replace(baseUrl, "")}:${frame.lineNumber}:${frame.columnNumber}`;
  selfTime.set(where, (selfTime.get(where) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
}
console.log("own time (ms):");
for (const [where, ms] of [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
  console.log(`  ${ms.toFixed(1).padStart(7)}  ${where}`);
}

/**
 * The main thread's tasks over 50 ms in the trace, each with the work inside it that took longest
 * (script evaluation and function calls by file, style, layout, HTML parsing).
 */
function printLongTasksOfTrace(events) {
  // The page's renderer: of the renderer main threads (about:blank had its own), the busiest.
  const busy = new Map();
  for (const e of events) {
    if (e.name === "RunTask" && e.ph === "X")
      busy.set(`${e.pid}/${e.tid}`, (busy.get(`${e.pid}/${e.tid}`) ?? 0) + e.dur);
  }
  const main = events
    .filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain")
    .sort((a, b) => (busy.get(`${b.pid}/${b.tid}`) ?? 0) - (busy.get(`${a.pid}/${a.tid}`) ?? 0))[0];
  const onMain = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === "X");
  const tasks = onMain.filter((e) => e.name === "RunTask" && e.dur > 50_000);
  const navigation =
    events.find((e) => e.name === "navigationStart" && e.pid === main?.pid)?.ts ?? tasks[0]?.ts ?? 0;
  const inside = [
    "EvaluateScript",
    "FunctionCall",
    "v8.compile",
    "ParseHTML",
    "UpdateLayoutTree",
    "Layout",
    "Paint",
    "TimerFire",
    "FireAnimationFrame",
    "EventDispatch",
    "MajorGC",
    "MinorGC",
    "v8.run",
  ];
  console.log("long tasks in the trace (start ms after navigation, duration ms), and their largest parts:");
  for (const task of tasks) {
    const parts = onMain
      .filter((e) => inside.includes(e.name) && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur)
      .sort((a, b) => b.dur - a.dur)
      .slice(0, 4)
      .map((e) => {
        const data = e.args?.data ?? {};
        const where = String(data.url ?? data.functionName ?? "").replace(baseUrl, "");
        return `${e.name} ${where} ${Math.round(e.dur / 1000)}`;
      });
    console.log(
      `  ${String(Math.round((task.ts - navigation) / 1000)).padStart(6)} +${Math.round(task.dur / 1000)}  ${parts.join(" | ")}`,
    );
  }
}
