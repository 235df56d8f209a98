#!/usr/bin/env node
// CI step (issue #23 item 8): `npm audit --omit=dev --audit-level=high`, failing only on a real
// high or critical advisory of a production dependency that docs/security.md does not list as an
// accepted exception (the ids in .ci/audit-exceptions.json, each with its reason there). When the
// registry's audit service cannot be reached (offline machine, a mirror without the audit
// endpoint), the step says so and passes: a network problem is not a vulnerability, and the next
// run with a network checks again.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const exceptions = new Map(
  Object.entries(JSON.parse(readFileSync(new URL("./audit-exceptions.json", import.meta.url), "utf8"))),
);

const run = spawnSync("npm", ["audit", "--omit=dev", "--audit-level=high", "--json"], {
  encoding: "utf8",
  timeout: 120_000,
});

let report;
try {
  report = JSON.parse(run.stdout || "{}");
} catch {
  report = {};
}

if (!report.vulnerabilities) {
  const reason = report.message || report.error?.summary || run.error?.message || "sin respuesta";
  console.log(`npm audit: el servicio de auditoría no respondió (${reason}); se omite esta vez.`);
  process.exit(0);
}

/** Advisory id (GHSA-…) from its URL, or the package name for advisories without one. */
const idOf = (via) => (typeof via.url === "string" ? via.url.split("/").pop() : via.name);

const blocking = [];
const accepted = [];
for (const [name, entry] of Object.entries(report.vulnerabilities)) {
  for (const via of entry.via) {
    // A string names another vulnerable package this one depends on; that one is listed itself.
    if (typeof via === "string" || !["high", "critical"].includes(via.severity)) continue;
    const id = idOf(via);
    const line = `${via.severity} ${name} (${via.range}): ${via.title} ${via.url ?? ""}`;
    (exceptions.has(id) ? accepted : blocking).push(
      exceptions.has(id) ? `${line} — excepción: ${exceptions.get(id)}` : line,
    );
  }
}

for (const line of accepted) console.log(`npm audit: aceptada (docs/security.md) ${line}`);
if (blocking.length > 0) {
  console.error("npm audit: avisos altos o críticos sin excepción documentada:");
  for (const line of blocking) console.error(`  ${line}`);
  console.error(
    "Actualiza el paquete (npm install <paquete>@<versión corregida>) o documenta la excepción en docs/security.md y .ci/audit-exceptions.json.",
  );
  process.exit(1);
}
const counts = report.metadata?.vulnerabilities ?? {};
console.log(
  `npm audit: sin avisos altos ni críticos pendientes (moderados: ${counts.moderate ?? 0}, bajos: ${counts.low ?? 0}).`,
);
