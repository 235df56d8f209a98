import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Builds dist/server when it is missing or older than the sources (scripts/build-server.mjs's
 * ensureServerBuilt): in CI `.ci/run` has just built it and nothing happens; on a laptop a stale
 * build is rebuilt in a few seconds, so the suite never tests yesterday's server.
 */
export default async function setup() {
  const script = pathToFileURL(path.resolve(import.meta.dirname, "../scripts/build-server.mjs")).href;
  const { ensureServerBuilt } = (await import(script)) as { ensureServerBuilt: () => Promise<void> };
  await ensureServerBuilt();
}
