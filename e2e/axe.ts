import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";

const axeSource = fs.readFileSync(
  path.resolve(import.meta.dirname, "../node_modules/axe-core/axe.min.js"),
  "utf8",
);

type AxeViolation = { id: string; help: string; nodes: { target: string[] }[] };

/**
 * WCAG 2 A and AA failures that axe-core finds in the page, one line each (empty when clean).
 * The CSP allows only 'self' scripts, so axe is evaluated through the DevTools protocol
 * (page.evaluate), which CSP does not govern.
 */
export async function wcagViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: unknown[] }> } }
    ).axe;
    return (
      await axe.run(document, {
        runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
        resultTypes: ["violations"],
      })
    ).violations;
  })) as AxeViolation[];
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
