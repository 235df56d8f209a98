// `npm test`: unit + API suites on PGlite, again on PostgreSQL when TEST_DATABASE_URL is set,
// then the browser journeys in Debian's Chromium. Ends with one "N passed, N failed" line.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureInstalled, ensureWebBuilt } from "./ensure-ready.mjs";

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, ".tmp");
fs.mkdirSync(outDir, { recursive: true });
ensureInstalled();

const totals = { passed: 0, failed: 0, skipped: 0 };
/** Failed tests by suite, printed again at the very end: CI logs are often read from the tail. */
const failures = [];
let anyFailure = false;

function vitest(label, args, env = {}) {
  const report = path.join(outDir, `vitest-${label}.json`);
  fs.rmSync(report, { force: true });
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(
    process.execPath,
    [
      "node_modules/vitest/vitest.mjs",
      "run",
      ...args,
      "--reporter=default",
      "--reporter=json",
      `--outputFile=${report}`,
    ],
    { cwd: root, stdio: "inherit", env: { ...process.env, ...env } },
  );
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, "utf8"));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
    if (json.numFailedTestSuites > 0 && json.numFailedTests === 0) totals.failed += json.numFailedTestSuites;
    for (const file of json.testResults) {
      const where = path.relative(root, file.name);
      const failed = file.assertionResults.filter((test) => test.status === "failed");
      for (const test of failed) {
        const why = (test.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 300);
        failures.push(`[${label}] ${where} > ${test.fullName}\n    ${why}`);
      }
      if (file.status === "failed" && failed.length === 0) {
        failures.push(`[${label}] ${where}\n    ${(file.message ?? "").split("\n")[0].slice(0, 300)}`);
      }
    }
  } else {
    totals.failed += 1;
  }
  if (result.status !== 0) anyFailure = true;
}

const only = process.argv[2]; // optional: "api" or "e2e"

if (!only || only === "api") {
  vitest("pglite", [], { TEST_DB_DRIVER: "pglite", TZ: process.env.TZ ?? "UTC" });
  if (process.env.TEST_DATABASE_URL) {
    vitest("postgres", ["server"], { TEST_DB_DRIVER: "postgres", TZ: "Pacific/Auckland" });
  } else {
    console.log("\n(TEST_DATABASE_URL no está definido: las pruebas de API en PostgreSQL se omiten)");
  }
}

if (!only || only === "e2e") {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (fs.existsSync(chromium)) {
    ensureWebBuilt();
    vitest("e2e", ["--config", "e2e/vitest.config.ts"], { CHROMIUM_PATH: chromium });
  } else if (process.env.CI) {
    console.error(`\nNo se encontró Chromium en ${chromium}: CI lo necesita (apt-get install -y chromium).`);
    anyFailure = true;
    totals.failed += 1;
  } else {
    console.log(
      `\n(No se encontró Chromium en ${chromium}: las pruebas en navegador se omiten. apt-get install -y chromium)`,
    );
  }
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.join("\n")}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(anyFailure || totals.failed > 0 ? 1 : 0);
