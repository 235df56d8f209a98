// Installs dependencies and builds the web app when they are missing or older than their
// sources, so `npm start` and `npm test` work on a fresh clone with one command.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function run(command) {
  console.log(`> ${command}`);
  execSync(command, { cwd: root, stdio: "inherit" });
}

export function ensureInstalled() {
  const marker = path.join(root, "node_modules", ".package-lock.json");
  const lock = path.join(root, "package-lock.json");
  if (!fs.existsSync(marker) || fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs + 1000) {
    run("npm install --no-audit --no-fund");
  }
}

/** The browser build (dist/web) and the server's render of the public pages (dist/ssr). */
export function ensureWebBuilt() {
  const outputs = [
    path.join(root, "dist", "web", "index.html"),
    path.join(root, "dist", "ssr", "entry-server.js"),
  ];
  const built = Math.min(...outputs.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
  const sources = Math.max(
    newestMtime(path.join(root, "web")),
    newestMtime(path.join(root, "domain")),
    newestMtime(path.join(root, "vite.config.ts")),
  );
  if (sources > built) {
    run("npx vite build --logLevel warn");
    run("npx vite build --ssr entry-server.tsx --logLevel warn");
  }
}
