// Starting and stopping the pieces of a deployment on one machine: compiled app instances from
// the systemd unit cluster/estudio@.service and HAProxy from cluster/haproxy.cfg. Shared by
// `npm run test:cluster` (cluster/run.mjs) and `npm run bench:cluster` (bench/cluster.ts), so the
// benchmark measures exactly what the cluster test checks and what docs/deploy.md tells operators
// to install. Every child is kept by PID and stopped by stopAll(), whatever happened before.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export { ensureServerBuilt } from "../scripts/build-server.mjs";

export const ROOT = path.resolve(import.meta.dirname, "..");

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The unit's Environment= lines and ExecStart= command, with %i as the port. */
export function fromUnit(port) {
  const unit = fs.readFileSync(path.join(ROOT, "cluster", "estudio@.service"), "utf8");
  const env = {};
  let command = null;
  for (const raw of unit.split("\n")) {
    const line = raw.trim().replaceAll("%i", String(port));
    const environment = /^Environment=([A-Z_0-9]+)=(.*)$/.exec(line);
    if (environment) env[environment[1]] = environment[2];
    const exec = /^ExecStart=(.*)$/.exec(line);
    if (exec) command = exec[1].split(/\s+/);
  }
  if (!command?.[0].endsWith("node")) throw new Error("estudio@.service: ExecStart must run node");
  return { env, args: command.slice(1) };
}

export function requireHaproxy() {
  try {
    execFileSync("haproxy", ["-v"], { stdio: "ignore" });
  } catch {
    throw new Error("Falta haproxy: apt-get install -y haproxy (.ci/run lo instala)");
  }
}

/** Polls `${url}/api/ready` (or `path`) until it answers 200. */
export async function waitReady(url, seconds = 60, readyPath = "/api/ready") {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const res = await fetch(`${url}${readyPath}`).catch(() => null);
    if (res?.status === 200) return;
    await sleep(100);
  }
  throw new Error(`${url} no quedó listo en ${seconds} s`);
}

/**
 * The children of one run. `work` is the folder for their logs. Each entry is
 * `{ name, child, logFile, exit }`, `exit` set (`{ code, signal, at }`) once the process ended.
 */
export function processGroup(work) {
  const children = new Map();

  function track(name, child, logFile) {
    const entry = { name, child, logFile, exit: null };
    child.on("exit", (code, signal) => {
      entry.exit = { code, signal, at: performance.now() };
      children.delete(child.pid);
    });
    children.set(child.pid, entry);
    return entry;
  }

  /** One compiled instance as the unit runs it on `port`; `env` is what /etc/estudio/env holds. */
  function startInstance(name, port, env) {
    const unit = fromUnit(port);
    const logFile = path.join(work, `${name}.log`);
    const out = fs.openSync(logFile, "w");
    const child = spawn(process.execPath, unit.args, {
      cwd: ROOT,
      stdio: ["ignore", out, out],
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...unit.env, ...env },
    });
    fs.closeSync(out);
    return track(name, child, logFile);
  }

  /** HAProxy with cluster/haproxy.cfg, listening on `bind` (host:port) in front of three `apps`. */
  function startHaproxy(name, bind, apps) {
    if (apps.length !== 3) throw new Error("cluster/haproxy.cfg tiene tres servidores");
    const logFile = path.join(work, `${name}.log`);
    const out = fs.openSync(logFile, "w");
    const child = spawn("haproxy", ["-db", "-f", path.join(ROOT, "cluster", "haproxy.cfg")], {
      stdio: ["ignore", out, out],
      env: {
        PATH: process.env.PATH,
        ESTUDIO_BIND: bind,
        ESTUDIO_APP1: apps[0],
        ESTUDIO_APP2: apps[1],
        ESTUDIO_APP3: apps[2],
      },
    });
    fs.closeSync(out);
    return track(name, child, logFile);
  }

  /** SIGTERM to every child still running, SIGKILL to any still there after `graceMs`. */
  async function stopAll(graceMs = 8_000) {
    const stopping = [...children].map(async ([pid, entry]) => {
      try {
        process.kill(pid, "SIGTERM");
      } catch {}
      const deadline = Date.now() + graceMs;
      while (entry.exit === null && Date.now() < deadline) await sleep(50);
      if (entry.exit === null) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {}
      }
    });
    await Promise.all(stopping);
  }

  return { children, track, startInstance, startHaproxy, stopAll };
}
