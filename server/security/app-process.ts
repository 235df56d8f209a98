import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureServerBuilt } from "../../cluster/processes.mjs";

/**
 * A real server process, the compiled one as `npm start` runs it (dist/server/main.js, built first
 * when older than its sources; e2e/global-setup.ts starts the same) on a PostgreSQL database, for tests that need separate processes: a SIGKILL, or caches that
 * live in one process's memory. No demo studio, no background jobs.
 */
export type AppProcess = {
  baseUrl: string;
  child: ChildProcess;
  /** What the process wrote to stderr, for failure messages. */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited after 5 s; removes its DATA_DIR. */
  stop(): Promise<void>;
};

const ROOT = path.resolve(import.meta.dirname, "../..");

export async function startAppProcess(options: {
  port: number;
  databaseUrl: string;
  authSecret: string;
}): Promise<AppProcess> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  // A leftover server on the port would answer the health check in our place.
  const taken = await fetch(`${baseUrl}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${options.port} is already in use`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `estudio-proc-${options.port}-`));
  const child = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      AUTH_SECRET: options.authSecret,
      DEMO: "0",
      JOBS: "0",
      LOG_LEVEL: "error",
      RATE_LIMIT_MAX: "100000",
      WEB_DIST: "/nonexistent",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const process_: AppProcess = {
    baseUrl,
    child,
    output: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };

  // Two or three of these start at once beside the other suites of CI: on a loaded two-core machine
  // a start (then through tsx) has taken over 45 s.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server on port ${options.port} exited with ${child.exitCode}: ${stderr}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return process_;
    } catch {}
    if (Date.now() > deadline) {
      await process_.stop();
      throw new Error(`server on port ${options.port} did not answer in time: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Starts several at once; if one fails, stops the others before throwing. */
export async function startAppProcesses(
  ports: readonly number[],
  options: { databaseUrl: string; authSecret: string },
): Promise<AppProcess[]> {
  await ensureServerBuilt();
  const results = await Promise.allSettled(ports.map((port) => startAppProcess({ port, ...options })));
  const started = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const failure = results.find((r) => r.status === "rejected");
  if (failure) {
    await Promise.all(started.map((s) => s.stop()));
    throw failure.reason;
  }
  return started;
}
