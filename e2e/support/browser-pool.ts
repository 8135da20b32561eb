import type { Page } from "playwright-core";
import { afterEach } from "vitest";
import { closeBrowser } from "./artifacts.ts";
import { type BrowserSession, openBrowser } from "./browser.ts";

/**
 * For flows with more than one person on screen: call in a describe block; the answer opens a fresh browser a
 * call, and every browser opened in a test is closed after it (with a screenshot when the test failed).
 */
export const useBrowsers = (): (() => Promise<Page>) => {
  const browsers: BrowserSession[] = [];
  afterEach(async (context) => {
    for (const browser of browsers.splice(0)) await closeBrowser(browser, context);
  });
  return async () => {
    const browser = await openBrowser();
    browsers.push(browser);
    return browser.page;
  };
};
