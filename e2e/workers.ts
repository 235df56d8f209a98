/**
 * How many journey files run at once, each worker with its own server (docs/decisions/0029).
 * E2E_WORKERS=1 runs them one after another against one server, as before. A run of one file
 * (`npx vitest run --config e2e/vitest.config.ts e2e/<file>`) starts one server only.
 */
export function e2eWorkers(): number {
  const files = process.argv.filter((arg) => arg.endsWith(".test.ts"));
  if (files.length === 1) return 1;
  const workers = Number(process.env.E2E_WORKERS ?? 2);
  return Number.isInteger(workers) && workers >= 1 ? workers : 2;
}
