// Sections of bench/RESULTS-public.md, each rewritten only by the script that owns it (the same
// marker scheme as bench/results-file.ts uses for RESULTS.md).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";

const FILE = new URL("./RESULTS-public.md", import.meta.url);
const HEADER = "# Public site and front end\n\nEach script below rewrites only its own section.\n";

/** Replaces (or appends) one section between `<!-- name:start -->` and `<!-- name:end -->`. */
export function writeSection(name, body) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const current = existsSync(FILE) ? readFileSync(FILE, "utf8") : HEADER;
  const block = `${start}\n${body.trim()}\n${end}`;
  const at = current.indexOf(start);
  const next =
    at === -1
      ? `${current.trimEnd()}\n\n${block}\n`
      : `${current.slice(0, at)}${block}${current.slice(current.indexOf(end) + end.length)}`;
  writeFileSync(FILE, next);
}

const loads = (values) => values.map((l) => l.toFixed(2)).join(" / ");

/** "Machine" and "load" lines for a section: cores, memory, Node, load before and after. */
export function machineLines(loadBefore) {
  const cpu = os.cpus();
  return [
    `- Date: ${new Date().toISOString()}`,
    `- Machine: ${cpu.length} cores (${cpu[0]?.model.trim()}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}, Chromium from /usr/bin/chromium`,
    `- Load average (1/5/15 min) before: ${loads(loadBefore)}; after: ${loads(os.loadavg())}`,
  ];
}
