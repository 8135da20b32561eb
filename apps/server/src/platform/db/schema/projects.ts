import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, money, updatedAt } from "./columns.ts";
import { roleName } from "./enums.ts";
import { users } from "./users.ts";

/**
 * A company using Kort (the spec's "project"). Projects are disabled, never deleted: financial rows refer to
 * them with ON DELETE RESTRICT.
 */
export const projects = pgTable(
  "projects",
  {
    id: id(),
    title: text("title").notNull(),
    /** The company's kennitala as 10 digits; buyer identity on invoices (Peppol scheme 0196). */
    kennitala: text("kennitala").notNull(),
    host: text("host"),
    preferences: jsonb("preferences").$type<Record<string, unknown>>().notNull().default({}),
    enabled: boolean("enabled").notNull().default(true),
    /** The credit the platform extends, in ISK. */
    creditLimit: money("credit_limit").notNull().default(0),
    currency: text("currency").notNull().default("ISK"),
    /** Postal address, required for Icelandic Peppol invoices to the project. */
    addressStreet: text("address_street"),
    addressPostcode: text("address_postcode"),
    addressCity: text("address_city"),
    /** Inbound receipts address (decisions.md, "Receipts"). */
    receiptsEmail: text("receipts_email").unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("projects_kennitala_digits", sql`${t.kennitala} ~ '^[0-9]{10}$'`),
    check("projects_credit_limit_non_negative", sql`${t.creditLimit} >= 0`),
    index("projects_kennitala_idx").on(t.kennitala),
  ],
);

/** A user's membership of a project: the role and the limit control (spec: User.limit_control). */
export const projectMembers = pgTable(
  "project_members",
  {
    id: id(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: roleName("role").notNull(),
    /** The highest monthly card limit this member may issue; null means no limit. */
    maxMonthlyLimit: money("max_monthly_limit"),
    allowIssuingCardsToSelf: boolean("allow_issuing_cards_to_self").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("project_members_project_user_key").on(t.projectId, t.userId),
    index("project_members_user_idx").on(t.userId),
    index("project_members_project_role_idx").on(t.projectId, t.role),
  ],
);

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectMemberRow = typeof projectMembers.$inferSelect;
