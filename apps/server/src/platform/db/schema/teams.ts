import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { categories } from "./accounting.ts";
import { companyReference, createdAt, money, tenantRowId, timestamptz, updatedAt } from "./columns.ts";
import { projects } from "./projects.ts";
import { users } from "./users.ts";

/** A team: its account code (department in exports), its Team category, budget and limit control. */
export const teams = pgTable(
  "teams",
  {
    id: tenantRowId(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    accountCode: text("account_code").notNull(),
    accountCodeName: text("account_code_name"),
    /** The team's own category (group Team, title = team name). */
    categoryId: uuid("category_id"),
    /** ISK per billing period (27th to 26th); null means no budget. */
    monthlyBudget: money("monthly_budget"),
    /** Team limit control, checked by the processor on every authorization; null means no limit. */
    maxMonthlyLimit: money("max_monthly_limit"),
    maxWeeklyLimit: money("max_weekly_limit"),
    maxDailyLimit: money("max_daily_limit"),
    /** When false, members see only the categories in team_visible_categories. */
    allCategoriesVisible: boolean("all_categories_visible").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamptz("deleted_at"),
  },
  (t) => [
    primaryKey({ name: "teams_pkey", columns: [t.id, t.projectId] }),
    companyReference("teams_category_fk", [t.projectId, t.categoryId], categories).onDelete("set null"),
    // A live team's name is unique in its project; deleted teams keep theirs for history.
    uniqueIndex("teams_project_name_live_key").on(t.projectId, t.name).where(sql`${t.deletedAt} is null`),
    check("teams_monthly_budget_non_negative", sql`${t.monthlyBudget} >= 0`),
  ],
);

export const teamMembers = pgTable(
  "team_members",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    teamId: uuid("team_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The team's admins manage its cards, limits and transactions and get its budget alerts. */
    isAdmin: boolean("is_admin").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "team_members_pkey", columns: [t.projectId, t.teamId, t.userId] }),
    companyReference("team_members_team_fk", [t.projectId, t.teamId], teams).onDelete("cascade"),
    // The user's teams in a project (team_ids of the policy input).
    index("team_members_project_user_idx").on(t.projectId, t.userId),
  ],
);

export const teamVisibleCategories = pgTable(
  "team_visible_categories",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    teamId: uuid("team_id").notNull(),
    categoryId: uuid("category_id").notNull(),
  },
  (t) => [
    primaryKey({ name: "team_visible_categories_pkey", columns: [t.projectId, t.teamId, t.categoryId] }),
    companyReference("team_visible_categories_team_fk", [t.projectId, t.teamId], teams).onDelete("cascade"),
    companyReference("team_visible_categories_category_fk", [t.projectId, t.categoryId], categories).onDelete(
      "cascade",
    ),
    index("team_visible_categories_project_idx").on(t.projectId),
    index("team_visible_categories_category_idx").on(t.categoryId),
  ],
);

export type TeamRow = typeof teams.$inferSelect;
export type TeamMemberRow = typeof teamMembers.$inferSelect;
