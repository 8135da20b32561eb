import { randomInt } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";

/** Debian's Chromium; the test tool never downloads a browser of its own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Without the background-networking flags Chromium keeps dialling Google's hosts, which this
// machine's closed network refuses many times a second.
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export type BrowserSession = { context: BrowserContext; page: Page; close(): Promise<void> };

/** A client address of the benchmarking range 198.18.0.0/15, fresh per browser: one person, one address. */
const clientAddress = (): string => `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/**
 * A fresh persistent profile per session, so local storage never leaks between tests, and a client address of its own
 * (X-Forwarded-For, which the run's server trusts from loopback: global-setup.ts).
 */
export const openBrowser = async (
  options: {
    width?: number;
    height?: number /** A phone: touch events and the mobile viewport. */;
    touch?: boolean;
  } = {},
): Promise<BrowserSession> => {
  const profile = await mkdtemp(path.join(tmpdir(), "kort-e2e-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    extraHTTPHeaders: { "x-forwarded-for": clientAddress() },
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
};
