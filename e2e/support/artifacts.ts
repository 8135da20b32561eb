import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { TestContext } from "vitest";
import type { BrowserSession } from "./browser.ts";

const ARTIFACTS = path.resolve(import.meta.dirname, "../../.e2e-artifacts");

/**
 * Closes a test's browser; when the test failed, first keeps a screenshot of what was on screen in
 * `.e2e-artifacts/` (git-ignored), named after the test.
 */
export const closeBrowser = async (browser: BrowserSession | undefined, context: TestContext): Promise<void> => {
  if (!browser) return;
  if (context.task.result?.state === "fail") {
    await mkdir(ARTIFACTS, { recursive: true });
    const name = context.task.name.replace(/[^\w-]+/g, "-").slice(0, 100);
    await browser.page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true }).catch(() => {});
  }
  await browser.close();
};
