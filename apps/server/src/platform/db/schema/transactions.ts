import { sql } from "drizzle-orm";
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { categories, dimensions, dimensionValues, taxCategories } from "./accounting.ts";
import { cards } from "./cards.ts";
import { categorisationRules } from "./categorisation.ts";
import {
  companyReference,
  createdAt,
  money,
  tenantRowId,
  tenantTimeOrderedId,
  timestamptz,
  updatedAt,
} from "./columns.ts";
import { exports } from "./exports.ts";
import { authorizations } from "./processor.ts";
import { projects } from "./projects.ts";
import { teams } from "./teams.ts";
import { users } from "./users.ts";

/**
 * A card transaction (spec section 3, Transaction). Made by the processor from an authorization; the
 * accounting fields (category, tax category, team category, dimensions, comments) are set by people.
 * `closed_at` null means unsettled.
 */
export const transactions = pgTable(
  "transactions",
  {
    id: tenantTimeOrderedId(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "restrict" }),
    cardId: uuid("card_id").notNull(),
    /** The cardholder when the purchase was made. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    teamId: uuid("team_id"),
    /** At most one transaction per authorization (one clearing), by the unique index below. */
    authorizationId: uuid("authorization_id"),
    description: text("description").notNull(),
    merchantName: text("merchant_name").notNull(),
    merchantCity: text("merchant_city"),
    merchantCountry: text("merchant_country"),
    mcc: text("mcc"),
    /** As charged by the merchant, in that currency's minor units (USD 12.99 = 1299, exponent 2). */
    originalAmount: money("original_amount").notNull(),
    originalCurrency: text("original_currency").notNull(),
    originalExponent: smallint("original_exponent").notNull().default(0),
    /** In ISK: what the project pays. Negative for refunds. */
    transactionAmount: money("transaction_amount").notNull(),
    transactionCurrency: text("transaction_currency").notNull().default("ISK"),
    transactionDate: timestamptz("transaction_date").notNull(),
    categoryId: uuid("category_id"),
    taxCategoryId: uuid("tax_category_id"),
    teamCategoryId: uuid("team_category_id"),
    comments: text("comments"),
    /** A refund (negative amount) points at the purchase it refunds. */
    refundOfTransactionId: uuid("refund_of_transaction_id"),
    /** A refund's network reference (at most 64): a retry with it on the same card finds the first refund. */
    networkReference: text("network_reference"),
    /** Set when an export marks the transaction as booked. */
    latestExportId: uuid("latest_export_id"),
    /**
     * How many live receipts the transaction has, kept by triggers on `receipts` (migration 0008_ledger_receipt_counts) in the same
     * database transaction as the receipt's change: the ledger reads it per row and the MissingReceipt list walks
     * its partial index, where a NOT EXISTS per row would scan the receipts of the whole company.
     */
    receiptCount: integer("receipt_count").notNull().default(0),
    /**
     * ISK by which a clearing exceeded its authorization when that was over the tolerance (issue 13): a rule
     * violation, posted anyway as networks require; the card was locked for review and the owners notified.
     */
    captureExcess: money("capture_excess"),
    /**
     * The merchant's key (@kort/core merchantKey), written by Kort when the transaction settles or is categorised
     * (issue 19): counting a merchant's categorisations walks an index instead of normalising every name.
     */
    merchantKey: text("merchant_key"),
    /** The rule that filled the category (or tax, dimensions) at settlement; null once a person sets the category. */
    categorisedByRuleId: uuid("categorised_by_rule_id"),
    closedAt: timestamptz("closed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => {
    // Lists sort newest first with id as the tie-breaker; DESC NULLS FIRST is what `ORDER BY ... DESC` means.
    // A function, because drizzle's `.desc()` sets the order on the shared column object for one `.on()` only.
    const newestFirst = () => [t.transactionDate.desc().nullsFirst(), t.id.desc().nullsFirst()] as const;
    return [
      primaryKey({ name: "transactions_pkey", columns: [t.id, t.projectId] }),
      companyReference("transactions_card_fk", [t.projectId, t.cardId], cards).onDelete("restrict"),
      companyReference("transactions_team_fk", [t.projectId, t.teamId], teams).onDelete("set null"),
      companyReference("transactions_authorization_fk", [t.projectId, t.authorizationId], authorizations).onDelete(
        "restrict",
      ),
      companyReference("transactions_category_fk", [t.projectId, t.categoryId], categories).onDelete("set null"),
      companyReference("transactions_tax_category_fk", [t.projectId, t.taxCategoryId], taxCategories).onDelete(
        "set null",
      ),
      companyReference("transactions_team_category_fk", [t.projectId, t.teamCategoryId], categories).onDelete(
        "set null",
      ),
      companyReference("transactions_refund_of_fk", [t.projectId, t.refundOfTransactionId], t).onDelete("restrict"),
      companyReference("transactions_latest_export_fk", [t.projectId, t.latestExportId], exports).onDelete("set null"),
      index("transactions_project_date_idx").on(t.projectId, ...newestFirst()),
      index("transactions_project_user_date_idx").on(t.projectId, t.userId, ...newestFirst()),
      index("transactions_project_team_date_idx").on(t.projectId, t.teamId, ...newestFirst()),
      index("transactions_card_date_idx").on(t.cardId, ...newestFirst()),
      // The MissingCategory to-do list.
      index("transactions_project_uncategorised_idx")
        .on(t.projectId, ...newestFirst())
        .where(sql`${t.categoryId} is null`),
      // The MissingReceipt to-do list: purchases without a receipt.
      index("transactions_project_receiptless_idx")
        .on(t.projectId, ...newestFirst())
        .where(sql`${t.receiptCount} = 0 and ${t.transactionAmount} > 0`),
      // The receipt lock (issue 19, spend-rules): settled purchases without a receipt per cardholder and date, counted
      // for a company by one aggregate and for one person when a receipt arrives.
      index("transactions_project_user_receiptless_idx")
        .on(t.projectId, t.userId, t.transactionDate)
        .where(
          sql`${t.receiptCount} = 0 and ${t.transactionAmount} > 0 and ${t.closedAt} is not null and ${t.refundOfTransactionId} is null`,
        ),
      check("transactions_receipt_count_non_negative", sql`${t.receiptCount} >= 0`),
      // Rows by their export, category or refunded purchase (the references' cascades, a category's use): only rows
      // that have one are indexed, so a card decision's pending row, which has none, writes none of these three.
      index("transactions_latest_export_idx").on(t.latestExportId).where(sql`${t.latestExportId} is not null`),
      index("transactions_category_idx").on(t.categoryId).where(sql`${t.categoryId} is not null`),
      index("transactions_refund_of_idx")
        .on(t.refundOfTransactionId)
        .where(sql`${t.refundOfTransactionId} is not null`),
      // Keys lead with the company (docs/scaling.md): one clearing per authorization, one refund per reference.
      uniqueIndex("transactions_project_authorization_key").on(t.projectId, t.authorizationId),
      uniqueIndex("transactions_project_card_network_reference_key").on(t.projectId, t.cardId, t.networkReference),
      // Issue 19: "how many of this merchant's transactions have this category" reads at most 3 index entries.
      index("transactions_project_merchant_key_category_idx")
        .on(t.projectId, t.merchantKey, t.categoryId)
        .where(sql`${t.merchantKey} is not null`),
      foreignKey({
        name: "transactions_categorised_by_rule_fk",
        columns: [t.projectId, t.categorisedByRuleId],
        foreignColumns: [categorisationRules.projectId, categorisationRules.id],
      }),
    ];
  },
);

/**
 * The dimension values chosen for a transaction, one per dimension. This is both the spec's `dimensions`
 * (category_group_id + category) and its `sub_categories` (set through `subcategory_ids`).
 */
export const transactionDimensionValues = pgTable(
  "transaction_dimension_values",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "restrict" }),
    transactionId: uuid("transaction_id").notNull(),
    dimensionId: uuid("dimension_id").notNull(),
    dimensionValueId: uuid("dimension_value_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "transaction_dimension_values_pkey", columns: [t.projectId, t.transactionId, t.dimensionId] }),
    companyReference(
      "transaction_dimension_values_transaction_fk",
      [t.projectId, t.transactionId],
      transactions,
    ).onDelete("cascade"),
    companyReference("transaction_dimension_values_dimension_fk", [t.projectId, t.dimensionId], dimensions).onDelete(
      "cascade",
    ),
    companyReference(
      "transaction_dimension_values_value_fk",
      [t.projectId, t.dimensionValueId],
      dimensionValues,
    ).onDelete("cascade"),
    index("transaction_dimension_values_value_idx").on(t.dimensionValueId),
    index("transaction_dimension_values_project_idx").on(t.projectId),
  ],
);

/** A receipt file. `transaction_id` is null while an e-mailed receipt waits to be matched. */
export const receipts = pgTable(
  "receipts",
  {
    id: tenantRowId(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "restrict" }),
    transactionId: uuid("transaction_id"),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    fileName: text("file_name").notNull(),
    /** Bytes. */
    fileSize: integer("file_size").notNull(),
    /** MIME type detected from the content, not the name. */
    fileType: text("file_type").notNull(),
    blobKey: text("blob_key").notNull(),
    /** A JPEG thumbnail of an image receipt; null for PDFs and for images this server cannot decode (HEIC). */
    thumbnailKey: text("thumbnail_key"),
    /** How it came: uploaded to a transaction, or e-mailed to the company's receipts address. */
    source: text("source").$type<ReceiptSource>().notNull().default("upload"),
    /** SHA-256 of the file (hex): an e-mailed file the company already has is not stored again. */
    contentHash: text("content_hash"),
    /** Why an e-mailed receipt was attached without a person: the amount and the receipt's date that matched. */
    matchedBy: jsonb("matched_by").$type<ReceiptMatch>(),
    createdAt: createdAt(),
    deletedAt: timestamptz("deleted_at"),
  },
  (t) => [
    primaryKey({ name: "receipts_pkey", columns: [t.projectId, t.id] }),
    companyReference("receipts_transaction_fk", [t.projectId, t.transactionId], transactions).onDelete("set null"),
    check("receipts_source_known", sql`${t.source} in ('upload', 'email')`),
    // A receipt e-mailed twice is stored once (the second delivery finds the first); a removed one may come again.
    uniqueIndex("receipts_project_email_content_key")
      .on(t.projectId, t.contentHash)
      .where(sql`${t.source} = 'email' and ${t.deletedAt} is null`),
    index("receipts_transaction_idx").on(t.transactionId),
    index("receipts_project_created_idx").on(t.projectId, t.createdAt.desc().nullsFirst()),
    index("receipts_project_user_unmatched_idx").on(t.projectId, t.userId).where(sql`${t.transactionId} is null`),
    // The reading sweep (issue 18) looks across companies at the last day's receipts for ones not read yet.
    index("receipts_created_idx").on(t.createdAt).where(sql`${t.deletedAt} is null`),
  ],
);

export type ReceiptSource = "upload" | "email";

/** The hard gates an automatic match passed: the exact amount (whole krónur for ISK) and the receipt's date. */
export type ReceiptMatch = { amount: number; currency: string; date: string };

/**
 * Transactions an e-mailed receipt may belong to, ranked for a person to confirm (issue 12). A rejected pair stays,
 * with `rejected_at`, so the matcher never offers it again, even for the same file e-mailed anew.
 */
export const receiptSuggestions = pgTable(
  "receipt_suggestions",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "restrict" }),
    receiptId: uuid("receipt_id").notNull(),
    transactionId: uuid("transaction_id").notNull(),
    /** The matcher's score in thousandths: the order of the list, never a decision. */
    score: smallint("score").notNull(),
    createdAt: createdAt(),
    rejectedAt: timestamptz("rejected_at"),
    rejectedBy: uuid("rejected_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ name: "receipt_suggestions_pkey", columns: [t.projectId, t.receiptId, t.transactionId] }),
    companyReference("receipt_suggestions_transaction_fk", [t.projectId, t.transactionId], transactions).onDelete(
      "cascade",
    ),
    foreignKey({
      name: "receipt_suggestions_receipt_fk",
      columns: [t.projectId, t.receiptId],
      foreignColumns: [receipts.projectId, receipts.id],
    }).onDelete("cascade"),
    // The panel's "suggested receipts" of a transaction.
    index("receipt_suggestions_transaction_idx").on(t.projectId, t.transactionId).where(sql`${t.rejectedAt} is null`),
  ],
);

export type TransactionRow = typeof transactions.$inferSelect;
export type ReceiptRow = typeof receipts.$inferSelect;
