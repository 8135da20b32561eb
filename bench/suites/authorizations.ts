import { billingPeriodOf } from "@kort/core";
import pg from "pg";
import { issueCard } from "../../apps/server/src/modules/cards/issue-card.service.ts";
import { createCardSecrets } from "../../apps/server/src/platform/crypto/card-secrets.ts";
import { createDb, type Db } from "../../apps/server/src/platform/db/client.ts";
import { printComparison } from "../support/load.ts";
import { closedLoop, openLoop, type Send } from "../support/open-loop.ts";

/**
 * POST /v1/network/authorizations over HTTP on loopback, beside its floor: the same SQL transaction (lock the
 * card, lock the project, read the limit, sum the period and the credit, insert the authorization) run straight
 * on PostgreSQL with pg, no HTTP. Each side gets a card of its own in the demo company, with a limit and credit
 * no request reaches, so every request is approved and does the whole transaction. One card and one company is
 * the hot path: their locks make the decisions take turns, which is what the figure measures.
 */
export type AuthorizationBenchOptions = {
  baseUrl: string;
  /** Settled purchases written into the demo company before the runs, spread over its last three billing periods. */
  history: number;
  databaseUrl: string;
  cardKey: Buffer;
  networkKey: string;
  /** Offered rates of the open-loop runs, requests per second. */
  rates: readonly number[];
  seconds: number;
  concurrency: number;
};

type BenchCard = { pan: string; expirationMonth: number; expirationYear: number };

/**
 * A company with a history: `count` settled purchases on the demo company's own cards over the last 90 days, about a
 * third of them in the current billing period, so the credit check (the company's spend this period) sums a realistic number of rows on
 * both sides. Written in one statement, straight into the table: their making is not what is measured.
 */
const seedHistory = async (db: Db, projectId: string, count: number): Promise<void> => {
  await db.$client.query(
    `with demo as (select array_agg(c order by c.id) as cards from cards c where c.project_id = $1),
          picked as (select demo.cards[1 + n % cardinality(demo.cards)] as card, n
                       from demo, generate_series(1, $2::int) n)
     insert into transactions (project_id, card_id, user_id, team_id, description, merchant_name, merchant_country,
                               mcc, original_amount, original_currency, transaction_amount, transaction_date, closed_at)
     select (card).project_id, (card).id, (card).cardholder_id, (card).team_id, 'Bónus', 'Bónus', 'IS', '5411',
            1000 + n % 9000, 'ISK', 1000 + n % 9000, now() - (n % 90) * interval '1 day', now() - (n % 90) * interval '1 day'
       from picked`,
    [projectId, count],
  );
  await db.$client.query("analyze transactions");
};

const issueBenchCards = async (
  databaseUrl: string,
  cardKey: Buffer,
  history: number,
): Promise<readonly [BenchCard, BenchCard]> => {
  const { db, close } = createDb(databaseUrl, { max: 2 });
  try {
    const { rows } = await db.$client.query<{ project_id: string; user_id: string }>(
      `select m.project_id, m.user_id from project_members m join users u on u.id = m.user_id
        where u.email = 'owner@demo.is' limit 1`,
    );
    const owner = rows[0];
    if (!owner) throw new Error("The demo owner is missing: is the server in demo mode?");
    await db.$client.query("update projects set credit_limit = 1000000000000 where id = $1", [owner.project_id]);
    await seedHistory(db, owner.project_id, history);
    const issue = () =>
      db.transaction((tx) =>
        issueCard(
          tx,
          { secrets: createCardSecrets(cardKey), now: new Date() },
          {
            projectId: owner.project_id,
            cardType: "BUSINESS_EXPENSE",
            cardholderId: owner.user_id,
            teamId: null,
            description: "Bekkur",
            limit: { sumAmount: 1_000_000_000_000, period: "MONTHLY" },
            willCloseAt: null,
            defaultTransactionCategoryId: null,
            createdBy: owner.user_id,
          },
        ),
      );
    const cards = [await issue(), await issue()] as const;
    // The spec's count of 1000 purchases per period would decline the bench's later requests (PERIOD_COUNT).
    await db.$client.query("update card_limits set count = 100000000 where card_id = any($1)", [
      cards.map((c) => c.id),
    ]);
    return cards;
  } finally {
    await close();
  }
};

const FLOOR_SQL = {
  card: `select id, project_id, team_id, cardholder_id, status, expiration_month, expiration_year, will_close_at
           from cards where pan_lookup = $1 for no key update`,
  project: "select credit_limit from projects where id = $1 for no key update",
  limits: "select sum_amount, single_amount, count, usage_type, period from card_limits where card_id = $1",
  usage: `select coalesce(sum(s.amount) filter (where s.at >= $2), 0)::bigint as sum_0,
                 count(*) filter (where s.purchase = 1 and s.at >= $2) as count_0
            from (select a.created_at as at, a.amount, 1 as purchase from authorizations a
                   where a.card_id = $1 and a.status = 'pending' and a.created_at >= $2 and a.created_at <= $3
                  union all
                  select t.transaction_date, t.transaction_amount, case when t.authorization_id is null then 0 else 1 end
                    from transactions t where t.card_id = $1 and t.closed_at is not null
                     and t.transaction_date >= $2 and t.transaction_date <= $3) s`,
  credit: `select (select coalesce(sum(amount), 0) from authorizations where project_id = $1 and status = 'pending')::bigint as reserved,
                  (select coalesce(sum(transaction_amount), 0) from transactions where project_id = $1 and closed_at is not null
                     and transaction_date >= $2 and transaction_date < $3)::bigint as used`,
  insert: `insert into authorizations (project_id, card_id, user_id, team_id, amount, currency, original_amount,
             original_currency, original_exponent, merchant_name, merchant_country, mcc, status, approval_code, created_at, updated_at)
           values ($1, $2, $3, $4, $5, 'ISK', $5, 'ISK', 0, $6, 'IS', '5411', 'pending', '123456', $7, $7) returning id`,
};

type FloorCard = { id: string; project_id: string; team_id: string | null; cardholder_id: string };

/** The floor: the processor's transaction for one ISK purchase, as plain SQL on a pool of 10. */
const floorSender = (pool: pg.Pool, panLookup: string): Send => {
  return async () => {
    const client = await pool.connect();
    try {
      await client.query("begin");
      const card = (await client.query<FloorCard>(FLOOR_SQL.card, [panLookup])).rows[0];
      if (!card) throw new Error("The floor's card is missing");
      await client.query(FLOOR_SQL.project, [card.project_id]);
      await client.query(FLOOR_SQL.limits, [card.id]);
      const now = new Date();
      const period = billingPeriodOf(now);
      await client.query(FLOOR_SQL.usage, [card.id, period.from, now]);
      await client.query(FLOOR_SQL.credit, [card.project_id, period.from, period.to]);
      await client.query(FLOOR_SQL.insert, [
        card.project_id,
        card.id,
        card.cardholder_id,
        card.team_id,
        1000,
        "Bónus",
        now,
      ]);
      await client.query("commit");
      return true;
    } catch (error) {
      await client.query("rollback");
      throw error;
    } finally {
      client.release();
    }
  };
};

export const runAuthorizationBench = async (options: AuthorizationBenchOptions): Promise<void> => {
  const [kortCard, floorCard] = await issueBenchCards(options.databaseUrl, options.cardKey, options.history);
  const body = JSON.stringify({
    pan: kortCard.pan,
    expiry_month: kortCard.expirationMonth,
    expiry_year: kortCard.expirationYear,
    amount: 1000,
    currency: "ISK",
    merchant_name: "Bónus",
    mcc: "5411",
    merchant_country: "IS",
  });
  const kort: Send = async () => {
    const response = await fetch(`${options.baseUrl}/v1/network/authorizations`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-network-key": options.networkKey },
      body,
    });
    const answer = (await response.json()) as { approved?: boolean };
    return response.ok && answer.approved === true;
  };
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
  const floor = floorSender(pool, createCardSecrets(options.cardKey).panLookup(floorCard.pan));
  try {
    await closedLoop(kort, { concurrency: 4, seconds: 1 });
    await closedLoop(floor, { concurrency: 4, seconds: 1 });
    const { rates, seconds, concurrency } = options;
    for (const rate of rates) {
      printComparison(
        `POST /v1/network/authorizations, open loop at ${rate}/s for ${seconds} s, vs the same SQL transaction on pg`,
        await openLoop(kort, { rate, seconds }),
        await openLoop(floor, { rate, seconds }),
      );
    }
    printComparison(
      `POST /v1/network/authorizations, saturation (${concurrency} callers back to back, one card), vs the same SQL on pg`,
      await closedLoop(kort, { concurrency, seconds }),
      await closedLoop(floor, { concurrency, seconds }),
    );
  } finally {
    await pool.end();
  }
};
