/**
 * How many journey files run at once, each worker with its own server (docs/decisions/0029).
 * E2E_WORKERS=1 runs them one after another against one server, as before.
 */
export function e2eWorkers(): number {
  const workers = Number(process.env.E2E_WORKERS ?? 2);
  return Number.isInteger(workers) && workers >= 1 ? workers : 2;
}
