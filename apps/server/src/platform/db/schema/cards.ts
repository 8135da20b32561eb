import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, smallint, text, uuid } from "drizzle-orm/pg-core";
import { categories } from "./accounting.ts";
import { bytea, companyReference, createdAt, money, tenantRowId, timestamptz, updatedAt } from "./columns.ts";
import { cardStatus, cardType, limitPeriod, limitUsageType } from "./enums.ts";
import { projects } from "./projects.ts";
import { teams } from "./teams.ts";
import { users } from "./users.ts";

/**
 * A virtual card. PAN and CVC are stored only as AES-256-GCM ciphertext; lists read `masked_number`.
 * Financial history refers to cards, so projects and cardholders cannot be deleted from under them.
 */
export const cards = pgTable(
  "cards",
  {
    id: tenantRowId(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "restrict" }),
    cardType: cardType("card_type").notNull(),
    teamId: uuid("team_id"),
    status: cardStatus("status").notNull().default("CREATED"),
    statusChangedAt: timestamptz("status_changed_at").notNull().defaultNow(),
    /** The card name (at most 30 characters in the form). */
    description: text("description").notNull(),
    /** The last four digits of the PAN. */
    maskedNumber: text("masked_number").notNull(),
    panEncrypted: bytea("pan_encrypted").notNull(),
    cvcEncrypted: bytea("cvc_encrypted").notNull(),
    /**
     * HMAC-SHA256 of the PAN with a key derived from the card key (null: unreachable). A trigger copies it to the card
     * directory (card_numbers), where the network finds the card and which keeps it unique (migration 0043).
     */
    panLookup: text("pan_lookup"),
    /** The card PIN (4 digits) as its argon2id hash, set by the holder (funding sources pin/set); null until set. */
    pinHash: text("pin_hash"),
    expirationMonth: smallint("expiration_month").notNull(),
    expirationYear: smallint("expiration_year").notNull(),
    cardholderId: uuid("cardholder_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    /** A scheduled job closes the card at this instant (23:59:59.999 UTC of the chosen day). */
    willCloseAt: timestamptz("will_close_at"),
    defaultTransactionCategoryId: uuid("default_transaction_category_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: timestamptz("closed_at"),
  },
  (t) => [
    primaryKey({ name: "cards_pkey", columns: [t.id, t.projectId] }),
    companyReference("cards_team_fk", [t.projectId, t.teamId], teams).onDelete("set null"),
    companyReference("cards_default_category_fk", [t.projectId, t.defaultTransactionCategoryId], categories).onDelete(
      "set null",
    ),
    check("cards_masked_number_last_four", sql`${t.maskedNumber} ~ '^[0-9]{4}$'`),
    check("cards_expiration_month_range", sql`${t.expirationMonth} between 1 and 12`),
    // The cards page filters by status (/cards?status=ACTIVE) and lists the newest first.
    index("cards_project_status_created_idx").on(t.projectId, t.status, t.createdAt.desc().nullsFirst()),
    index("cards_project_cardholder_idx").on(t.projectId, t.cardholderId),
    index("cards_project_team_idx").on(t.projectId, t.teamId),
    // The auto-close job scans only cards that are still due to close.
    index("cards_will_close_at_idx")
      .on(t.willCloseAt)
      .where(sql`${t.willCloseAt} is not null and ${t.closedAt} is null`),
  ],
);

/**
 * The card directory: whose card a number is. The network names a card by its number alone (its `pan_lookup`), so
 * this is the one read across companies on the card network's path; every other read of a decision names the
 * company it found here. A table of its own, keyed by the number, so that on a database distributed by `project_id`
 * it stays on the coordinator and the decision goes to the company's node (docs/scaling.md, blocker 2). Kept by a
 * trigger on `cards` (migration 0036), whichever code writes the card; no foreign key, which the coordinator's table
 * could not have to a distributed one.
 */
export const cardNumbers = pgTable("card_numbers", {
  panLookup: text("pan_lookup").primaryKey(),
  projectId: uuid("project_id").notNull(),
  cardId: uuid("card_id").notNull(),
});

/** The card's spending limits (the form creates one: count 1000, single = sum, usage ALL). */
export const cardLimits = pgTable(
  "card_limits",
  {
    id: tenantRowId(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "restrict" }),
    cardId: uuid("card_id").notNull(),
    sumAmount: money("sum_amount").notNull(),
    singleAmount: money("single_amount").notNull(),
    count: integer("count").notNull().default(1000),
    usageType: limitUsageType("usage_type").notNull().default("ALL"),
    period: limitPeriod("period").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: "card_limits_pkey", columns: [t.projectId, t.id] }),
    companyReference("card_limits_card_fk", [t.projectId, t.cardId], cards).onDelete("cascade"),
    // A card's limits as the decision reads them, by the company and the card (`kort_decision_states`): one index
    // that matches both, where one on `card_id` and one on `project_id` left the planner to guess which was narrower
    // (decision-plans.test.ts). It serves the company's limits and the cascade from the card too.
    index("card_limits_project_card_idx").on(t.projectId, t.cardId),
    check("card_limits_amounts_non_negative", sql`${t.sumAmount} >= 0 and ${t.singleAmount} >= 0`),
  ],
);

export type CardRow = typeof cards.$inferSelect;
export type CardLimitRow = typeof cardLimits.$inferSelect;
