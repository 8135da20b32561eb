import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, text, unique, uuid } from "drizzle-orm/pg-core";
import { companyReference, createdAt, money, tenantRowId, timestamptz } from "./columns.ts";
import { roleName } from "./enums.ts";
import { projects } from "./projects.ts";
import { teams } from "./teams.ts";
import { users } from "./users.ts";

/**
 * An invitation to a project: pending until accepted, revoked or expired. There is no unique index on
 * (project, email) because "pending" depends on the clock; the service refuses a second live invite.
 */
export const invites = pgTable(
  "invites",
  {
    id: tenantRowId(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: roleName("role").notNull(),
    teamId: uuid("team_id"),
    /** The limit control the new member gets (settings.limit_control of the invite). */
    maxMonthlyLimit: money("max_monthly_limit"),
    allowIssuingCardsToSelf: boolean("allow_issuing_cards_to_self").notNull().default(true),
    /**
     * sha256 hex of the secret in the invitation link. The link names the invitation by id and the secret is
     * compared with this, never looked up by it: so it is unique within the company, not across (migration 0037).
     */
    tokenHash: text("token_hash").notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at").notNull(),
    acceptedAt: timestamptz("accepted_at"),
    revokedAt: timestamptz("revoked_at"),
  },
  (t) => [
    primaryKey({ name: "invites_pkey", columns: [t.id, t.projectId] }),
    companyReference("invites_team_fk", [t.projectId, t.teamId], teams).onDelete("set null"),
    unique("invites_project_token_hash_key").on(t.projectId, t.tokenHash),
    index("invites_project_email_idx").on(t.projectId, t.email),
    index("invites_email_idx").on(t.email),
    check("invites_email_lower_case", sql`${t.email} = lower(${t.email})`),
  ],
);

export type InviteRow = typeof invites.$inferSelect;

/**
 * The invitation directory: whose invitation an id is. A link names the invitation by id alone, opened by someone
 * who belongs to no company yet, and a sign-up in progress (onboardings, global) refers to it the same way; both
 * read the company here first, then the invitation by its whole key (project_id, id). A table of its own so that on
 * a database distributed by `project_id` it stays on the coordinator (docs/scaling.md, blocker 2). Kept by a trigger
 * on `invites` (migration 0038), whichever code writes the invitation.
 */
export const inviteLinks = pgTable("invite_links", {
  inviteId: uuid("invite_id").primaryKey(),
  projectId: uuid("project_id").notNull(),
});
