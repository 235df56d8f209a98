// `npm start`: install and build what is missing, then run the compiled server (dist/server/main.js,
// plain JavaScript, NODE_ENV=production; it migrates, seeds the demo studio on first run and prints
// the URL and demo logins). `npm run dev` keeps running the TypeScript through tsx.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ensureServerBuilt } from "./build-server.mjs";
import { ensureInstalled, ensureWebBuilt } from "./ensure-ready.mjs";

const root = path.resolve(import.meta.dirname, "..");

// A studio running `npm start` on its own server gets a random secret kept in DATA_DIR, so
// sessions survive restarts without anyone having to invent one.
function localSecret() {
  const dir = path.resolve(root, process.env.DATA_DIR || "data");
  const file = path.join(dir, ".auth-secret");
  fs.mkdirSync(dir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  return fs.readFileSync(file, "utf8").trim();
}

ensureInstalled();
ensureWebBuilt();
await ensureServerBuilt();

const child = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.js"], {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env, AUTH_SECRET: process.env.AUTH_SECRET || localSecret() },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
