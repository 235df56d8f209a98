import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * The production build as `npm start` runs it (scripts/start.mjs): plain node on
 * dist/server/main.js, NODE_ENV=production, the embedded PGlite in a fresh data folder, the demo
 * studio, and whatever provider settings the suite gives (each pointed at a loopback double).
 */

export const ROOT = path.resolve(import.meta.dirname, "..");

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

// biome-ignore lint/suspicious/noExplicitAny: API answers read loosely in an integration test
export type Json = Record<string, any>;

export type CompiledServer = Awaited<ReturnType<typeof startCompiledServer>>;

export async function startCompiledServer(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "estudio-build-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.js"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      TZ: process.env.TZ ?? "UTC",
      NODE_ENV: "production",
      AUTH_SECRET: randomBytes(32).toString("hex"),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      DEMO: "1",
      LOG_LEVEL: "warn",
      RATE_LIMIT_MAX: "100000",
      AUTH_RATE_LIMIT_MAX: "1000",
      AUTH_DISTINCT_EMAILS_MAX: "100000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Kept for the failure message (the last few KB): a 500's stack is in the server's log.
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);

  // Migrating a fresh on-disk PGlite and seeding the demo studio took up to 66 s beside the other
  // suites of CI on two cores, and over 4 minutes with three servers starting at once on a machine
  // loaded by more (scripts/test.mjs starts this suite after the PostgreSQL run for that).
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`el servidor compilado terminó con código ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      // Stopped here: the suite's afterAll never gets the server, so it would outlive the run.
      child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`el servidor compilado no respondió a tiempo:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  /** One call; the answer's status, JSON (or text) and headers. Never throws on a 4xx/5xx. */
  async function call(
    method: string,
    url: string,
    init: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: BodyInit } = {},
  ) {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      redirect: "manual",
      headers: {
        // As the studio's own pages send it: better-auth refuses a sign-in without a trusted Origin.
        origin: baseUrl,
        ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      body: init.raw ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const type = res.headers.get("content-type") ?? "";
    let json: Json = {};
    if (type.includes("json") && bytes.length) json = JSON.parse(bytes.toString("utf8"));
    return { status: res.status, json, bytes, headers: res.headers };
  }

  async function signIn(email: string, password = "demo1234"): Promise<string> {
    const res = await call("POST", "/api/auth/sign-in/email", { body: { email, password } });
    if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${res.bytes}`);
    return res.headers.get("set-auth-token") ?? "";
  }

  /** A new customer signed up through the real API, and their Bearer session. */
  async function newCustomer(name: string) {
    const tag = `${Date.now()}${randomInt(1_000_000)}`;
    const email = `cliente.${tag}@prueba.mx`;
    const password = "Tortuga-Azul-Salta-93";
    const res = await call("POST", "/api/customer/signup", {
      body: {
        email,
        password,
        password_confirm: password,
        phone: `5${String(randomInt(1_000_000_000)).padStart(9, "0")}`,
        name,
        last_name: "Prueba",
        signup_reason: "Instagram",
        accept_terms: true,
      },
    });
    if (res.status !== 201) throw new Error(`signup: ${res.status} ${res.bytes}`);
    return {
      email,
      customer_id: res.json.customer.customer_id as number,
      token: await signIn(email, password),
    };
  }

  return {
    baseUrl,
    dataDir,
    call,
    signIn,
    newCustomer,
    /** What the server printed lately (for a failure's message). */
    log: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            child.kill("SIGKILL");
            resolve();
          }, 10_000);
          child.once("exit", () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
