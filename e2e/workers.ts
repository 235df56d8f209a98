/**
 * How many journey files run at once, each worker with its own server (docs/decisions/0029).
 * E2E_WORKERS=1 runs them one after another against one server, as before. A run of one file
 * (`npx vitest run --config e2e/vitest.config.ts e2e/<file>`) starts one server only.
 */
export function e2eWorkers(): number {
  const files = process.argv.filter((arg) => arg.endsWith(".test.ts"));
  if (files.length === 1) return 1;
  // Three: with two, the journeys ended the run alone for 15 minutes after the API suites, their
  // workers waiting on pages more than on the cores (decision 0029, addendum of 30 Nov 2026).
  const workers = Number(process.env.E2E_WORKERS ?? 3);
  return Number.isInteger(workers) && workers >= 1 ? workers : 3;
}
