import { createHash } from "node:crypto";
import type { Page } from "playwright-core";
import { inject } from "vitest";
import { withDb } from "./db.ts";
import { createSessionToken } from "./session.ts";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Moves a token's expiry in the database, as the passing of time would. */
export const setServerExpiry = (token: string, expiresAt: Date): Promise<void> =>
  withDb(async (client) => {
    const result = await client.query("update tokens set expires_at = $2 where token_hash = $1", [
      hashOf(token),
      expiresAt,
    ]);
    if (result.rowCount !== 1) throw new Error("No such token");
  });

/**
 * A demo user's approved token whose expiry the server sees as `serverExpiry` and the browser as
 * `browserExpiry`, stored in `kort.auth` of `page` (which is left on a neutral page).
 */
export const plantSession = async (
  page: Page,
  email: string,
  expiry: { server: Date; browser: Date },
): Promise<string> => {
  const { token } = await createSessionToken(email);
  await setServerExpiry(token, expiry.server);
  await page.goto(`${inject("baseUrl")}/404`);
  const auth = JSON.stringify({ token, expires_at: expiry.browser.toISOString(), status: "approved" });
  await page.evaluate(
    ([value]) => {
      localStorage.setItem("kort.auth", value);
      localStorage.setItem("kort.locale", "en");
      // Not about the onboarding checklist (see session.ts).
      localStorage.setItem("kort.onboarding.completed", "completed");
    },
    [auth] as const,
  );
  return token;
};

export const storedToken = (page: Page): Promise<string | null> =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem("kort.auth") ?? "null") as { token?: string } | null)?.token ?? null,
  );

/** Counts the renewals (`POST /v1/sessions`) the page sends from now on. */
export const countRenewals = (page: Page): (() => number) => {
  let count = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/v1/sessions") count += 1;
  });
  return () => count;
};
