import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One typed contract (docs/contributing.md, "One contract"): an answer's shape is written once, as
 * the Zod schema in domain/api/<domain>.ts that the route serialises with, and the web takes its
 * type from it (`z.input<typeof answer>`). A hand-written interface in a feature's api.ts drifts:
 * Mis Compras' renewal banner once read `brand`/`last4` from /metodosPago, which answers
 * card_type/last_digits.
 */

/**
 * Features whose api*.ts files infer every answer from domain/api: every feature with an api file.
 */
const INFERRED = [
  "purchases",
  "payment-methods",
  "credits",
  "fiscal",
  "packages",
  "videos",
  "checkout",
  "staff",
  "admin-forms",
  "attendance",
  "admin-lists",
  "customers",
  "auth",
  "content",
  "admin",
  "admin-catalogue",
  "reservations",
  "waitlists",
  "calendar",
  "admin-schedule",
  "cash-close",
  "reports",
  "messaging",
  "gift-cards",
  "retail",
];

/**
 * Shapes that are not an answer of these features' server domains: request bodies and filter
 * state the web builds.
 */
const NOT_ANSWERS: Record<string, string[]> = {
  videos: ["VideoFilters"],
  "admin-forms": ["FieldDraft", "FormDraft"],
  attendance: ["WalkInInput"],
  reports: ["ReportFilters", "Drill", "Period"],
};

const featuresDir = join(import.meta.dirname, "..", "features");

const apiFiles = (feature: string): string[] =>
  readdirSync(join(featuresDir, feature), { recursive: true, encoding: "utf8" })
    // api.ts, api-<part>.ts and <part>-api.ts (purchases' invoicing-api.ts once slipped past).
    .filter((f) => /(^|[/-])api[^/]*\.ts$/.test(f) && !f.endsWith(".test.ts"))
    .map((f) => join(featuresDir, feature, f));

/** Declared object shapes (`interface X`, `type X = {`) and inline answer types (`api.get<{ ... }>("/path"`). */
function handWrittenShapes(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^\s*(?:export\s+)?interface\s+(\w+)/gm)) found.push(m[1] ?? "");
  for (const m of source.matchAll(/^\s*(?:export\s+)?type\s+(\w+)\s*(?:<[^>]*>)?\s*=\s*\{/gm))
    found.push(m[1] ?? "");
  for (const m of source.matchAll(/api\.\w+<\s*\{[\s\S]*?\}>\(\s*["`]([^"`$?]+)/g)) found.push(m[1] ?? "");
  return found;
}

describe("web answers are inferred from domain/api", () => {
  it("finds what it looks for", () => {
    expect(
      handWrittenShapes(
        'export interface A { x: number }\ntype B = { y: string };\napi.get<{ z: C[] }>("/zs", { signal });\nexport type D = z.input<typeof d>;',
      ),
    ).toEqual(["A", "B", "/zs"]);
  });

  for (const feature of INFERRED) {
    it(`web/features/${feature} declares no answer shape of its own`, () => {
      const files = apiFiles(feature);
      expect(files.length).toBeGreaterThan(0);
      const shapes = files.flatMap((file) => handWrittenShapes(readFileSync(file, "utf8")));
      expect(shapes.filter((s) => !(NOT_ANSWERS[feature] ?? []).includes(s))).toEqual([]);
    });
  }
});
