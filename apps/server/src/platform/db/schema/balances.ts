import { sql } from "drizzle-orm";
import { bigint, char, check, integer, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { money, timestamptz } from "./columns.ts";
import { projects } from "./projects.ts";

/**
 * Running balances of spend (docs/balances.md): what a card or a team has spent in one window, kept by the
 * statement triggers of migration 0014_balances in the same database transaction as the authorization or
 * transaction that changes them, so a decision reads a handful of rows by key instead of summing history.
 * `owner_id` is a card or a team (UUIDs do not collide). `kind` is the window: D day, W Monday week, M billing
 * period (27th), Y year, L lifetime (starts 1970), H hour (the sliding 24 hours are 24 of these plus the raw
 * rows of the hour the window starts in). ATM (MCC 6010/6011) and retail are kept apart, as limits filter on it.
 * The raw authorizations and transactions stay the truth: `kort_spend_balances_from_ledger` recomputes these.
 */
export const spendBalances = pgTable(
  "spend_balances",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "restrict" }),
    ownerId: uuid("owner_id").notNull(),
    kind: char("kind", { length: 1 }).notNull(),
    startsAt: timestamptz("starts_at").notNull(),
    atmSum: money("atm_sum").notNull().default(0),
    atmCount: integer("atm_count").notNull().default(0),
    retailSum: money("retail_sum").notNull().default(0),
    retailCount: integer("retail_count").notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "spend_balances_pkey", columns: [t.projectId, t.ownerId, t.kind, t.startsAt] }),
    check("spend_balances_kind", sql`${t.kind} in ('D', 'W', 'M', 'Y', 'L', 'H')`),
  ],
);

/**
 * A company's credit in use: `settled` is what settled with a transaction date in the billing period starting
 * `period_start`; `reserved` (pending authorizations, whatever period they were made in) lives on the row whose
 * period_start is '-infinity'. Available = credit_limit - settled(current period) - reserved. Kept by the same
 * triggers as spend_balances.
 */
export const creditBalances = pgTable(
  "credit_balances",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "restrict" }),
    periodStart: timestamptz("period_start").notNull(),
    settled: bigint("settled", { mode: "number" }).notNull().default(0),
    reserved: bigint("reserved", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ name: "credit_balances_pkey", columns: [t.projectId, t.periodStart] })],
);
