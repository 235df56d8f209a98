import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureServerBuilt } from "../cluster/processes.mjs";
import { onServer } from "../server/test/test-driver";
import { startMessageProviders } from "./message-providers";
import { startWellhubDouble } from "./wellhub-double";
import { e2eWorkers } from "./workers";

type Started = {
  server: ChildProcess;
  dataDir: string;
  baseUrl: string;
  mailDir: string;
  /** The server's own PostgreSQL database, dropped on teardown (E2E_DATABASE_URL only). */
  database?: string;
};

/**
 * E2E_DATABASE_URL (a PostgreSQL server's maintenance database): each journey server gets a new
 * database of its own there instead of a fresh embedded one (docs/decisions/0029). Unset: PGlite.
 */
const postgresBase = process.env.E2E_DATABASE_URL || "";

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
async function startServer(
  started: Started[],
  wellhubUrl: string,
  providerEnv: Record<string, string>,
): Promise<Started> {
  const port = await freePort();
  let databaseUrl = "";
  let database: string | undefined;
  if (postgresBase) {
    database = `e2e_${process.pid}_${port}`;
    await onServer(postgresBase, `create database ${database}`);
    const url = new URL(postgresBase);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  }
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
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      RATE_LIMIT_MAX: "100000",
      // Every journey signs in as the demo admin or customer through the real form; the limit
      // itself is tested by the API suite (auth-flows.test.ts).
      AUTH_RATE_LIMIT_MAX: "1000",
      // Journeys sign many new customers up from 127.0.0.1; guessing.test.ts tests the bound.
      AUTH_DISTINCT_EMAILS_MAX: "100000",
      // Whole emails (the outbox hides reset and confirmation links): journeys read links here.
      MAIL_DIR: mailDir,
      DATABASE_URL: databaseUrl,
      // Beside the PostgreSQL API suite (30 connections a file, two apps in the cross-instance
      // tests) within the server's 100: a journey's server needs few.
      ...(databaseUrl ? { DATABASE_POOL_SIZE: "6" } : {}),
      // Wellhub's API is the journeys' double (e2e/wellhub-double.ts), read once at start.
      WELLHUB_API_URL: wellhubUrl,
      // Twilio and web push pointed at loopback doubles (e2e/message-providers.ts).
      ...providerEnv,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const one = { server, dataDir, baseUrl, mailDir, database };
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

/** SIGTERM, then SIGKILL if the server has not exited 10 s later. */
async function exited(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
    server.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    server.kill("SIGTERM");
  });
}

/**
 * Starts one real server per journey worker (E2E_WORKERS, docs/decisions/0029): the files of a
 * worker run one after another against its own server and demo studio, so a journey that changes
 * studio-wide settings never races a file of the other worker. e2e/worker-server.ts points
 * `inject("baseUrl")` and `inject("mailDir")` of each file at its worker's server.
 */
export default async function setup(project: TestProject) {
  const started: Started[] = [];
  const doubles: { close: () => Promise<unknown> }[] = [];
  await ensureServerBuilt();
  // Each server's folder is removed once it has exited: removed while a job was still finishing
  // (pg-boss waits for it on SIGTERM), its database went away under it (decision 0124).
  const stop = async () => {
    await Promise.all(started.map(({ server }) => exited(server)));
    for (const { dataDir } of started) fs.rmSync(dataDir, { recursive: true, force: true });
    for (const { database } of started)
      if (database) await onServer(postgresBase, `drop database if exists ${database} with (force)`);
    for (const double of doubles) await double.close();
  };
  try {
    // Up before the servers and down after them: a publication queued while Wellhub is on always
    // reaches it (decision 0124).
    const wellhub = await startWellhubDouble();
    doubles.push(wellhub);
    const providers = await startMessageProviders();
    doubles.push(providers);
    const servers = await Promise.all(
      Array.from({ length: e2eWorkers() }, () => startServer(started, wellhub.url, providers.env)),
    );
    project.provide("wellhubUrl", wellhub.url);
    project.provide("pushService", providers.pushService);
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
    /** The double of Wellhub's API every server calls (WELLHUB_API_URL, e2e/wellhub-double.ts). */
    wellhubUrl: string;
    /** The push double every server sends to (its https origin and certificate authority). */
    pushService: { origin: string; caFile: string };
  }
}
