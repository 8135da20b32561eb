import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, money, tenantRowId, timestamptz, updatedAt } from "./columns.ts";
import { approvalStatus, projectPlan, roleName } from "./enums.ts";
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
    /**
     * The company's kennitala as 10 digits; buyer identity on invoices (Peppol scheme 0196). Unique: a company is
     * one project, and a second sign-up with its kennitala is refused (COMPANY_ALREADY_REGISTERED).
     */
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
    /**
     * The platform's decision on the company (issue 9): a sign-up starts pending with no credit and cannot issue
     * cards; a platform owner approves it with a credit limit or rejects it (which also disables it). Companies
     * made before approvals existed are approved (the column's default).
     */
    approvalStatus: approvalStatus("approval_status").notNull().default("approved"),
    /** When and by whom it was approved or rejected; null while pending. */
    decidedAt: timestamptz("decided_at"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * The platform operator's own project (Kort hf.): its platform_owner members run the platform console. At most
     * one project is the operator (the partial unique index).
     */
    isPlatformOperator: boolean("is_platform_operator").notNull().default(false),
    /**
     * The company's plan (issue 11): on `basic`, the default, a category asks for at most 3 dimensions; `pro` has no
     * limit. The owner changes it on the Accounting page.
     */
    plan: projectPlan("plan").notNull().default("basic"),
    /**
     * The local part of the company's receipts address (`<mailbox>@<KORT_RECEIPTS_DOMAIN>`, issue 12): made by
     * PostgreSQL for every new company, unguessable enough that the address is not a public inbox; lower case.
     */
    receiptsMailbox: text("receipts_mailbox")
      .notNull()
      .default(sql`('k' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 11))`),
    /**
     * When the company joined through another's referral code (issue 16); null if it never did. On the company's
     * own row, so that "a company is referred once" is a fact of one company (migration 0039).
     */
    referredAt: timestamptz("referred_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("projects_kennitala_digits", sql`${t.kennitala} ~ '^[0-9]{10}$'`),
    check("projects_credit_limit_non_negative", sql`${t.creditLimit} >= 0`),
    check("projects_receipts_mailbox_form", sql`${t.receiptsMailbox} ~ '^[a-z0-9][a-z0-9.-]{1,39}$'`),
    // Sign-up's lookup, which also finds rejected companies.
    index("projects_kennitala_idx").on(t.kennitala),
    // The console's waiting list, oldest first, read by keyset (created_at, id).
    index("projects_pending_idx").on(t.createdAt, t.id).where(sql`${t.approvalStatus} = 'pending'`),
  ],
);

/**
 * The company registry: the keys of `projects` that are global by nature, which sign-up, inbound e-mail and the
 * platform console look companies up by. One kennitala per live company, at most one platform operator, one company
 * per receipts mailbox. A table of its own so that on a database distributed by `project_id` (`projects` by its own
 * id) these keys stay on the coordinator (docs/scaling.md, blocker 2). Kept by a trigger on `projects` (migration
 * 0041), whichever code writes the company.
 */
export const projectRegistry = pgTable(
  "project_registry",
  {
    projectId: uuid("project_id").primaryKey(),
    kennitala: text("kennitala").notNull(),
    /** Rejected by the platform: its kennitala may be held by another company (migration 0006's duplicates). */
    rejected: boolean("rejected").notNull(),
    isPlatformOperator: boolean("is_platform_operator").notNull(),
    receiptsMailbox: text("receipts_mailbox").notNull(),
    /**
     * The company's number, carried in the ids the card network names rows by (`companyUuid`, platform/db/uuid-v7.ts),
     * so that its reversals, clearings and refunds find the company first. Given once and never reused.
     */
    companyNumber: integer("company_number").notNull().generatedByDefaultAsIdentity(),
  },
  (t) => [
    // One live company per kennitala. Rejected ones are left out only so that migration 0006 could set aside the
    // duplicates made before this rule; sign-up refuses any existing kennitala, rejected included.
    uniqueIndex("project_registry_kennitala_key").on(t.kennitala).where(sql`not ${t.rejected}`),
    index("project_registry_kennitala_idx").on(t.kennitala),
    uniqueIndex("project_registry_platform_operator_key").on(t.isPlatformOperator).where(sql`${t.isPlatformOperator}`),
    // An inbound e-mail's recipient names exactly one company.
    uniqueIndex("project_registry_receipts_mailbox_key").on(t.receiptsMailbox),
    uniqueIndex("project_registry_company_number_key").on(t.companyNumber),
  ],
);

/** A user's membership of a project: the role and the limit control (spec: User.limit_control). */
export const projectMembers = pgTable(
  "project_members",
  {
    id: tenantRowId(),
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
    primaryKey({ name: "project_members_pkey", columns: [t.projectId, t.id] }),
    unique("project_members_project_user_key").on(t.projectId, t.userId),
    index("project_members_user_idx").on(t.userId),
    index("project_members_project_role_idx").on(t.projectId, t.role),
  ],
);

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectMemberRow = typeof projectMembers.$inferSelect;
