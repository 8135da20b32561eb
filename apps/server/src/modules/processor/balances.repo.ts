import { isMerchantGroupId, type MerchantControls, MS_PER_DAY } from "@kort/core";
import { sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { quoteLiteral } from "../../platform/db/sql-literal.ts";
import type { DecisionCard, DecisionLimit, LimitUsage, ReceiptLock, TeamControl } from "./decide.ts";
import { limitWindowStart } from "./periods.ts";

/**
 * Reads of the running balances (spend_balances, credit_balances: migration 0014_balances, docs/balances.md).
 * The triggers keep them in the transaction of every authorization and transaction change; these statements read
 * a handful of rows by key, whatever the size of the ledger. Everything here names its company (docs/scaling.md).
 */

/** Window kinds of spend_balances, by limit period; SLIDING_24H is read from hours (see slidingUsage). */
const KIND_OF = { DAILY: "D", WEEKLY: "W", MONTHLY: "M", YEARLY: "Y", NON_RECURRING: "L" } as const;

/** A balance row's sums, ATM and retail apart. */
export type WindowSums = { atmSum: number; atmCount: number; retailSum: number; retailCount: number };

const ZERO: WindowSums = { atmSum: 0, atmCount: 0, retailSum: 0, retailCount: 0 };

const HOUR_MS = 3_600_000;
const hourStart = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/** What a limit of `usage` counts of a window's sums. */
export const usageOf = (sums: WindowSums, usage: DecisionLimit["usageType"]): LimitUsage => {
  if (usage === "ATM") return { sum: sums.atmSum, count: sums.atmCount };
  if (usage === "RETAIL") return { sum: sums.retailSum, count: sums.retailCount };
  return { sum: sums.atmSum + sums.retailSum, count: sums.atmCount + sums.retailCount };
};

const safe = (value: unknown): number => {
  const number = typeof value === "number" ? value : Number(value ?? 0);
  if (!Number.isSafeInteger(number)) throw new RangeError("A balance is not a safe integer");
  return number;
};

const sumsOf = (row: readonly unknown[] | undefined): WindowSums =>
  row ? { atmSum: safe(row[0]), atmCount: safe(row[1]), retailSum: safe(row[2]), retailCount: safe(row[3]) } : ZERO;

const add = (a: WindowSums, b: WindowSums): WindowSums => ({
  atmSum: a.atmSum + b.atmSum,
  atmCount: a.atmCount + b.atmCount,
  retailSum: a.retailSum + b.retailSum,
  retailCount: a.retailCount + b.retailCount,
});

/** The starts of the fixed windows at `now`, as the triggers key them (UTC; periods.ts). */
const windowStarts = (now: Date) => ({
  D: limitWindowStart("DAILY", now),
  W: limitWindowStart("WEEKLY", now),
  M: limitWindowStart("MONTHLY", now),
  Y: limitWindowStart("YEARLY", now),
  L: limitWindowStart("NON_RECURRING", now),
});

/**
 * The sliding 24 hours exactly: the window is [now - 24 h + 1 ms, now]. The hours after the one it starts in are
 * whole hour rows; of the hour it starts in, only the card's own raw rows from the window's start count (one hour
 * of one card, read by index), so the figure is exact to the millisecond without minute rows.
 */
const slidingSql = (projectId: string, cardId: string, now: Date) => {
  const from = new Date(now.getTime() - MS_PER_DAY + 1);
  const boundary = hourStart(from);
  const boundaryEnd = new Date(boundary.getTime() + HOUR_MS);
  return sql`(select json_build_array(h.atm_sum, h.atm_count, h.retail_sum, h.retail_count,
                                   r.atm_sum, r.atm_count, r.retail_sum, r.retail_count)
    from (select coalesce(sum(b.atm_sum), 0) as atm_sum, coalesce(sum(b.atm_count), 0) as atm_count,
                 coalesce(sum(b.retail_sum), 0) as retail_sum, coalesce(sum(b.retail_count), 0) as retail_count
            from spend_balances b
           where b.project_id = ${projectId} and b.owner_id = ${cardId} and b.kind = 'H'
             and b.starts_at > ${boundary} and b.starts_at <= ${now}) h,
         (select coalesce(sum(s.amount) filter (where s.atm), 0) as atm_sum,
                 coalesce(sum(s.purchase) filter (where s.atm), 0) as atm_count,
                 coalesce(sum(s.amount) filter (where not s.atm), 0) as retail_sum,
                 coalesce(sum(s.purchase) filter (where not s.atm), 0) as retail_count
            from (select a.amount, a.mcc in ('6010', '6011') as atm, 1 as purchase from authorizations a
                   where a.project_id = ${projectId} and a.card_id = ${cardId} and a.status = 'pending'
                     and a.created_at >= ${from} and a.created_at < ${boundaryEnd}
                  union all
                  select t.transaction_amount, coalesce(t.mcc in ('6010', '6011'), false),
                         case when t.authorization_id is null then 0 else 1 end
                    from transactions t
                   where t.project_id = ${projectId} and t.card_id = ${cardId} and t.closed_at is not null
                     and t.transaction_date >= ${from} and t.transaction_date < ${boundaryEnd}) s) r)`;
};

/** A card as the rules and the stored rows need it, read under its lock. */
export type DecisionCardRow = {
  id: string;
  teamId: string | null;
  cardholderId: string;
  status: DecisionCard["status"];
  expirationMonth: number;
  expirationYear: number;
  willCloseAt: Date | null;
  defaultTransactionCategoryId: string | null;
};

/** One card's part of a batch's state. */
export type CardDecisionState = {
  card: DecisionCardRow;
  limits: readonly { limit: DecisionLimit; used: LimitUsage }[];
  team: TeamControl | null;
  /** The card's merchant controls, or the company's default (issue 19). */
  merchantControls: MerchantControls | null;
  /** The cardholder's receipt lock, when a receipt is missing. */
  receiptLock: ReceiptLock | null;
  /** Whether the cardholder has a device that takes pushes: only then is a decision's push worth a task. */
  holderHasPush: boolean;
};

/** A decision already stored for a (card, network reference) of the batch: what a retry answers. */
export type StoredDecision = {
  id: string;
  cardId: string;
  reference: string;
  status: string;
  declineCode: string | null;
  amount: number;
  originalAmount: number;
  originalCurrency: string;
};

export type BatchDecisionState = {
  cards: Map<string, CardDecisionState>;
  creditLimit: number;
  /** Settled this billing period plus reserved, less what initiated transfers deposited for the period. */
  creditUsed: number;
  /** By `referenceKey(cardId, reference)`. */
  stored: Map<string, StoredDecision>;
};

export const referenceKey = (cardId: string, reference: string): string => `${cardId} ${reference}`;

type Sums = [string, number, number, number, number][];
type StateJson = {
  credit_limit: number | string;
  credit: number | string;
  stored: {
    id: string;
    card_id: string;
    reference: string;
    status: string;
    decline_code: string | null;
    amount: number;
    original_amount: number;
    original_currency: string;
  }[];
  cards: {
    id: string;
    team_id: string | null;
    cardholder_id: string;
    status: DecisionCard["status"];
    expiration_month: number;
    expiration_year: number;
    will_close_at: string | null;
    category_id: string | null;
    limits: [number, number, number, DecisionLimit["usageType"], DecisionLimit["period"]][];
    sums: Sums;
    sliding: number[] | null;
    team_limits: [number | null, number | null, number | null] | null;
    team: Sums;
    merchant: [string, string[], string[]] | null;
    receipt_lock: [number, string | null] | null;
    push: boolean;
  }[];
};

const arrayOf = (values: readonly string[], type: "uuid" | "text") =>
  values.length === 0 ? `'{}'::${type}[]` : `ARRAY[${values.map(quoteLiteral).join(", ")}]::${type}[]`;
const at = (value: Date) => `${quoteLiteral(value.toISOString())}::timestamptz`;

/** A card of a batch, by its company. */
export type BatchCard = { projectId: string; cardId: string };

/**
 * The statement that locks a batch's cards and companies, company by company in id order, each company's cards (in
 * id order) before its row, as every settlement takes them (card before company), and reads everything the rules
 * read for those cards (`kort_decision_states`, migration 0044_decision_states, whose inner statements PL/pgSQL
 * plans once per connection): per card its row, limits with what their windows hold, its team's control; per
 * company its credit limit and credit in use, and the decisions already stored for the batch's network references.
 * About a dozen rows per card, all by key, in one statement for every company of the batch, since starting the
 * read's plan costs as much as running it (docs/balances.md, "One read for the batch"). Its values are quoted
 * literals (`quoteLiteral`), not parameters, so that it can share one round trip with the BEGIN before it (several
 * statements in one simple query; authorize-payment.service.ts).
 */
export const decisionStatesSql = (
  cards: readonly BatchCard[],
  references: readonly (BatchCard & { reference: string })[],
  now: Date,
): string => {
  const s = windowStarts(now);
  const from = new Date(now.getTime() - MS_PER_DAY + 1);
  const boundary = hourStart(from);
  const boundaryEnd = new Date(boundary.getTime() + HOUR_MS);
  // The function's uuid arguments: the companies, each card's company and id, each reference's company and card.
  const uuids = [
    [...new Set(cards.map((c) => c.projectId))],
    cards.map((c) => c.projectId),
    cards.map((c) => c.cardId),
    references.map((r) => r.projectId),
    references.map((r) => r.cardId),
  ];
  const args = [
    ...uuids.map((values) => arrayOf(values, "uuid")),
    arrayOf(
      references.map((r) => r.reference),
      "text",
    ),
    ...[s.D, s.W, s.M, s.Y, s.L, from, boundary, boundaryEnd].map(at),
  ];
  return `select kort_decision_states(${args.join(", ")}) as state`;
};

/** Merchant controls as stored (mode, group ids, names); a group id this build does not know is left out. */
const merchantControlsOf = (row: [string, string[], string[]] | null): MerchantControls | null => {
  if (!row) return null;
  const [mode, groups, merchants] = row;
  if (mode !== "ALLOW_ONLY" && mode !== "BLOCK") return null;
  return { mode, groups: groups.filter(isMerchantGroupId), merchants };
};

/** One company's part of what `decisionStatesSql` answered, for the rules. */
const decisionStateOf = (state: StateJson): BatchDecisionState => {
  const cards = new Map<string, CardDecisionState>();
  for (const row of state.cards) {
    const rowOf = (rows: Sums, kind: string): WindowSums => sumsOf(rows.find((r) => r[0] === kind)?.slice(1));
    const sliding = row.sliding ? add(sumsOf(row.sliding.slice(0, 4)), sumsOf(row.sliding.slice(4))) : ZERO;
    const limits = row.limits.map(([sumAmount, singleAmount, count, usageType, period]) => {
      const limit: DecisionLimit = { sumAmount, singleAmount, count, usageType, period };
      const sums = period === "SLIDING_24H" ? sliding : rowOf(row.sums, KIND_OF[period]);
      return { limit, used: usageOf(sums, usageType) };
    });
    const teamUsed = (kind: string) => usageOf(rowOf(row.team, kind), "ALL").sum;
    const team: TeamControl | null =
      row.team_id && row.team_limits
        ? {
            maxDaily: row.team_limits[0],
            maxWeekly: row.team_limits[1],
            maxMonthly: row.team_limits[2],
            usedDaily: teamUsed("D"),
            usedWeekly: teamUsed("W"),
            usedMonthly: teamUsed("M"),
          }
        : null;
    cards.set(row.id, {
      card: {
        id: row.id,
        teamId: row.team_id,
        cardholderId: row.cardholder_id,
        status: row.status,
        expirationMonth: row.expiration_month,
        expirationYear: row.expiration_year,
        willCloseAt: row.will_close_at === null ? null : new Date(row.will_close_at),
        defaultTransactionCategoryId: row.category_id,
      },
      limits,
      team,
      merchantControls: merchantControlsOf(row.merchant ?? null),
      receiptLock: row.receipt_lock
        ? {
            missingCount: safe(row.receipt_lock[0]),
            liftedUntil: row.receipt_lock[1] === null ? null : new Date(row.receipt_lock[1]),
          }
        : null,
      holderHasPush: row.push === true,
    });
  }
  const stored = new Map<string, StoredDecision>();
  for (const row of state.stored) {
    stored.set(referenceKey(row.card_id, row.reference), {
      id: row.id,
      cardId: row.card_id,
      reference: row.reference,
      status: row.status,
      declineCode: row.decline_code,
      amount: safe(row.amount),
      originalAmount: safe(row.original_amount),
      originalCurrency: row.original_currency,
    });
  }
  return { cards, creditLimit: safe(state.credit_limit), creditUsed: safe(state.credit), stored };
};

/** What `decisionStatesSql` answered (its `state` column), by company id; a company that does not exist is absent. */
export const decisionStatesOf = (
  raw: Record<string, StateJson> | string | null | undefined,
): Map<string, BatchDecisionState> => {
  const states: Record<string, StateJson> = typeof raw === "string" ? JSON.parse(raw) : (raw ?? {});
  return new Map(Object.entries(states).map(([projectId, state]) => [projectId, decisionStateOf(state)]));
};

/**
 * The company's credit in use at `now`: settled in the billing period, reserved by pending authorizations, and what
 * initiated transfers deposited for the period (issue 16). Three rows by key.
 */
export const creditBalance = async (
  db: Executor,
  projectId: string,
  now: Date,
): Promise<{ used: number; reserved: number; deposited: number }> => {
  const period = limitWindowStart("MONTHLY", now);
  const result = await db.execute(sql`
    select coalesce(sum(settled) filter (where period_start = ${period}), 0)::bigint as used,
           coalesce(sum(reserved), 0)::bigint as reserved,
           coalesce((select d.deposited from credit_deposits d
                      where d.project_id = ${projectId} and d.period_start = ${period}), 0)::bigint as deposited
      from credit_balances where project_id = ${projectId} and period_start in ('-infinity', ${period})`);
  const row = result.rows[0];
  return { used: safe(row?.used), reserved: safe(row?.reserved), deposited: safe(row?.deposited) };
};

export type CardWindow = { cardId: string; period: DecisionLimit["period"]; usageType: DecisionLimit["usageType"] };

/**
 * Each card's spend in its limit's current window, in one statement for a whole page of cards (the cards list):
 * one balance row per card by key, or the sliding hours for a SLIDING_24H limit.
 */
export const cardWindowSpend = async (
  db: Executor,
  projectId: string,
  windows: readonly CardWindow[],
  now: Date,
): Promise<Map<string, number>> => {
  const spent = new Map<string, number>();
  if (windows.length === 0) return spent;
  const s = windowStarts(now);
  const keyed = windows.filter((w) => w.period !== "SLIDING_24H");
  const pairs = keyed.map((w) => {
    const kind = KIND_OF[w.period as keyof typeof KIND_OF];
    return sql`(${w.cardId}::uuid, ${kind}::char(1), ${s[kind]}::timestamptz)`;
  });
  const sliding = windows.filter((w) => w.period === "SLIDING_24H");
  const parts = [
    ...(pairs.length > 0
      ? [
          sql`select b.owner_id::text as card_id, b.atm_sum, b.atm_count, b.retail_sum, b.retail_count
                from spend_balances b
                join (values ${sql.join(pairs, sql`, `)}) k(card_id, kind, starts_at)
                  on b.project_id = ${projectId} and b.owner_id = k.card_id and b.kind = k.kind and b.starts_at = k.starts_at`,
        ]
      : []),
    ...sliding.map(
      (w) =>
        sql`select ${w.cardId}::text, (x.v->>0)::bigint + (x.v->>4)::bigint, 0, (x.v->>2)::bigint + (x.v->>6)::bigint, 0
              from (select ${slidingSql(projectId, w.cardId, now)}::jsonb as v) x`,
    ),
  ];
  const result = await db.execute(sql.join(parts, sql` union all `));
  const rows = result.rows as { card_id: string; atm_sum: unknown; retail_sum: unknown }[];
  for (const window of windows) {
    const row = rows.find((r) => r.card_id === window.cardId);
    const sums: WindowSums = row
      ? { atmSum: safe(row.atm_sum), atmCount: 0, retailSum: safe(row.retail_sum), retailCount: 0 }
      : ZERO;
    spent.set(window.cardId, usageOf(sums, window.usageType).sum);
  }
  return spent;
};
