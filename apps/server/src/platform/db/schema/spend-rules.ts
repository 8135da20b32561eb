import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { cards } from "./cards.ts";
import { companyReference, timestamptz, updatedAt } from "./columns.ts";
import { projects } from "./projects.ts";
import { users } from "./users.ts";

/**
 * Spend rules that the card decision reads (issue 19, docs/spend-rules.md). Every table is keyed by the company
 * first and read by key inside `kort_decision_states` (migration 0044_decision_states).
 */

/**
 * A card's own merchant controls: ALLOW_ONLY or BLOCK the listed groups (ids of @kort/core MERCHANT_GROUPS) and
 * merchant names (stored as typed; matched trimmed and case-insensitively). A card without a row follows the
 * company's default (project_spend_rules); a row in BLOCK mode with empty lists lets a card opt out of the default.
 */
export const cardMerchantControls = pgTable(
  "card_merchant_controls",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "restrict" }),
    cardId: uuid("card_id").notNull(),
    mode: text("mode").notNull(),
    groups: text("groups").array().notNull().default(sql`'{}'::text[]`),
    merchantNames: text("merchant_names").array().notNull().default(sql`'{}'::text[]`),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: "card_merchant_controls_pkey", columns: [t.projectId, t.cardId] }),
    companyReference("card_merchant_controls_card_fk", [t.projectId, t.cardId], cards).onDelete("cascade"),
    check("card_merchant_controls_mode", sql`${t.mode} in ('ALLOW_ONLY', 'BLOCK')`),
    index("card_merchant_controls_card_idx").on(t.cardId),
  ],
);

/**
 * A company's spend rules: the default merchant controls of its cards (mode null: none) and the receipt lock
 * (`receipt_lock_days` null: off; otherwise a cardholder's cards decline while one of their purchases has lacked a
 * receipt for more than that many days).
 */
export const projectSpendRules = pgTable(
  "project_spend_rules",
  {
    projectId: uuid("project_id")
      .primaryKey()
      .references(() => projects.id, { onDelete: "cascade" }),
    merchantMode: text("merchant_mode"),
    merchantGroups: text("merchant_groups").array().notNull().default(sql`'{}'::text[]`),
    merchantNames: text("merchant_names").array().notNull().default(sql`'{}'::text[]`),
    receiptLockDays: integer("receipt_lock_days"),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("project_spend_rules_mode", sql`${t.merchantMode} is null or ${t.merchantMode} in ('ALLOW_ONLY', 'BLOCK')`),
    check(
      "project_spend_rules_receipt_lock_days",
      sql`${t.receiptLockDays} is null or ${t.receiptLockDays} between 1 and 365`,
    ),
  ],
);

/**
 * A cardholder's receipt lock: `missing_count` purchases without a receipt past the company's grace period, counted
 * by the receipt-lock job and recounted for the person when one of their purchases gets its first receipt (a
 * trigger on transactions.receipt_count, so every way a receipt arrives lifts it in the same transaction). The
 * decision declines while `missing_count > 0`, unless an owner lifted it until `lifted_until`.
 */
export const receiptLocks = pgTable(
  "receipt_locks",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    missingCount: integer("missing_count").notNull().default(0),
    /** When the person's current run of missing receipts began locking (null while none is missing). */
    since: timestamptz("since"),
    /**
     * The job's cut-off: purchases dated before it count. A receipt's arrival recounts the person against the same
     * cut-off, so the count follows the job's clock, not the database's.
     */
    cutoff: timestamptz("cutoff"),
    liftedUntil: timestamptz("lifted_until"),
    liftedBy: uuid("lifted_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: "receipt_locks_pkey", columns: [t.projectId, t.userId] }),
    check("receipt_locks_missing_count_non_negative", sql`${t.missingCount} >= 0`),
    // The owners' list of locked people.
    index("receipt_locks_locked_idx").on(t.projectId, t.userId).where(sql`${t.missingCount} > 0`),
  ],
);

export type CardMerchantControlsRow = typeof cardMerchantControls.$inferSelect;
export type ProjectSpendRulesRow = typeof projectSpendRules.$inferSelect;
export type ReceiptLockRow = typeof receiptLocks.$inferSelect;
