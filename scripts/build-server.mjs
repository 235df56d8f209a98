// The server's production build: server/main.ts and the command-line tools compiled by esbuild
// into dist/server (ES modules, dependencies left in node_modules), with the migrations copied
// beside them. `npm start` runs the result with plain node: no TypeScript at run time.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "dist", "server");

export const SERVER_ENTRIES = {
  main: "server/main.ts",
  "backup-cli": "server/cli/backup-cli.ts",
  "create-admin": "server/cli/create-admin.ts",
};

export async function buildServer() {
  const started = Date.now();
  // Loaded only to build: `npm start` with a current build needs no dev dependency.
  const { build } = await import("esbuild");
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir,
    bundle: true,
    // Packages stay in node_modules: their own files (pg-boss's SQL, PGlite's wasm) are found as usual.
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    // React Email templates (.tsx) under server/: the automatic runtime, no React import needed.
    jsx: "automatic",
    sourcemap: "linked",
    logLevel: "warning",
    // import.meta.url of a bundled file is the bundle's: server/db/migrate.ts finds ./migrations
    // beside it, which is where they are copied below.
  });
  fs.cpSync(path.join(root, "server", "db", "migrations"), path.join(outdir, "migrations"), {
    recursive: true,
  });
  // Marks the folder as ES modules even if it is copied away from package.json.
  fs.writeFileSync(path.join(outdir, "package.json"), '{ "type": "module" }\n');
  return Date.now() - started;
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Builds dist/server when it is missing or older than the server's or the domain's sources. */
export async function ensureServerBuilt() {
  const built = fs.existsSync(path.join(outdir, "main.js"))
    ? fs.statSync(path.join(outdir, "main.js")).mtimeMs
    : 0;
  const sources = Math.max(newestMtime(path.join(root, "server")), newestMtime(path.join(root, "domain")));
  if (sources > built) {
    console.log("> node scripts/build-server.mjs");
    await buildServer();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ms = await buildServer();
  console.log(`dist/server listo en ${ms} ms`);
}
