import {
  BILLING_PERIOD_HISTORY_LENGTH,
  billingPeriodDates,
  currentBillingPeriod,
  isoDate,
  lastBillingPeriods,
  previousBillingPeriod,
  SPENDING_TOP_DEFAULT,
} from "@kort/core";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { spendingStatement, trendStatement } from "../../apps/server/src/modules/overview/overview.repo.ts";
import {
  filterConditions,
  ledgerPageStatement,
  type RuleSettings,
  selectionTotalsStatement,
} from "../../apps/server/src/modules/transactions/ledger.repo.ts";
import {
  type LedgerCursor,
  type LedgerFilter,
  ledgerFilterSchema,
} from "../../apps/server/src/modules/transactions/ledger.schemas.ts";
import type { ListScope } from "../../apps/server/src/platform/http/list-scope.ts";
import type { ChildServer } from "../support/child-server.ts";
import { graphqlCaller, httpRequest } from "../support/http-client.ts";
import { percentile } from "../support/percentile.ts";
import { record } from "../support/report.ts";
import { type Statement, startStatementServer } from "../support/statement-server.ts";

/**
 * The expenses ledger on a company with a million transactions (issue 12): the GraphQL call the dashboard makes,
 * one at a time, beside its floor: the same SQL (the ledger repository's own statement, its text and parameters
 * made once before timing) run straight on PostgreSQL with a plain pg client, no HTTP, GraphQL, session, policy
 * or query builder. Four questions: the first page of the current period, a filtered page (one team's
 * uncategorised rows), page 50 by cursor, and the totals of a whole period.
 *
 * The pages are also timed through a bare node:http server that runs the same SQL and answers the rows' fields that
 * the page asks for as JSON (support/statement-server.ts): about the least any HTTP answer of that page costs, so
 * its ratio to the SQL alone is what the round trip and the JSON cost on this machine, and Kort's ratio to it is
 * what Kort adds.
 */
export type LedgerBenchOptions = {
  baseUrl: string;
  databaseUrl: string;
  /** Bearer token of the demo owner, whose company gets the rows. */
  token: string;
  transactions: number;
  samples: number;
};

const MERCHANTS = [
  "Bónus",
  "Krónan",
  "Olís",
  "Icelandair",
  "Kaffitár",
  "Hagkaup",
  "N1",
  "Elko",
  "Costco",
  "Te og kaffi",
];

/**
 * Gives the demo company `count` settled transactions over the last two years, spread over its cards, a third
 * uncategorised and half with a receipt, with one INSERT ... SELECT each (the database makes the rows; nothing
 * crosses the wire), then ANALYZE so the planner knows the table's size.
 */
export const seedLedger = async (client: pg.Client, projectId: string, count: number): Promise<void> => {
  const started = performance.now();
  await client.query(
    `with c as (select array_agg(id order by id) ids, array_agg(cardholder_id order by id) holders,
                       array_agg(team_id order by id) teams
                  from cards where project_id = $1),
          cat as (select coalesce(array_agg(id order by id), '{}') ids from categories where project_id = $1)
     insert into transactions (project_id, card_id, user_id, team_id, description, merchant_name, original_amount,
                               original_currency, transaction_amount, transaction_date, closed_at, category_id)
     select $1, c.ids[k], c.holders[k], c.teams[k], 'Bekkur ' || g, ($3::text[])[1 + g % 10] || ' ' || (g % 97),
            a, 'ISK', a, now() - make_interval(secs => g * 63), now() - make_interval(secs => g * 63 - 3600),
            case when g % 3 = 0 or cardinality(cat.ids) = 0 then null else cat.ids[1 + g % cardinality(cat.ids)] end
       from generate_series(1, $2::int) g, c, cat,
            lateral (select 1 + g % cardinality(c.ids) as k, 500 + (g::bigint * 7919) % 50000 as a) x`,
    [projectId, count, MERCHANTS],
  );
  // Each receipt is dated an hour after its purchase, as one sent from the phone would be: receipts stored today
  // would be this company's backlog for the receipt-reading sweep (the last day's unread ones), work that a
  // company with this history does not have, running beside the measured calls.
  await client.query(
    `insert into receipts (project_id, transaction_id, user_id, file_name, file_size, file_type, blob_key, created_at)
     select project_id, id, user_id, 'kvittun.jpg', 120000, 'image/jpeg', 'bench/' || id,
            transaction_date + interval '1 hour'
       from transactions where project_id = $1 and description like 'Bekkur %' and right(description, 1) in ('0','2','4','6','8')`,
    [projectId],
  );
  // Vacuumed as well as analyzed, then checkpointed, as the card decisions' ledgers are: otherwise autovacuum of a
  // million fresh rows and their fourteen indexes, and their first reads' hint bits, run beside the measured calls.
  await client.query("vacuum (analyze) transactions, receipts");
  await client.query("checkpoint");
  console.log(`  seeded ${count} transactions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
};

/** p50 and p95 of `samples` sequential runs, after two warm-up runs. */
const timed = async (samples: number, run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> => {
  await run();
  await run();
  const times: number[] = [];
  for (let index = 0; index < samples; index++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
};

/** The dashboard's documents (apps/web/src/modules/expenses/expenses.graphql.ts: LedgerPage with LedgerRowFields, and SelectionTotals). */
const PAGE = `query LedgerPage($filter: TransactionsFilter, $sort: TransactionSort, $after: String, $limit: Int) {
  transactions_v2(filter: $filter, sort: $sort, after: $after, limit: $limit) {
    nodes {
      id merchant description transaction_date transaction_amount original_amount original_currency original_exponent
      unsettled exported has_receipt card { id last_four } cardholder { user_id full_name } team { id name }
      category { id title code } rule_violations { rule_id }
    }
    next_cursor
  }
}`;
/** The ledger statement's columns that PAGE's fields come from (ledger.repo.ts ledgerSelect), for the bare server. */
const PAGE_COLUMNS = [
  "id",
  "merchant_name",
  "description",
  "transaction_date",
  "transaction_amount",
  "original_amount",
  "original_currency",
  "original_exponent",
  "closed_at",
  "latest_export_id",
  "has_receipt",
  "card_id",
  "card_last_four",
  "user_id",
  "cardholder_name",
  "team_id",
  "team_name",
  "category_id",
  "category_title",
  "category_code",
  "missing_receipt",
  "capture_excess",
];
const TOTALS = `query SelectionTotals($selection: TransactionSelection!) {
  selection_totals(selection: $selection) { count total_amount by_currency { currency exponent count amount } }
}`;

/** The Overview page's documents (apps/web/src/modules/overview/overview.graphql.ts), issue 16. */
const SPENDING = `query OverviewSpending($by: SpendingDimension!, $period: String) {
  overview_spending(by: $by, period: $period) { rows { key label amount count } others { amount count } total }
}`;
const TREND =
  "query OverviewTrend($period: String) { overview_trend(period: $period) { period_from settled deposited } }";

/** The Teams page's document (apps/web/src/modules/teams/teams.graphql.ts: Teams with TeamFields). */
const TEAMS = `query Teams($mine: Boolean) {
  teams(mine: $mine) {
    id name account_code account_code_name member_count monthly_budget used_monthly_budget
    category { id code title } limit_control { max_monthly max_weekly max_daily }
    all_categories_visible visible_categories { id code title } admins { user_id full_name email is_admin }
  }
}`;
/**
 * The least SQL that answers TEAMS: one statement, each live team with its category, member count, admins, chosen
 * categories and what it used of the period, read from its balance row (the only way a page of a company with a
 * million purchases stays as cheap as one with none).
 */
const TEAMS_FLOOR = `select t.id, t.name, t.account_code, t.account_code_name, t.monthly_budget, t.max_monthly_limit,
         t.max_weekly_limit, t.max_daily_limit, t.all_categories_visible, c.code, c.title,
         (select count(*) from team_members m where m.project_id = t.project_id and m.team_id = t.id) members,
         (select json_agg(json_build_array(u.id, u.full_name, u.email)) from team_members m
            join users u on u.id = m.user_id
           where m.project_id = t.project_id and m.team_id = t.id and m.is_admin) admins,
         (select json_agg(json_build_array(v.category_id, vc.code, vc.title)) from team_visible_categories v
            join categories vc on vc.project_id = v.project_id and vc.id = v.category_id and vc.deleted_at is null
           where v.project_id = t.project_id and v.team_id = t.id) visible,
         (select b.retail_sum + b.atm_sum from spend_balances b
           where b.project_id = t.project_id and b.owner_id = t.id and b.kind = 'M' and b.starts_at = $2) used
    from teams t left join categories c on c.project_id = t.project_id and c.id = t.category_id
   where t.project_id = $1 and t.deleted_at is null
   order by t.name`;

/** One question of the suite: Kort's call, the same SQL alone, and for the pages a bare HTTP server of that SQL. */
type Case = {
  name: string;
  kort: () => Promise<unknown>;
  floor: () => Promise<unknown>;
  bare?: () => Promise<unknown>;
};

const BARE = "a bare node:http server answering the same SQL's rows as JSON";

export const runLedgerBench = async (options: LedgerBenchOptions): Promise<void> => {
  console.log(`\nExpenses ledger: ${options.transactions.toLocaleString("en")} transactions in one company`);
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  let bare: ChildServer | undefined;
  try {
    const owner = await client.query<{ project_id: string; team_id: string | null }>(
      `select m.project_id, (select team_id from cards where project_id = m.project_id and team_id is not null limit 1) team_id
         from project_members m join users u on u.id = m.user_id where u.email = 'owner@demo.is' limit 1`,
    );
    const projectId = owner.rows[0]?.project_id;
    if (!projectId) throw new Error("The demo owner is missing: is the server in demo mode?");
    const teamId = owner.rows[0]?.team_id ?? null;
    await seedLedger(client, projectId, options.transactions);

    const graphql = graphqlCaller({ baseUrl: options.baseUrl, token: options.token, projectId });

    const period = currentBillingPeriod(new Date());
    const previous = previousBillingPeriod(period);
    const asRange = (dates: { from: string; to: string }) => ({ from_date: dates.from, to_date: dates.to });
    const range = asRange(billingPeriodDates(period));
    const wholePrevious = asRange(billingPeriodDates(previous));
    const wide = { from_date: "2000-01-01", to_date: isoDate(new Date()) };
    const filtered = { ...range, ...(teamId ? { team_ids: [teamId] } : {}), todo: "MissingCategory" };

    const scope: ListScope = { kind: "project" };
    const rules: RuleSettings = { projectId, now: new Date() };
    // The floor sends the statement's text and parameters, rendered once: no builder on the timed path.
    const dialect = new PgDialect();
    const rendered = (statement: SQL | null): Omit<Statement, "columns"> => {
      if (statement === null) throw new Error("The floor's cursor is not one of DATE_DESC");
      const { sql: text, params } = dialect.sqlToQuery(statement);
      return { text, params };
    };
    const floorRun = (statement: SQL | null) => {
      const { text, params } = rendered(statement);
      return () => client.query(text, params);
    };
    const pageStatement = (filter: Record<string, unknown>, cursor: LedgerCursor | null) => {
      const parsed: LedgerFilter = ledgerFilterSchema.parse(filter);
      const where = filterConditions(projectId, scope, parsed, rules);
      return ledgerPageStatement(where, rules, "DATE_DESC", cursor, 100);
    };

    // Page 50 of everything, newest first: walk there once, then time that page alone.
    let after: string | null = null;
    for (let page = 1; page < 50; page++) {
      type Page = { transactions_v2: { next_cursor: string | null } };
      const data: Page = await graphql<Page>(PAGE, { filter: wide, after, limit: 100 });
      after = data.transactions_v2.next_cursor;
    }
    const cursor50 = after;
    if (cursor50 === null) throw new Error("Fewer than 50 pages");
    const decoded = JSON.parse(Buffer.from(cursor50, "base64url").toString("utf8")) as [string, string];
    const floorCursor: LedgerCursor = { value: decoded[0], id: decoded[1] };

    // The pages, also beside a bare node:http server answering the same SQL's rows as JSON: the least any HTTP
    // answer of that page costs here (support/statement-server.ts).
    const asked = (statement: SQL | null): Statement => ({ ...rendered(statement), columns: PAGE_COLUMNS });
    const pages = {
      first: asked(pageStatement(range, null)),
      filtered: asked(pageStatement(filtered, null)),
      page50: asked(pageStatement(wide, floorCursor)),
    };
    bare = await startStatementServer(options.databaseUrl, pages);
    const bareUrl = bare.url;
    const bareRun = (name: keyof typeof pages) => async () => {
      const answer = await httpRequest(`${bareUrl}/${name}`, { method: "POST", body: "{}" });
      if (!answer.ok) throw new Error(`The bare server answered ${answer.status}`);
      return answer.json();
    };
    const fromPage = (name: keyof typeof pages) => () => client.query(pages[name].text, pages[name].params);

    const cases: Case[] = [
      {
        name: "ledger: first page of the current period",
        kort: () => graphql(PAGE, { filter: range, limit: 100 }),
        floor: fromPage("first"),
        bare: bareRun("first"),
      },
      {
        name: "ledger: one team's uncategorised rows",
        kort: () => graphql(PAGE, { filter: filtered, limit: 100 }),
        floor: fromPage("filtered"),
        bare: bareRun("filtered"),
      },
      {
        name: "ledger: page 50 by cursor",
        kort: () => graphql(PAGE, { filter: wide, after: cursor50, limit: 100 }),
        floor: fromPage("page50"),
        bare: bareRun("page50"),
      },
      {
        name: "ledger: selection totals of a whole period",
        kort: () => graphql(TOTALS, { selection: { filter: wholePrevious } }),
        floor: floorRun(
          selectionTotalsStatement(filterConditions(projectId, scope, ledgerFilterSchema.parse(wholePrevious), rules)),
        ),
      },
      // The Overview (issue 16) on the same company: each figure of a whole period is one aggregate statement.
      ...(["TEAM", "USER", "CATEGORY", "MERCHANT"] as const).map((by) => ({
        name: `overview: spending by ${by.toLowerCase()} of a whole period`,
        kort: () => graphql(SPENDING, { by, period: isoDate(previous.from) }),
        floor: floorRun(spendingStatement(projectId, by, previous.from, previous.to, SPENDING_TOP_DEFAULT)),
      })),
      {
        name: "overview: six-period trend",
        kort: () => graphql(TREND, { period: isoDate(period.from) }),
        floor: floorRun(
          trendStatement(
            projectId,
            lastBillingPeriods(new Date(), BILLING_PERIOD_HISTORY_LENGTH).map((p) => p.from),
          ),
        ),
      },
      {
        name: "teams: the teams page, with what each used of the period",
        kort: () => graphql(TEAMS, {}),
        floor: () => client.query(TEAMS_FLOOR, [projectId, period.from]),
      },
    ];
    console.log(`  ${"figure".padEnd(56)}${"kort".padStart(12)}${"floor".padStart(12)}${"ratio".padStart(9)}`);
    const line = (name: string, kort: number, floor: number) =>
      console.log(
        `  ${name.padEnd(56)}${`${kort.toFixed(2)} ms`.padStart(12)}${`${floor.toFixed(2)} ms`.padStart(12)}${`${(kort / floor).toFixed(2)}x`.padStart(9)}`,
      );
    for (const { name, kort, floor, bare: bareSide } of cases) {
      const k = await timed(options.samples, kort);
      const f = await timed(options.samples, floor);
      const b = bareSide && (await timed(options.samples, bareSide));
      for (const figure of ["p50", "p95"] as const) {
        record({ name, figure, unit: "ms", kort: k[figure], floor: f[figure] });
        line(`${name} ${figure}`, k[figure], f[figure]);
        if (!b) continue;
        record({ name: `${name}, beside ${BARE}`, figure, unit: "ms", kort: k[figure], floor: b[figure] });
        line(`  beside the bare server ${figure}`, k[figure], b[figure]);
        record({
          name: `${name}: ${BARE} (kort column) beside the SQL alone`,
          figure,
          unit: "ms",
          kort: b[figure],
          floor: f[figure],
        });
        line(`  the bare server beside the SQL ${figure}`, b[figure], f[figure]);
      }
    }
  } finally {
    await bare?.stop();
    await client.end();
  }
};
