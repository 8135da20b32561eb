import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../platform/db/client.ts";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { authorizePayment } from "./authorize-payment.service.ts";
import { createProcessorScene } from "./testing/processor-scene.ts";

/**
 * A decision reads a handful of rows by key however large its company and its card's history are (issue 13: no
 * scan, no sum over history). The decision's read is planned once per connection (a generic plan, migration 0030)
 * from the statistics of that moment, which describe the average company; a platform of many small companies makes
 * the average small. On such statistics, before migration 0033_decision_reads_by_key, each of these read the big
 * company's rows: the batch's cards (every card of the company), the stored decision of a reference (every
 * authorization of the company), the card's limits (every limit of the company), the card's and team's window rows
 * (every day and hour row the card ever had). This gives one company thousands of rows and one card a long history,
 * sets the statistics of a platform of small companies, and reads the plans the decision ran with (auto_explain,
 * sent to the client as notices) to count the rows each scan read.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

type Scan = { line: string; rows: number };

const SCAN = /(Seq Scan|Index Scan|Index Only Scan|Bitmap Heap Scan) .*on /;

/**
 * Every scan node of the plans in `notices`, with the rows it read over all its loops: those it returned and those
 * its filter removed after reading them (auto_explain prints a node's "Rows Removed" lines under it, per loop).
 */
const scans = (notices: readonly string[]): Scan[] =>
  notices.flatMap((notice) => {
    const lines = notice.split("\n");
    return lines.flatMap((line, index) => {
      if (!SCAN.test(line)) return [];
      // A node that never ran has no "actual" figures, and read nothing.
      const actual = /actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)/.exec(line);
      const loops = Number(actual?.[2] ?? 0);
      let removed = 0;
      for (const detail of lines.slice(index + 1)) {
        if (detail.includes("->") || SCAN.test(detail)) break;
        removed += Number(/Rows Removed by (?:Filter|Index Recheck): (\d+)/.exec(detail)?.[1] ?? 0);
      }
      return [{ line: line.trim(), rows: (Number(actual?.[1] ?? 0) + removed) * loops }];
    });
  });

describe("a decision's plans", () => {
  it("read by key for a company far above the average, planned on the average's statistics", async () => {
    const { db } = database;
    const scene = await createProcessorScene(db, { now: () => new Date(), creditLimit: 100_000_000 });
    // A sliding 24 hours, so that the read of the window's first hour of raw rows runs too.
    const card = await scene.issue({ sumAmount: 10_000_000, period: "SLIDING_24H" });
    for (let index = 0; index < 150; index += 1) await scene.issue();
    expect(await authorizePayment(scene.deps, card.request({ networkReference: "first" }))).toMatchObject({
      approved: true,
    });
    // The card's history: 5,000 declined decisions a year old (they count in no balance) and 5,000 settled purchases,
    // one an hour from a month back (so the card has thousands of hour rows and hundreds of day rows, none in its
    // current windows); each of the company's other cards 20 of each, a year old.
    await db.$client.query(
      `insert into authorizations (project_id, card_id, user_id, team_id, amount, original_amount, original_currency,
                                   merchant_name, mcc, status, decline_code, network_reference, created_at)
       select a.project_id, c.id, a.user_id, a.team_id, a.amount, a.original_amount, a.original_currency,
              a.merchant_name, a.mcc, 'declined', 'PERIOD_SUM', 'older-' || c.id || '-' || n, now() - interval '400 days'
         from authorizations a
         join cards c on c.project_id = a.project_id
        cross join lateral generate_series(1, case when c.id = $2 then 5000 else 20 end) n
        where a.project_id = $1 and a.network_reference = 'first'`,
      [scene.project.id, card.id],
    );
    await db.$client.query(
      `insert into transactions (project_id, card_id, user_id, team_id, description, merchant_name, mcc,
                                 original_amount, original_currency, transaction_amount, transaction_date, closed_at,
                                 network_reference)
       select t.project_id, c.id, t.user_id, t.team_id, t.description, t.merchant_name, t.mcc, t.original_amount,
              t.original_currency, t.transaction_amount,
              case when c.id = $2 then now() - interval '30 days' - n * interval '1 hour'
                   else now() - interval '400 days' end,
              now() - interval '30 days', 'settled-' || c.id || '-' || n
         from transactions t
         join authorizations a on a.project_id = t.project_id and a.id = t.authorization_id
         join cards c on c.project_id = t.project_id
        cross join lateral generate_series(1, case when c.id = $2 then 5000 else 20 end) n
        where t.project_id = $1 and a.network_reference = 'first'`,
      [scene.project.id, card.id],
    );
    // The company's other cards with 20 limits each (a table of pages, not one).
    await db.$client.query(
      `insert into card_limits (project_id, card_id, sum_amount, single_amount, period)
       select l.project_id, l.card_id, l.sum_amount, l.single_amount, l.period
         from card_limits l, generate_series(1, 20) n
        where l.project_id = $1 and l.card_id <> $2`,
      [scene.project.id, card.id],
    );
    // Statistics of a platform of many small companies: each about twenty rows of each table.
    await db.$client.query(`alter table authorizations alter column project_id set (n_distinct = -0.05);
                            alter table transactions alter column project_id set (n_distinct = -0.05);
                            alter table cards alter column project_id set (n_distinct = -0.05);
                            alter table card_limits alter column project_id set (n_distinct = -0.05);
                            alter table spend_balances alter column project_id set (n_distinct = -0.05);
                            analyze authorizations; analyze transactions; analyze cards; analyze card_limits;
                            analyze spend_balances`);
    // New connections that send their plans to the client.
    const name = (await db.$client.query<{ name: string }>("select current_database() as name")).rows[0]?.name ?? "";
    await db.$client.query(`alter database "${name}" set session_preload_libraries = 'auto_explain';
                            alter database "${name}" set auto_explain.log_min_duration = 0;
                            alter database "${name}" set auto_explain.log_analyze = on;
                            alter database "${name}" set auto_explain.log_nested_statements = on;
                            alter database "${name}" set auto_explain.log_level = 'notice'`);
    const explained = createDb(database.url, { max: 1 });
    const notices: string[] = [];
    explained.pool.on("connect", (client) => client.on("notice", (notice) => notices.push(notice.message ?? "")));
    try {
      const answer = await authorizePayment(
        { ...scene.deps, db: explained.db },
        card.request({ networkReference: "measured" }),
      );
      expect(answer).toMatchObject({ approved: true });
    } finally {
      await explained.close();
    }
    const read = scans(notices);
    // The decision's read was seen: its window rows by key among them.
    expect(read.filter((scan) => scan.line.includes("spend_balances_pkey")).length).toBeGreaterThanOrEqual(3);
    // The batch reads its one card, the card's limits and balance rows, its team's, the company's credit, the
    // stored decision for its reference and the card's raw rows of the last hour: none more than a few rows.
    expect(read.filter((scan) => !(scan.rows <= 6))).toEqual([]);
  });
});
