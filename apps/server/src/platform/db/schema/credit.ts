import { ACCOUNT_HOLDERS, TRANSFER_STATUSES, TRANSFER_TYPES } from "@kort/core";
import { sql } from "drizzle-orm";
import { check, index, pgEnum, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, money, tenantRowId, timestamptz, updatedAt } from "./columns.ts";
import { projects } from "./projects.ts";
import { users } from "./users.ts";

export const transferType = pgEnum("transfer_type", TRANSFER_TYPES);
export const transferStatus = pgEnum("transfer_status", TRANSFER_STATUSES);
export const accountHolder = pgEnum("account_holder", ACCOUNT_HOLDERS);

/**
 * A one-time balance increase (spec 7, transfers; issue 16): a deposit from the company's own bank account. Created
 * (checked, nothing moved), then initiated: from that instant it raises the company's available credit for the
 * billing period it was initiated in (`credit_deposits`, kept in the same transaction).
 */
export const transfers = pgTable(
  "transfers",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "restrict" }),
    id: tenantRowId(),
    type: transferType("type").notNull(),
    status: transferStatus("status").notNull().default("created"),
    /** ISK, whole kronur. */
    amount: money("amount").notNull(),
    /** `0133-26-012345`: bank 4, ledger 2, account 6 digits. */
    bankAccount: text("bank_account").notNull(),
    accountHolder: accountHolder("account_holder").notNull(),
    /** The account holder's kennitala as 10 digits: the company's own, or the transfer is refused. */
    holderKennitala: text("holder_kennitala").notNull(),
    /** The start of the billing period it counts in, set when initiated. */
    periodStart: timestamptz("period_start"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    initiatedBy: uuid("initiated_by").references(() => users.id, { onDelete: "set null" }),
    initiatedAt: timestamptz("initiated_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: "transfers_pkey", columns: [t.projectId, t.id] }),
    index("transfers_project_created_idx").on(t.projectId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check("transfers_amount_positive", sql`${t.amount} > 0`),
    check("transfers_bank_account_form", sql`${t.bankAccount} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{6}$'`),
    check("transfers_holder_kennitala_digits", sql`${t.holderKennitala} ~ '^[0-9]{10}$'`),
    check(
      "transfers_initiated_has_period",
      sql`(${t.status} = 'initiated') = (${t.periodStart} is not null and ${t.initiatedAt} is not null)`,
    ),
  ],
);

/**
 * What initiated transfers added to a company's credit in one billing period: a running balance beside
 * credit_balances (docs/balances.md), raised in the transaction that initiates a transfer, so the card processor's
 * decision reads one more row by key instead of summing transfers. Available credit is
 * credit_limit - settled(period) - reserved + deposited(period). `transfers` stays the truth
 * (`kort_credit_deposits_from_transfers`).
 */
export const creditDeposits = pgTable(
  "credit_deposits",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "restrict" }),
    periodStart: timestamptz("period_start").notNull(),
    deposited: money("deposited").notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "credit_deposits_pkey", columns: [t.projectId, t.periodStart] }),
    check("credit_deposits_non_negative", sql`${t.deposited} >= 0`),
  ],
);

export type TransferRow = typeof transfers.$inferSelect;
