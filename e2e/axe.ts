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
  await transitionsSettled(page);
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

/**
 * Waits (at most 3 s) for the page's CSS transitions and animations to end, and two frames more
 * for React to unmount what they closed: a menu still fading out when its item opened a dialog
 * was read by axe as a menu without items (privacy journey, 3 journey workers on a loaded machine).
 */
async function transitionsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    const deadline = Date.now() + 3_000;
    while (Date.now() < deadline) {
      // A spinner's or skeleton's endless animation never ends: only finite ones are waited for.
      const running = document
        .getAnimations()
        .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().iterations !== Infinity);
      if (running.length === 0) break;
      await Promise.race([
        Promise.all(running.map((a) => a.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, 500)),
      ]);
      await frame();
      await frame();
    }
  });
}
