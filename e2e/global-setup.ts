import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

let server: ChildProcess | undefined;
let dataDir: string | undefined;

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

/** Starts the real server once for all journeys and shares its URL through `inject("baseUrl")`. */
export default async function setup(project: TestProject) {
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "estudio-e2e-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
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
      MAIL_DIR: path.join(dataDir, "correos"),
      DATABASE_URL: "",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // Seeding the demo studio on a fresh PGlite takes seconds alone, and well over a minute on a
  // loaded machine (several suites sharing two cores): 90 s failed there before any test ran.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`el servidor terminó con código ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error("el servidor no respondió a tiempo");
    await new Promise((r) => setTimeout(r, 300));
  }
  project.provide("baseUrl", baseUrl);
  project.provide("mailDir", path.join(dataDir, "correos"));
  return async () => {
    server?.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where the server writes every email whole (MAIL_DIR). */
    mailDir: string;
  }
}
