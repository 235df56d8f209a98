import { inject } from "vitest";

/**
 * Runs before each journey file, in its worker: `inject("baseUrl")` and `inject("mailDir")` become
 * this worker's own server (global-setup starts one per worker). Vitest numbers the workers that
 * run at the same time 1..maxWorkers (VITEST_POOL_ID), so two files running side by side never
 * share a server.
 */
const servers = inject("servers");
const pool = Number(process.env.VITEST_POOL_ID);
const mine = servers[pool - 1];
if (!mine)
  throw new Error(
    `no hay servidor para el worker ${process.env.VITEST_POOL_ID} (${servers.length} servidores)`,
  );
const state = (globalThis as { __vitest_worker__?: { providedContext: Record<string, unknown> } })
  .__vitest_worker__;
if (!state) throw new Error("vitest cambió: no se encontró el estado del worker (__vitest_worker__)");
state.providedContext.baseUrl = mine.baseUrl;
state.providedContext.mailDir = mine.mailDir;
