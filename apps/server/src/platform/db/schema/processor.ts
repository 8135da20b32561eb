import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, smallint, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { cards } from "./cards.ts";
import { companyReference, createdAt, id, money, tenantTimeOrderedId, timestamptz, updatedAt } from "./columns.ts";
import { authorizationStatus } from "./enums.ts";
import { projects } from "./projects.ts";
import { teams } from "./teams.ts";
import { users } from "./users.ts";

/**
 * Every authorization request the card network sends, approved or declined, with the reason. Pending rows
 * reserve credit and count against limits until cleared or reversed.
 */
export const authorizations = pgTable(
  "authorizations",
  {
    id: tenantTimeOrderedId(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "restrict" }),
    cardId: uuid("card_id").notNull(),
    /** The cardholder when the request came; cards can change holder later. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** The card's team when the request came, for the team's limit control. */
    teamId: uuid("team_id"),
    /** Amount in ISK (whole kronur). */
    amount: money("amount").notNull(),
    currency: text("currency").notNull().default("ISK"),
    /** The amount as the merchant charged it, in that currency's minor units. */
    originalAmount: money("original_amount").notNull(),
    originalCurrency: text("original_currency").notNull(),
    originalExponent: smallint("original_exponent").notNull().default(0),
    clearedAmount: money("cleared_amount"),
    merchantName: text("merchant_name").notNull(),
    merchantCity: text("merchant_city"),
    /** ISO 3166 alpha-2. */
    merchantCountry: text("merchant_country"),
    /** Merchant category code, 4 digits (6010/6011 are ATM). */
    mcc: text("mcc").notNull(),
    status: authorizationStatus("status").notNull(),
    declineCode: text("decline_code"),
    /** The network's own id for the request (at most 64); a retry with it on the same card finds the first decision. */
    networkReference: text("network_reference"),
    /** The authorization number shown on the transaction. */
    approvalCode: text("approval_code"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    clearedAt: timestamptz("cleared_at"),
    reversedAt: timestamptz("reversed_at"),
    /** Set when the expiry job released a pending authorization the network never cleared or reversed. */
    expiredAt: timestamptz("expired_at"),
  },
  (t) => [
    primaryKey({ name: "authorizations_pkey", columns: [t.id, t.projectId] }),
    companyReference("authorizations_card_fk", [t.projectId, t.cardId], cards).onDelete("restrict"),
    companyReference("authorizations_team_fk", [t.projectId, t.teamId], teams).onDelete("set null"),
    // A card's history (its declines, the employee app's list) and its sliding 24 hours, newest first.
    index("authorizations_card_created_idx").on(t.cardId, t.createdAt.desc().nullsFirst()),
    // The expiry job: pending authorizations by age, across companies.
    index("authorizations_pending_created_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // Nothing reads authorizations by company and date, by team, or a company's pending ones: the running balances
    // hold those sums (docs/balances.md) and the ledger lists transactions. Each such index cost every decision a
    // B-tree entry (migration 0046_drop_unread_authorization_indexes).
    // Network retries: one decision per (card, network reference); rows without a reference never collide. The
    // key leads with the company, as every key of a tenant table will (docs/scaling.md).
    uniqueIndex("authorizations_project_card_network_reference_key").on(t.projectId, t.cardId, t.networkReference),
  ],
);

export type AuthorizationRow = typeof authorizations.$inferSelect;

/**
 * Exchange rates into ISK, as integers: `isk_per_unit_micros` is ISK per one unit of the currency (USD 1.00)
 * times 1,000,000, so 138.50 ISK per USD is 138500000. The newest row with `valid_from <= now` applies.
 * Conversion rounds half up to whole kronur (processor/fx.ts). The demo rates are seeded by migration 0003.
 */
export const fxRates = pgTable(
  "fx_rates",
  {
    id: id(),
    currency: text("currency").notNull(),
    iskPerUnitMicros: money("isk_per_unit_micros").notNull(),
    validFrom: timestamptz("valid_from").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("fx_rates_currency_valid_from_key").on(t.currency, t.validFrom),
    check("fx_rates_positive", sql`${t.iskPerUnitMicros} > 0`),
  ],
);

export type FxRateRow = typeof fxRates.$inferSelect;
