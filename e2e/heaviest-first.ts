import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The journeys that took longest in the last measured run (seconds: all 41 files in three
 * workers on PostgreSQL, 30 Nov 2026, the machine loaded by other work too, so the order matters
 * more than the figures), heaviest first. The workers take files from one queue (decision 0029):
 * started last, a long walk ran alone at the end of the run while the other workers idled.
 * Started first, the short journeys fill in around it. A fresh clone has no vitest cache, so the
 * order is kept here. Files not listed follow, in vitest's own order.
 */
const HEAVIEST = [
  "public-site", // 206
  "front-desk", // 200
  "admin-axe", // 168
  "forms-explain", // 130
  "customer-screens", // 125
  "booking-changes", // 123
  "check-in", // 85
  "accounts", // 84
  "waitlists", // 84
  "messaging-replies", // 83
  "account-security", // 80
  "role-screens", // 79
  "reports", // 78
  "csp", // 58
  "admin-customers", // 55
  "commerce", // 53
  "privacy", // 52
  "desk-card-sale", // 51
  "staff-roles", // 51
  "gift-cards", // 50
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
