#!/usr/bin/env node
/**
 * Target: `npm start` ready (GET /api/health answers 200) within 20 s on a warm install.
 * Spawns `npm start` with a fresh temporary DATA_DIR (PGlite: migrations and the demo seed run
 * every time) on BENCH_START_PORT (3303), times it until /api/health answers 200, prints the
 * seconds and the server's own milestones, then stops it (by port) and removes the data.
 *
 *   node bench/start-time.mjs          # BENCH_START_RUNS=3 for several runs
 *
 * "Warm install": node_modules present and dist/web built from the current sources (the first
 * `npm start` after a change also builds the web app; that run is reported as such).
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { machineLines, writeSection } from "./results-public.mjs";

const root = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.BENCH_START_PORT ?? "3303");
const RUNS = Number(process.env.BENCH_START_RUNS ?? "1");
const BUDGET_S = 20;

function stopPort(port) {
  try {
    execFileSync("fuser", ["-k", `${port}/tcp`], { stdio: "ignore" });
  } catch {}
}

async function once() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "estudio-start-"));
  const started = performance.now();
  const milestones = [];
  const child = spawn("npm", ["start"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const seen = (chunk) => {
    const at = ((performance.now() - started) / 1000).toFixed(1);
    for (const line of chunk.toString().split("\n")) {
      if (line.trim()) milestones.push(`${at.padStart(5)} s  ${line.trim().slice(0, 110)}`);
    }
  };
  child.stdout.on("data", seen);
  child.stderr.on("data", seen);
  let seconds = null;
  try {
    const deadline = started + 120_000;
    while (performance.now() < deadline && child.exitCode === null) {
      try {
        const res = await fetch(`http://127.0.0.1:${PORT}/api/health`);
        if (res.status === 200) {
          seconds = (performance.now() - started) / 1000;
          break;
        }
      } catch {}
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    stopPort(PORT);
    child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { seconds, milestones };
}

stopPort(PORT);
let failed = false;
const loadBefore = os.loadavg();
const rows = [];
for (let run = 1; run <= RUNS; run++) {
  const { seconds, milestones } = await once();
  const ok = seconds !== null && seconds < BUDGET_S;
  if (!ok) failed = true;
  const built = milestones.some((line) => line.includes("vite build"));
  rows.push(
    `| ${run} | ${seconds === null ? "no answer in 120 s" : `${seconds.toFixed(1)} s`} | ${built ? "yes (sources newer than dist/web)" : "no"} | ${ok ? "pass" : "FAIL"} |`,
  );
  console.log(
    `run ${run}: ${seconds === null ? "no 200 from /api/health within 120 s" : `${seconds.toFixed(1)} s to /api/health 200`} (budget ${BUDGET_S} s) ${ok ? "pass" : "FAIL"}`,
  );
  for (const line of milestones) console.log(`    ${line}`);
}
writeSection(
  "start-time",
  [
    "## `npm start` until /api/health answers 200 (target: under 20 s on a warm install)",
    "",
    ...machineLines(loadBefore),
    `- Command: \`BENCH_START_RUNS=${RUNS} node bench/start-time.mjs\` (fresh PGlite DATA_DIR each run: migrations and the demo seed included)`,
    "",
    "| run | seconds | web build ran | result |",
    "|---:|---:|---|---|",
    ...rows,
  ].join("\n"),
);
process.exitCode = failed ? 1 : 0;
