import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The journeys that took longest in the last full run (seconds, a fresh clone on 2026-11-29 with
 * the machine loaded by other work too, so the order matters more than the figures), heaviest
 * first. Two workers take files from one queue (decision 0029): started last, a 400-second walk
 * of every screen ran alone at the end of the run while the other worker idled. Started first,
 * the short journeys fill in around it. A fresh clone has no vitest cache, so the order is kept
 * here. Files not listed follow, in vitest's own order.
 */
const HEAVIEST = [
  "role-screens", // 475
  "public-site", // 472
  "front-desk", // 415
  "admin-axe", // 398
  "booking-changes", // 327
  "customer-screens", // 283
  "privacy", // 229
  "forms-explain", // 210
  "admin-customers", // 184
  "account-security", // 180
  "booking", // 167
  "messaging-replies", // 129 alone, loaded
  "accounts", // 163
  "admin-forms", // 137
  "check-in", // 128
  "csp", // 127
  "checkout-self-service", // 125
];

const rank = (spec: TestSpecification) => {
  const at = HEAVIEST.indexOf(path.basename(spec.moduleId, ".test.ts"));
  return at === -1 ? HEAVIEST.length : at;
};

export default class HeaviestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    return base
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}
