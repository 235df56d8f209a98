import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureServerBuilt } from "../cluster/processes.mjs";
import { e2eWorkers } from "./workers";

type Started = { server: ChildProcess; dataDir: string; baseUrl: string; mailDir: string };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

/** One real server (built SPA + API + demo studio) on its own fresh PGlite and mail folder. */
async function startServer(started: Started[]): Promise<Started> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "estudio-e2e-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const mailDir = path.join(dataDir, "correos");
  // The compiled server, as `npm start` runs it (dist/server/main.js, plain node): what studios run
  // is what the journeys test; it is built first when older than its sources.
  const server = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.js"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      DEMO: "1",
      LOG_LEVEL: "warn",
      RATE_LIMIT_MAX: "100000",
      // Every journey signs in as the demo admin or customer through the real form; the limit
      // itself is tested by the API suite (auth-flows.test.ts).
      AUTH_RATE_LIMIT_MAX: "1000",
      // Journeys sign many new customers up from 127.0.0.1; guessing.test.ts tests the bound.
      AUTH_DISTINCT_EMAILS_MAX: "100000",
      // Whole emails (the outbox hides reset and confirmation links): journeys read links here.
      MAIL_DIR: mailDir,
      DATABASE_URL: "",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const one = { server, dataDir, baseUrl, mailDir };
  started.push(one);
  // Seeding the demo studio on a fresh PGlite takes seconds alone, and well over a minute on a
  // loaded machine (several suites sharing two cores): 90 s failed there before any test ran.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`el servidor terminó con código ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return one;
    } catch {}
    if (Date.now() > deadline) throw new Error("el servidor no respondió a tiempo");
    await new Promise((r) => setTimeout(r, 300));
  }
}

/**
 * Starts one real server per journey worker (E2E_WORKERS, docs/decisions/0029): the files of a
 * worker run one after another against its own server and demo studio, so a journey that changes
 * studio-wide settings never races a file of the other worker. e2e/worker-server.ts points
 * `inject("baseUrl")` and `inject("mailDir")` of each file at its worker's server.
 */
export default async function setup(project: TestProject) {
  const started: Started[] = [];
  await ensureServerBuilt();
  const stop = async () => {
    for (const { server } of started) server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    for (const { dataDir } of started) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const servers = await Promise.all(Array.from({ length: e2eWorkers() }, () => startServer(started)));
    project.provide("baseUrl", servers[0]!.baseUrl);
    project.provide("mailDir", servers[0]!.mailDir);
    project.provide(
      "servers",
      servers.map(({ baseUrl, mailDir }) => ({ baseUrl, mailDir })),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The server of the worker running this file (see e2e/worker-server.ts). */
    baseUrl: string;
    /** Where that server writes every email whole (MAIL_DIR). */
    mailDir: string;
    /** Every worker's server, by VITEST_POOL_ID - 1. */
    servers: { baseUrl: string; mailDir: string }[];
  }
}
