import { index, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, tenantRowId, timestamptz } from "./columns.ts";
import { projects } from "./projects.ts";
import { users } from "./users.ts";

/**
 * Referrals (spec 7: POST /referrals, POST /referrals/redeem/{code}; issue 16): a company invites another by e-mail
 * with a code; the invited company redeems it at sign-up. Only the code's SHA-256 is kept, as invitation tokens
 * are. The company that joined is named here when it redeems, so the referrer's list reads one table.
 */
export const referrals = pgTable(
  "referrals",
  {
    id: tenantRowId(),
    /** The referring company. */
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at").notNull(),
    redeemedProjectId: uuid("redeemed_project_id").references(() => projects.id, { onDelete: "set null" }),
    redeemedCompanyName: text("redeemed_company_name"),
    redeemedAt: timestamptz("redeemed_at"),
  },
  (t) => [
    primaryKey({ name: "referrals_pkey", columns: [t.projectId, t.id] }),
    index("referrals_project_created_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * The referral code directory: whose referral a code is. A code is redeemed by another company than the one that
 * referred it, so the redemption reads the referrer here first and then the referral by its whole key. A table of its
 * own so that on a database distributed by `project_id` it stays on the coordinator (docs/scaling.md, blocker 2).
 * Kept by a trigger on `referrals` (migration 0039), whichever code writes the referral.
 */
export const referralCodes = pgTable("referral_codes", {
  codeHash: text("code_hash").primaryKey(),
  projectId: uuid("project_id").notNull(),
  referralId: uuid("referral_id").notNull(),
});
