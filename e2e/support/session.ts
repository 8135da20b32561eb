import { createHash, randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { inject } from "vitest";
import { query } from "./db.ts";
import type { SignedUpCompany } from "./sign-up-api.ts";

/**
 * Signs a demo user in by writing an approved token straight into the database, the way the
 * sign-in flow leaves it. Flows that are not about signing in start from here, so a change to
 * the sign-in screens breaks only the sign-in tests.
 */
export const createSessionToken = async (email: string): Promise<{ token: string; expires_at: string }> => {
  const token = randomBytes(32).toString("base64url");
  const hash = createHash("sha256").update(token).digest("hex");
  const expiresAt = new Date(Date.now() + 60 * 60 * 1000);
  const rows = await query(
    `insert into tokens (user_id, token_hash, status, expires_at)
     select id, $2, 'approved', $3 from users where email = $1 returning id`,
    [email, hash, expiresAt],
  );
  if (rows.length !== 1) throw new Error(`No demo user ${email}`);
  return { token, expires_at: expiresAt.toISOString() };
};

export const signInAs = async (page: Page, email: string, locale: "is" | "en" = "is"): Promise<void> => {
  const session = await createSessionToken(email);
  await page.goto(`${inject("baseUrl")}/404`);
  await page.evaluate(
    ([auth, lang]) => {
      localStorage.setItem("kort.auth", auth);
      localStorage.setItem("kort.locale", lang);
      // Flows not about the onboarding checklist: a user made by the flow moments ago would otherwise have it open
      // by itself over the page (spec 2); onboarding-checklist.e2e.ts starts without this.
      localStorage.setItem("kort.onboarding.completed", "completed");
    },
    [JSON.stringify(session), locale] as const,
  );
};

/**
 * Opens the dashboard at `path` as a new company's owner, with the session its sign-up answered
 * (sign-up-api.ts). The onboarding checklist would open by itself over a brand-new account's pages, so it is marked
 * done unless the flow is about it (`checklist`).
 */
export const openAsCompanyOwner = async (
  page: Page,
  company: Pick<SignedUpCompany, "token" | "expiresAt" | "projectId">,
  {
    locale = "is",
    path = "/cards",
    checklist = false,
  }: { locale?: "is" | "en"; path?: string; checklist?: boolean } = {},
): Promise<void> => {
  await page.goto(`${inject("baseUrl")}/404`);
  await page.evaluate(
    ([auth, projectId, lang, done]) => {
      localStorage.setItem("kort.auth", auth);
      localStorage.setItem("kort.locale", lang);
      localStorage.setItem("kort.project", projectId);
      if (done) localStorage.setItem("kort.onboarding.completed", "completed");
    },
    [
      JSON.stringify({ token: company.token, expires_at: company.expiresAt }),
      company.projectId,
      locale,
      !checklist,
    ] as const,
  );
  await page.goto(`${inject("baseUrl")}${path}`);
  await page.getByTestId("shell").waitFor();
};
