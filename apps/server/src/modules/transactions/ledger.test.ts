import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../app/testing/test-app.ts";
import { categories, projects, receipts, transactions } from "../../platform/db/schema/index.ts";
import { type CardsScene, createCardsScene, createCardsTestApp } from "../cards/testing/cards-scene.ts";
import { codeOf, graphqlFor } from "../teams/teams.fixtures.ts";

/**
 * The expenses ledger over GraphQL (issue 12): keyset pages that list every row once in both sort orders, the
 * caller's scope whatever the filter asks, the filters and todo rules, and the totals of a selection.
 */

let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
let scene: CardsScene;
const ids = { mine: [] as string[], theirs: [] as string[], foreign: [] as string[] };
let category: string;
let withReceipt: string;
let usd: string;
let unsettled: string;

// The 27th opens a billing period: the rows below sit in 27 Oct – 26 Nov 2026.
const day = (n: number, hour = 12) => new Date(Date.UTC(2026, 9, 27 + n, hour));
const RANGE = { from_date: "2026-10-27", to_date: "2026-11-26" };

type Row = {
  id: string;
  merchant: string;
  transaction_amount: number;
  transaction_date: string;
  rule_violations: { rule_id: string }[];
};
type Page = { transactions_v2: { nodes: Row[]; next_cursor: string | null } };

const PAGE = `query($filter: TransactionsFilter, $sort: TransactionSort, $after: String, $limit: Int) {
  transactions_v2(filter: $filter, sort: $sort, after: $after, limit: $limit) {
    nodes { id merchant transaction_amount transaction_date unsettled has_receipt rule_violations { rule_id } }
    next_cursor
  }
}`;

beforeAll(async () => {
  const app = await createCardsTestApp();
  t = app.t;
  gql = graphqlFor(t);
  scene = await createCardsScene(t.db, app.key);
  const mineCard = await scene.issue();
  const theirsCard = await scene.issue({ teamId: scene.teams.theirs.id, cardholderId: scene.owner.id });
  const foreignCard = await scene.issue({
    projectId: scene.other.id,
    teamId: scene.teams.foreign.id,
    cardholderId: scene.foreignOwner.id,
  });
  [category] = (
    await t.db
      .insert(categories)
      .values({ projectId: scene.project.id, title: "Fæði", code: "2450" })
      .returning({ id: categories.id })
  ).map((row) => row.id) as [string];
  const row = (card: typeof mineCard, projectId: string, userId: string, teamId: string, n: number) => ({
    id: randomUUID(),
    projectId,
    cardId: card.id,
    userId,
    teamId,
    description: `Kaup ${n}`,
    merchantName: n % 10 === 0 ? `Kaffitár ${n}` : `Bónus ${n}`,
    originalAmount: 1000 + (n % 37) * 100,
    originalCurrency: "ISK",
    transactionAmount: 1000 + (n % 37) * 100,
    // Ten rows share each hour: ties on the date are broken by id.
    transactionDate: day(n % 25, 8 + (n % 3)),
    closedAt: day(n % 25, 20),
    // The category is this company's: another company's rows cannot name it (docs/scaling.md).
    categoryId: n % 4 === 0 && projectId === scene.project.id ? category : null,
  });
  const mineRows = Array.from({ length: 230 }, (_, n) =>
    row(mineCard, scene.project.id, scene.user.id, scene.teams.mine.id, n),
  );
  const theirsRows = Array.from({ length: 20 }, (_, n) =>
    row(theirsCard, scene.project.id, scene.owner.id, scene.teams.theirs.id, n),
  );
  const foreignRows = Array.from({ length: 5 }, (_, n) =>
    row(foreignCard, scene.other.id, scene.foreignOwner.id, scene.teams.foreign.id, n),
  );
  await t.db.insert(transactions).values([...mineRows, ...theirsRows, ...foreignRows]);
  ids.mine = mineRows.map((r) => r.id);
  ids.theirs = theirsRows.map((r) => r.id);
  ids.foreign = foreignRows.map((r) => r.id);
  withReceipt = ids.mine[1] as string;
  await t.db.insert(receipts).values({
    projectId: scene.project.id,
    transactionId: withReceipt,
    userId: scene.user.id,
    fileName: "kvittun.png",
    fileSize: 10,
    fileType: "image/png",
    blobKey: "test/kvittun.png",
  });
  usd = ids.mine[2] as string;
  await t.db
    .update(transactions)
    .set({ originalCurrency: "USD", originalExponent: 2, originalAmount: 1299 })
    .where(eq(transactions.id, usd));
  unsettled = ids.mine[3] as string;
  await t.db.update(transactions).set({ closedAt: null }).where(eq(transactions.id, unsettled));
  await t.db
    .update(projects)
    .set({ preferences: { receipt_missing_days: 7 } })
    .where(eq(projects.id, scene.project.id));
});
afterAll(async () => {
  await t.close();
});

/** Every row of a filter, page by page, for a caller. */
const everyRow = async (headers: Record<string, string>, variables: Record<string, unknown>): Promise<Row[]> => {
  const rows: Row[] = [];
  let after: string | null = null;
  for (let page = 0; page < 50; page++) {
    const body: Awaited<ReturnType<typeof gql<Page>>> = await gql<Page>(PAGE, headers, {
      ...variables,
      after,
      limit: 60,
    });
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const result: Page["transactions_v2"] | undefined = body.data?.transactions_v2;
    rows.push(...(result?.nodes ?? []));
    after = result?.next_cursor ?? null;
    if (after === null) return rows;
  }
  throw new Error("The pages did not end");
};

describe("the ledger's pages", () => {
  it("list every row of the range once, newest first, with ties broken by id", async () => {
    const rows = await everyRow(scene.accountant.headers, { filter: RANGE });
    expect(rows).toHaveLength(250);
    expect(new Set(rows.map((row) => row.id)).size).toBe(250);
    const keys = rows.map((row) => [row.transaction_date, row.id] as const);
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? b[1].localeCompare(a[1]) : b[0].localeCompare(a[0])));
    expect(keys).toEqual(sorted);
  });

  it("list rows a microsecond apart once each, a page at a time", async () => {
    const merchant = `Örfá ${Date.now()}`;
    const [first] = await t.db.select().from(transactions).where(eq(transactions.id, usd));
    if (!first) throw new Error("No transaction to copy");
    for (const micro of ["100", "200", "300"]) {
      await t.db.execute(sql`
        insert into transactions (project_id, card_id, user_id, team_id, description, merchant_name, original_amount,
                                  original_currency, transaction_amount, transaction_date, closed_at)
        values (${first.projectId}, ${first.cardId}, ${first.userId}, ${first.teamId}, 'Kaup', ${merchant}, 990, 'ISK', 990,
                ${`${RANGE.from_date} 12:00:00.000${micro}+00`}::timestamptz, now())`);
    }
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 5; page++) {
      const body: Awaited<ReturnType<typeof gql<Page>>> = await gql<Page>(PAGE, scene.accountant.headers, {
        filter: { ...RANGE, search: merchant },
        after,
        limit: 1,
      });
      seen.push(...(body.data?.transactions_v2.nodes ?? []).map((row) => row.id));
      after = body.data?.transactions_v2.next_cursor ?? null;
      if (after === null) break;
    }
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
    await t.db.delete(transactions).where(eq(transactions.merchantName, merchant));
  });

  it("list every row once by amount, smallest first", async () => {
    const rows = await everyRow(scene.accountant.headers, { filter: RANGE, sort: "AMOUNT_ASC" });
    expect(rows).toHaveLength(250);
    expect(new Set(rows.map((row) => row.id)).size).toBe(250);
    const amounts = rows.map((row) => row.transaction_amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  });

  it("default to the current billing period and refuse a cursor or a date that is not one", async () => {
    const body = await gql<Page>(PAGE, scene.accountant.headers, {});
    expect(body.errors).toBeUndefined();
    expect(codeOf(await gql(PAGE, scene.accountant.headers, { after: "bm90IGEgY3Vyc29y" }))).toBe("VALIDATION_FAILED");
    const badDate = { filter: { from_date: "2026-13-01", to_date: "2026-11-26" } };
    expect(codeOf(await gql(PAGE, scene.accountant.headers, badDate))).toBe("VALIDATION_FAILED");
    const reversed = { filter: { from_date: "2026-11-26", to_date: "2026-10-27" } };
    expect(codeOf(await gql(PAGE, scene.accountant.headers, reversed))).toBe("VALIDATION_FAILED");
    const dateCursor = (await gql<Page>(PAGE, scene.accountant.headers, { filter: RANGE, limit: 1 })).data
      ?.transactions_v2.next_cursor;
    const mixed = { filter: RANGE, sort: "AMOUNT_DESC", after: dateCursor };
    expect(codeOf(await gql(PAGE, scene.accountant.headers, mixed))).toBe("VALIDATION_FAILED");
  });

  it("answer a request error as the rest of the API does, though the page runs as a compiled query", async () => {
    // transactions_v2 runs through graphql-jit (platform/graphql/compiled-lists.ts), rule_violation_counts through
    // the interpreter: a variable of the wrong type is the same error, with the same status, on both.
    const respond = async (query: string, variables: Record<string, unknown>) => {
      const response = await t.app.inject({
        method: "POST",
        url: "/graphql",
        headers: scene.accountant.headers,
        payload: { query, variables },
      });
      const body = response.json<{ data?: unknown; errors?: { extensions?: { code?: string } }[] }>();
      return {
        status: response.statusCode,
        codes: body.errors?.map((error) => error.extensions?.code),
        data: body.data,
      };
    };
    const compiled = await respond(PAGE, { limit: "many" });
    const interpreted = await respond(
      "query($filter: TransactionsFilter) { rule_violation_counts(filter: $filter) { rule_id } }",
      { filter: { unsettled: "many" } },
    );
    expect(compiled.codes).toHaveLength(1);
    expect(compiled).toEqual(interpreted);
  });
});

describe("the ledger's scope", () => {
  it("is the project for the owner and the accountant, never another company's", async () => {
    for (const caller of [scene.owner, scene.accountant]) {
      const rows = await everyRow(caller.headers, { filter: RANGE });
      expect(rows.map((row) => row.id).sort()).toEqual([...ids.mine, ...ids.theirs].sort());
    }
    const foreign = await everyRow(scene.foreignOwner.headers, { filter: RANGE });
    expect(foreign.map((row) => row.id).sort()).toEqual([...ids.foreign].sort());
  });

  it("is a team admin's teams, whatever team the filter names", async () => {
    const rows = await everyRow(scene.teamAdmin.headers, { filter: RANGE });
    expect(rows.map((row) => row.id).sort()).toEqual([...ids.mine].sort());
    const asked = await everyRow(scene.teamAdmin.headers, { filter: { ...RANGE, team_ids: [scene.teams.theirs.id] } });
    expect(asked).toEqual([]);
  });

  it("is an employee's own purchases", async () => {
    const rows = await everyRow(scene.user.headers, { filter: RANGE });
    expect(rows.map((row) => row.id).sort()).toEqual([...ids.mine].sort());
    const others = await everyRow(scene.otherTeamAdmin.headers, { filter: RANGE });
    expect(others.map((row) => row.id).sort()).toEqual([...ids.theirs].sort());
  });
});

describe("the ledger's filters", () => {
  it("find by merchant, description or comment, and by category, team and settlement", async () => {
    const coffee = await everyRow(scene.accountant.headers, { filter: { ...RANGE, search: "kaffitár" } });
    expect(coffee.length).toBe(25);
    expect(coffee.every((row) => row.merchant.startsWith("Kaffitár"))).toBe(true);
    const categorised = await everyRow(scene.accountant.headers, { filter: { ...RANGE, category_ids: [category] } });
    expect(categorised.length).toBe(58 + 5);
    const theirs = await everyRow(scene.accountant.headers, {
      filter: { ...RANGE, team_ids: [scene.teams.theirs.id] },
    });
    expect(theirs.map((row) => row.id).sort()).toEqual([...ids.theirs].sort());
    const pending = await everyRow(scene.accountant.headers, { filter: { ...RANGE, unsettled: true } });
    expect(pending.map((row) => row.id)).toEqual([unsettled]);
    const wildcard = await everyRow(scene.accountant.headers, { filter: { ...RANGE, search: "%" } });
    expect(wildcard).toEqual([]);
  });

  it("list the todo rules' rows, and count the same number", async () => {
    const counts = await gql<{ rule_violation_counts: { rule_id: string; count: number }[] }>(
      "query($filter: TransactionsFilter) { rule_violation_counts(filter: $filter) { rule_id count } }",
      scene.accountant.headers,
      { filter: RANGE },
    );
    const countOf = (rule: string) => counts.data?.rule_violation_counts.find((row) => row.rule_id === rule)?.count;
    const missingCategory = await everyRow(scene.accountant.headers, { filter: { ...RANGE, todo: "MissingCategory" } });
    expect(missingCategory.length).toBe(250 - 63);
    expect(countOf("MissingCategory")).toBe(missingCategory.length);
    const missingReceipt = await everyRow(scene.accountant.headers, { filter: { ...RANGE, todo: "MissingReceipt" } });
    expect(missingReceipt.map((row) => row.id)).not.toContain(withReceipt);
    expect(missingReceipt.length).toBeGreaterThan(0);
    expect(countOf("MissingReceipt")).toBe(missingReceipt.length);
  });

  it("follow the project's receipt grace period, read by the ledger's own statement", async () => {
    // A century's grace: no purchase of the range is late, in the list, in its count and on the rows.
    await t.db
      .update(projects)
      .set({ preferences: { receipt_missing_days: 36_500 } })
      .where(eq(projects.id, scene.project.id));
    try {
      const late = await everyRow(scene.accountant.headers, { filter: { ...RANGE, todo: "MissingReceipt" } });
      expect(late).toEqual([]);
      const counts = await gql<{ rule_violation_counts: { rule_id: string; count: number }[] }>(
        "query($filter: TransactionsFilter) { rule_violation_counts(filter: $filter) { rule_id count } }",
        scene.accountant.headers,
        { filter: RANGE },
      );
      expect(counts.data?.rule_violation_counts.find((row) => row.rule_id === "MissingReceipt")?.count).toBe(0);
      const rows = await everyRow(scene.accountant.headers, { filter: RANGE });
      expect(rows.flatMap((row) => row.rule_violations.map((violation) => violation.rule_id))).not.toContain(
        "MissingReceipt",
      );
    } finally {
      await t.db
        .update(projects)
        .set({ preferences: { receipt_missing_days: 7 } })
        .where(eq(projects.id, scene.project.id));
    }
  });
});

describe("selection totals", () => {
  const TOTALS = `query($selection: TransactionSelection!) {
    selection_totals(selection: $selection) { count total_amount by_currency { currency count amount amount_isk } }
  }`;
  type Totals = {
    selection_totals: {
      count: number;
      total_amount: number;
      by_currency: { currency: string; count: number; amount: number }[];
    };
  };

  it("sum the rows picked one by one, per currency, and never another's rows", async () => {
    const picked = [ids.mine[0], usd, ids.theirs[0], ids.foreign[0]];
    const owner = await gql<Totals>(TOTALS, scene.owner.headers, { selection: { transaction_ids: picked } });
    expect(owner.data?.selection_totals.count).toBe(3);
    expect(owner.data?.selection_totals.by_currency.map((row) => row.currency)).toEqual(["ISK", "USD"]);
    expect(owner.data?.selection_totals.by_currency.find((row) => row.currency === "USD")?.amount).toBe(1299);
    const teamAdmin = await gql<Totals>(TOTALS, scene.teamAdmin.headers, { selection: { transaction_ids: picked } });
    expect(teamAdmin.data?.selection_totals.count).toBe(2);
  });

  it("sum every row of a filter but those left out", async () => {
    const all = await gql<Totals>(TOTALS, scene.accountant.headers, { selection: { filter: RANGE } });
    expect(all.data?.selection_totals.count).toBe(250);
    const rows = await everyRow(scene.accountant.headers, { filter: RANGE });
    expect(all.data?.selection_totals.total_amount).toBe(rows.reduce((sum, row) => sum + row.transaction_amount, 0));
    const left = await gql<Totals>(TOTALS, scene.accountant.headers, {
      selection: { filter: RANGE, excluded_ids: [ids.mine[0], ids.mine[5]] },
    });
    expect(left.data?.selection_totals.count).toBe(248);
    expect(codeOf(await gql(TOTALS, scene.accountant.headers, { selection: {} }))).toBe("VALIDATION_FAILED");
  });
});

describe("GET /v1/transactions (the employee app)", () => {
  type RestPage = { nodes: Array<{ id: string; rule_violations: { rule_id: string }[] }>; next_cursor: string | null };
  const everyOwn = async (headers: Record<string, string>, extra = "") => {
    const rows: RestPage["nodes"] = [];
    let after: string | null = null;
    for (let page = 0; page < 50; page++) {
      const cursor: string = after ? `&after=${after}` : "";
      const response = await t.app.inject({
        method: "GET",
        url: `/v1/transactions?limit=70${extra}${cursor}`,
        headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as RestPage;
      rows.push(...body.nodes);
      after = body.next_cursor;
      if (after === null) return rows;
    }
    throw new Error("The pages did not end");
  };

  it("lists the caller's own purchases once each, by cursor, with their to-do marks", async () => {
    const rows = await everyOwn(scene.user.headers);
    expect(rows.map((row) => row.id).sort()).toEqual([...ids.mine].sort());
    const marks = (id: string) => rows.find((row) => row.id === id)?.rule_violations.map((v) => v.rule_id) ?? [];
    expect(marks(withReceipt)).not.toContain("MissingReceipt");
    const todo = await everyOwn(scene.user.headers, "&todo=MissingCategory");
    expect(todo.length).toBe(230 - 58);
    expect(todo.every((row) => row.rule_violations.some((v) => v.rule_id === "MissingCategory"))).toBe(true);
  });

  it("is the caller's own even for those who may read more: never another person's", async () => {
    const owner = await everyOwn(scene.owner.headers);
    expect(owner.map((row) => row.id).sort()).toEqual([...ids.theirs].sort());
    const accountant = await everyOwn(scene.accountant.headers);
    expect(accountant).toEqual([]);
  });

  it("gives one transaction to whom may read it, and refuses another employee's", async () => {
    const id = ids.mine[0] as string;
    const own = await t.app.inject({ method: "GET", url: `/v1/transactions/${id}`, headers: scene.user.headers });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ id, card: { last_four: expect.any(String) } });
    const theirs = ids.theirs[0] as string;
    const other = await t.app.inject({ method: "GET", url: `/v1/transactions/${theirs}`, headers: scene.user.headers });
    expect(other.statusCode).toBe(403);
    const foreign = ids.foreign[0] as string;
    const away = await t.app.inject({ method: "GET", url: `/v1/transactions/${foreign}`, headers: scene.user.headers });
    expect(away.statusCode).toBe(404);
  });

  it("refuses a cursor it did not write", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/v1/transactions?after=bm90LWEtY3Vyc29y",
      headers: scene.user.headers,
    });
    expect(response.statusCode).toBe(422);
  });
});
