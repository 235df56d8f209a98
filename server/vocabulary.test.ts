import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Comments, test titles and the docs point at what the repository holds: a rule's anchor in
 * docs/product-rules.md, a decision record in docs/decisions/, docs/security.md, or the published
 * API contract (domain/api/). The product's outside specification ("the seeds", "seed 001 section
 * 4") and the team's tracker ("issue 21.5", "#24") are not in the repository, so a reader cannot
 * follow them. Decision records are history and keep the words of their day.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const SOURCE_FOLDERS = ["server", "domain", "web", "e2e", "integration", "scripts", "bench", "cluster"];
const SOURCE_FILE = /\.(ts|tsx|mjs|cjs|js|css)$/;
const SKIPPED_FOLDERS = new Set(["node_modules", "dist", "data", ".tmp", "__snapshots__", "migrations"]);

/** What a reader of the repository cannot open. Each with an example of what it catches. */
const OUTSIDE_REFERENCES: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  // "the seed's message", "the seeds' order", "as the seeds have them"
  { name: "the specification's seeds", pattern: /\bthe seeds?\b|\bseeds'/i },
  // "seed 000 §5", "Seed 001 section 4"
  { name: "a numbered seed", pattern: /\bseeds? \d{3}\b/i },
  // "the spec's resource", "as the spec says"
  { name: "the outside spec", pattern: /\bthe spec\b|\bthe spec's\b/i },
  // "issue 21.5", "issue #24", "Issue 25 item 3"
  { name: "a tracker issue", pattern: /\bissues? #?\d+/i },
  // "(#24)"
  { name: "a tracker number", pattern: /\(#\d+\)/ },
];

function filesUnder(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(path.join(dir, entry.name));
      } else if (SOURCE_FILE.test(entry.name)) {
        found.push(path.join(dir, entry.name));
      }
    }
  };
  if (fs.existsSync(folder)) walk(folder);
  return found;
}

/** `file:line: what it cites` for every line that cites something outside the repository. */
function outsideReferences(files: readonly string[]): string[] {
  const self = fileURLToPath(import.meta.url);
  const found: string[] = [];
  for (const file of files) {
    if (file === self) continue;
    const lines = fs.readFileSync(file, "utf8").split("\n");
    lines.forEach((line, index) => {
      for (const { name, pattern } of OUTSIDE_REFERENCES) {
        if (pattern.test(line)) found.push(`${path.relative(root, file)}:${index + 1}: ${name}`);
      }
    });
  }
  return found;
}

describe("a vocabulary the repository holds", () => {
  it("source comments and test titles cite no seed of the specification and no tracker issue", () => {
    const files = [
      ...SOURCE_FOLDERS.flatMap((folder) => filesUnder(path.join(root, folder))),
      path.join(root, ".dependency-cruiser.cjs"),
    ];
    expect(files.length).toBeGreaterThan(100);
    expect(outsideReferences(files)).toEqual([]);
  });

  it("the docs (decision records aside) cite them neither", () => {
    const docs = fs
      .readdirSync(path.join(root, "docs"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => path.join(root, "docs", name));
    expect(docs.map((file) => path.basename(file))).toContain("product-rules.md");
    expect(outsideReferences([...docs, path.join(root, "README.md")])).toEqual([]);
  });

  it("every product-rules.md anchor and decision record a comment cites exists", () => {
    const files = [
      ...SOURCE_FOLDERS.flatMap((folder) => filesUnder(path.join(root, folder))),
      path.join(root, ".dependency-cruiser.cjs"),
    ];
    const rules = fs.readFileSync(path.join(root, "docs", "product-rules.md"), "utf8");
    const anchors = new Set(
      [...rules.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim().toLowerCase().replace(/\s+/g, "-")),
    );
    const decisions = new Set(
      fs.readdirSync(path.join(root, "docs", "decisions")).map((name) => name.slice(0, 4)),
    );
    const missing: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, "utf8");
      const where = path.relative(root, file);
      for (const m of text.matchAll(/product-rules\.md#([a-z0-9-]+)/g)) {
        if (!anchors.has(m[1]!)) missing.push(`${where}: product-rules.md#${m[1]}`);
      }
      for (const m of text.matchAll(/\b(?:[Dd]ecisions?|docs\/decisions\/) ?(0\d{3})\b/g)) {
        if (!decisions.has(m[1]!)) missing.push(`${where}: decision ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("catches each kind of outside reference", () => {
    const cites = (text: string) => OUTSIDE_REFERENCES.some(({ pattern }) => pattern.test(text));
    for (const text of [
      "// Booking window (seed 000 section 5)",
      "/** Seed 001 section 4: the wallet's success message. */",
      'it("refuses with the seed\'s message")',
      "// The seeds' payload carries customer_id",
      "// Refunds (issue 21.4, decision 0027)",
      "// no cycles (issue #24)",
      "// see (#24)",
      "// the spec's resource",
    ]) {
      expect(cites(text), text).toBe(true);
    }
    for (const text of [
      "// Booking window (docs/product-rules.md#booking-window)",
      "// Refunds (decision 0027)",
      "// A failure prints fast-check's seed and the shrunk sequence",
      "server/db/seed/demo-people.ts",
      '"\'": "&#39;",',
    ]) {
      expect(cites(text), text).toBe(false);
    }
  });
});
