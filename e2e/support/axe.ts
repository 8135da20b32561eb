import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

/**
 * Accessibility checks with axe-core in the page as a person gets it (its Content-Security-Policy included: the
 * script is evaluated by the test tool, not loaded by the page). The rules are WCAG 2.2 A and AA and axe's best
 * practices (landmarks, heading order, one main, one level-one heading).
 */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

const axeSource = readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AxeResults = {
  violations: { id: string; impact: string | null; nodes: { target: string[]; failureSummary?: string }[] }[];
};

/** Waits until nothing on the page moves: a panel sliding in is half-transparent, and its text would not read. */
export const whenStill = (page: Page): Promise<unknown> =>
  page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));

/**
 * The page's violations, one line each: the rule, how bad, where and why. An empty list is a page that passes.
 * Waits for the page to be still first.
 */
export const accessibilityViolations = async (page: Page): Promise<string[]> => {
  await whenStill(page);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(await axeSource);
  const results = (await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe.run(
        document,
        { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] },
      ),
    AXE_TAGS,
  )) as AxeResults;
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}) at ${node.target.join(" ")}: ${(node.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 200)}`,
    ),
  );
};
