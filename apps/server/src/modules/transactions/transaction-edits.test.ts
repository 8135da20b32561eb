import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../app/testing/test-app.ts";
import {
  auditLog,
  categoryDimensions,
  teams,
  teamVisibleCategories,
  transactionDimensionValues,
  transactions,
} from "../../platform/db/schema/index.ts";
import { countStatements } from "../../platform/db/testing/statement-count.ts";
import { type CardsScene, createCardsScene, createCardsTestApp } from "../cards/testing/cards-scene.ts";
import { codeOf, graphqlFor } from "../teams/teams.fixtures.ts";
import { chartFixtures } from "./testing/chart-fixtures.ts";

/**
 * The transaction panel's changes over GraphQL (issue 12): what may be chosen, who may choose it, and that a
 * refused change leaves the transaction as it was.
 */

let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
let scene: CardsScene;
const ids = {} as Record<
  | "mine"
  | "theirs"
  | "foreign"
  | "travel"
  | "disabled"
  | "hidden"
  | "teamCategory"
  | "project"
  | "department"
  | "unlinkedValue"
  | "vat"
  | "vatOff",
  string
>;
const values = { projectA: "", projectB: "", sales: "" };

beforeAll(async () => {
  const app = await createCardsTestApp();
  t = app.t;
  gql = graphqlFor(t);
  scene = await createCardsScene(t.db, app.key);
  const projectId = scene.project.id;
  const { category, dimension, value, tax } = chartFixtures(t.db, projectId);
  ids.travel = await category("Ferðakostnaður");
  ids.disabled = await category("Gamalt", { enabled: false });
  ids.hidden = await category("Risna");
  ids.teamCategory = await category("Sala", { group: "Team" });
  ids.project = await dimension("Verkefni");
  ids.department = await dimension("Deild");
  values.projectA = await value(ids.project, "Verkefni A");
  values.projectB = await value(ids.project, "Verkefni B");
  values.sales = await value(ids.department, "Sala");
  await t.db.insert(categoryDimensions).values({ projectId, categoryId: ids.travel, dimensionId: ids.project });
  const unlinked = await dimension("Ótengd");
  ids.unlinkedValue = await value(unlinked, "Ekki hér");
  ids.vat = await tax("VSK24", true);
  ids.vatOff = await tax("VSK-gamalt", false);
  // Team `theirs` shows only the travel category, so Risna is hidden from its transactions.
  await t.db.update(teams).set({ allCategoriesVisible: false }).where(eq(teams.id, scene.teams.theirs.id));
  await t.db.insert(teamVisibleCategories).values({ projectId, teamId: scene.teams.theirs.id, categoryId: ids.travel });

  const mineCard = await scene.issue();
  const theirsCard = await scene.issue({ teamId: scene.teams.theirs.id, cardholderId: scene.owner.id });
  const foreignCard = await scene.issue({
    projectId: scene.other.id,
    teamId: scene.teams.foreign.id,
    cardholderId: scene.foreignOwner.id,
  });
  const row = (card: { id: string }, project: string, userId: string, teamId: string) => ({
    id: randomUUID(),
    projectId: project,
    cardId: card.id,
    userId,
    teamId,
    description: "Flug",
    merchantName: "Icelandair",
    originalAmount: 45_000,
    originalCurrency: "ISK",
    transactionAmount: 45_000,
    transactionDate: new Date(),
    closedAt: new Date(),
  });
  const rows = [
    row(mineCard, projectId, scene.user.id, scene.teams.mine.id),
    row(theirsCard, projectId, scene.owner.id, scene.teams.theirs.id),
    row(foreignCard, scene.other.id, scene.foreignOwner.id, scene.teams.foreign.id),
  ];
  await t.db.insert(transactions).values(rows);
  [ids.mine, ids.theirs, ids.foreign] = rows.map((r) => r.id) as [string, string, string];
});
afterAll(async () => {
  await t.close();
});

const SET_CATEGORY = `mutation($id: ID!, $category: ID, $values: [ID!]) {
  set_transaction_category(transaction_id: $id, category_id: $category, subcategory_ids: $values) { id }
}`;
const DETAILS = `query($id: ID!) {
  transaction(id: $id) {
    transaction { id category { id title } tax_category_id comments team { id } }
    tax_category { code percentage } team_category { id } dimension_values { dimension_title value_id value_title }
  }
}`;
type Details = {
  transaction: {
    transaction: { category: { id: string } | null; tax_category_id: string | null; comments: string | null };
    tax_category: { code: string; percentage: string } | null;
    team_category: { id: string } | null;
    dimension_values: { value_id: string; value_title: string }[];
  };
};

const details = async (id: string) => (await gql<Details>(DETAILS, scene.accountant.headers, { id })).data?.transaction;

describe("setting a transaction's category", () => {
  it("sets the category and its dimension values, shows them in the panel, and audits the change", async () => {
    const body = await gql(SET_CATEGORY, scene.accountant.headers, {
      id: ids.mine,
      category: ids.travel,
      values: [values.projectA],
    });
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const shown = await details(ids.mine);
    expect(shown?.transaction.category?.id).toBe(ids.travel);
    expect(shown?.dimension_values.map((value) => value.value_title)).toEqual(["Verkefni A"]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, ids.mine), eq(auditLog.action, "transaction.set-category")));
    expect(audit.length).toBeGreaterThan(0);
  });

  it("refuses two values of one dimension, a value of an unlinked dimension, and leaves the transaction as it was", async () => {
    const twice = { id: ids.mine, category: ids.travel, values: [values.projectA, values.projectB] };
    expect(codeOf(await gql(SET_CATEGORY, scene.accountant.headers, twice))).toBe("DIMENSION_VALUE_NOT_AVAILABLE");
    const unlinked = { id: ids.mine, category: ids.travel, values: [ids.unlinkedValue] };
    expect(codeOf(await gql(SET_CATEGORY, scene.accountant.headers, unlinked))).toBe("DIMENSION_VALUE_NOT_AVAILABLE");
    const department = { id: ids.mine, category: ids.travel, values: [values.sales] };
    expect(codeOf(await gql(SET_CATEGORY, scene.accountant.headers, department))).toBe("DIMENSION_VALUE_NOT_AVAILABLE");
    expect((await details(ids.mine))?.dimension_values.map((value) => value.value_id)).toEqual([values.projectA]);
  });

  it("refuses a disabled category, a Team category, and one the card's team does not see", async () => {
    for (const category of [ids.disabled, ids.teamCategory]) {
      const body = await gql(SET_CATEGORY, scene.accountant.headers, { id: ids.mine, category });
      expect(codeOf(body)).toBe("CATEGORY_NOT_AVAILABLE");
    }
    const hidden = await gql(SET_CATEGORY, scene.accountant.headers, { id: ids.theirs, category: ids.hidden });
    expect(codeOf(hidden)).toBe("CATEGORY_NOT_AVAILABLE");
    const shown = await gql(SET_CATEGORY, scene.accountant.headers, { id: ids.theirs, category: ids.travel });
    expect(shown.errors).toBeUndefined();
  });

  it("clears the category and its values together", async () => {
    await gql(SET_CATEGORY, scene.accountant.headers, {
      id: ids.theirs,
      category: ids.travel,
      values: [values.projectB],
    });
    const body = await gql(SET_CATEGORY, scene.accountant.headers, { id: ids.theirs, category: null });
    expect(body.errors).toBeUndefined();
    const left = await t.db
      .select()
      .from(transactionDimensionValues)
      .where(eq(transactionDimensionValues.transactionId, ids.theirs));
    expect(left).toEqual([]);
  });

  it("keeps one value per dimension when many changes race", async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        gql(SET_CATEGORY, scene.accountant.headers, {
          id: ids.mine,
          category: ids.travel,
          values: [n % 2 === 0 ? values.projectA : values.projectB],
        }),
      ),
    );
    const left = await t.db
      .select()
      .from(transactionDimensionValues)
      .where(eq(transactionDimensionValues.transactionId, ids.mine));
    expect(left).toHaveLength(1);
  });
});

describe("who may change a transaction", () => {
  it("lets a team admin change their team's transactions and no other", async () => {
    const own = await gql(SET_CATEGORY, scene.teamAdmin.headers, { id: ids.mine, category: ids.travel });
    expect(own.errors).toBeUndefined();
    const other = await gql(SET_CATEGORY, scene.teamAdmin.headers, { id: ids.theirs, category: ids.travel });
    expect(codeOf(other)).toBe("ACCESS_DENIED");
    expect(codeOf(await gql(DETAILS, scene.teamAdmin.headers, { id: ids.theirs }))).toBe("ACCESS_DENIED");
  });

  it("lets an employee change their own purchases only", async () => {
    const own = await gql(SET_CATEGORY, scene.user.headers, { id: ids.mine, category: ids.travel });
    expect(own.errors).toBeUndefined();
    const owners = await gql(SET_CATEGORY, scene.user.headers, { id: ids.theirs, category: ids.travel });
    expect(codeOf(owners)).toBe("ACCESS_DENIED");
  });

  it("gives the employee app a purchase's sub-categories on GET /v1/transactions/{id}, to keep them on a save", async () => {
    const set = await gql(SET_CATEGORY, scene.user.headers, {
      id: ids.mine,
      category: ids.travel,
      values: [values.projectA],
    });
    expect(set.errors, JSON.stringify(set.errors)).toBeUndefined();
    const asTheApp = () =>
      t.app.inject({ method: "GET", url: `/v1/transactions/${ids.mine}`, headers: scene.user.headers });
    const response = await asTheApp();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: ids.mine,
      category: { id: ids.travel },
      sub_categories: [
        {
          dimension_id: ids.project,
          dimension_title: "Verkefni",
          value_id: values.projectA,
          value_title: "Verkefni A",
        },
      ],
    });
    await gql(SET_CATEGORY, scene.user.headers, { id: ids.mine, category: null });
    const cleared = await asTheApp();
    expect(cleared.json()).toMatchObject({ category: null, sub_categories: [] });
  });

  it("answers NOT_FOUND for another company's transaction, whoever asks", async () => {
    for (const caller of [scene.owner, scene.accountant]) {
      expect(codeOf(await gql(SET_CATEGORY, caller.headers, { id: ids.foreign, category: ids.travel }))).toBe(
        "NOT_FOUND",
      );
      expect(codeOf(await gql(DETAILS, caller.headers, { id: ids.foreign }))).toBe("NOT_FOUND");
    }
  });
});

describe("the panel's other fields", () => {
  const TAX = `mutation($id: ID!, $tax: ID) { set_transaction_tax_category(transaction_id: $id, tax_category_id: $tax) { id } }`;
  const COMMENT = `mutation($id: ID!, $comment: String) { set_transaction_comment(transaction_id: $id, comment: $comment) { id } }`;
  const TEAM_CATEGORY = `mutation($id: ID!, $category: ID) {
    set_transaction_team_category(transaction_id: $id, category_id: $category) { id }
  }`;
  const TEAM = `mutation($id: ID!, $team: ID) { set_transaction_team(transaction_id: $id, team_id: $team) { id } }`;

  it("sets an enabled tax category and refuses a disabled one", async () => {
    expect((await gql(TAX, scene.accountant.headers, { id: ids.mine, tax: ids.vat })).errors).toBeUndefined();
    expect((await details(ids.mine))?.tax_category).toEqual({ code: "VSK24", percentage: "24" });
    expect(codeOf(await gql(TAX, scene.accountant.headers, { id: ids.mine, tax: ids.vatOff }))).toBe(
      "TAX_CATEGORY_NOT_AVAILABLE",
    );
  });

  it("keeps a comment of up to 1000 characters, trimmed, and clears an empty one", async () => {
    await gql(COMMENT, scene.accountant.headers, { id: ids.mine, comment: "  Fundur með Marel  " });
    expect((await details(ids.mine))?.transaction.comments).toBe("Fundur með Marel");
    expect(codeOf(await gql(COMMENT, scene.accountant.headers, { id: ids.mine, comment: "x".repeat(1001) }))).toBe(
      "VALIDATION_FAILED",
    );
    await gql(COMMENT, scene.accountant.headers, { id: ids.mine, comment: "" });
    expect((await details(ids.mine))?.transaction.comments).toBeNull();
  });

  it("sets a Team category and a team of the project only", async () => {
    const teamCategory = await gql(TEAM_CATEGORY, scene.accountant.headers, {
      id: ids.mine,
      category: ids.teamCategory,
    });
    expect(teamCategory.errors).toBeUndefined();
    expect((await details(ids.mine))?.team_category?.id).toBe(ids.teamCategory);
    expect(codeOf(await gql(TEAM_CATEGORY, scene.accountant.headers, { id: ids.mine, category: ids.travel }))).toBe(
      "CATEGORY_NOT_AVAILABLE",
    );
    expect(
      (await gql(TEAM, scene.accountant.headers, { id: ids.mine, team: scene.teams.theirs.id })).errors,
    ).toBeUndefined();
    expect(codeOf(await gql(TEAM, scene.accountant.headers, { id: ids.mine, team: scene.teams.foreign.id }))).toBe(
      "NOT_FOUND",
    );
    await gql(TEAM, scene.accountant.headers, { id: ids.mine, team: scene.teams.mine.id });
  });
});

describe("bulk changes and reminders", () => {
  const BULK = `mutation($ids: [ID!]!, $category: ID!) {
    bulk_set_transaction_category(transaction_ids: $ids, category_id: $category) { updated }
  }`;
  const REMIND = "mutation($ids: [ID!]!) { remind_transaction(transaction_ids: $ids) { reminded people } }";

  it("sets a category on a whole selection, or on none when one row may not have it", async () => {
    const both = await gql<{ bulk_set_transaction_category: { updated: number } }>(BULK, scene.accountant.headers, {
      ids: [ids.mine, ids.theirs],
      category: ids.travel,
    });
    expect(both.data?.bulk_set_transaction_category.updated).toBe(2);
    const before = (await details(ids.mine))?.transaction.category?.id;
    // Risna is hidden from team `theirs`: the selection is refused whole, `mine` keeps its category.
    const refused = await gql(BULK, scene.accountant.headers, { ids: [ids.mine, ids.theirs], category: ids.hidden });
    expect(codeOf(refused)).toBe("CATEGORY_NOT_AVAILABLE");
    expect((await details(ids.mine))?.transaction.category?.id).toBe(before);
    const teamAdmin = await gql(BULK, scene.teamAdmin.headers, { ids: [ids.mine, ids.theirs], category: ids.travel });
    expect(codeOf(teamAdmin)).toBe("ACCESS_DENIED");
  });

  it("categorises a selection of 300 in as many statements as one of 3, with a rule proposed per merchant", async () => {
    const card = await scene.issue();
    const purchase = (merchantName: string) => ({
      id: randomUUID(),
      projectId: scene.project.id,
      cardId: card.id,
      userId: scene.user.id,
      teamId: scene.teams.mine.id,
      description: "Eldsneyti",
      merchantName,
      originalAmount: 9_000,
      originalCurrency: "ISK",
      transactionAmount: 9_000,
      transactionDate: new Date(),
      closedAt: new Date(),
    });
    // Merchant keys drop words of digits (store numbers), so the tag and the shops' names are letters only.
    const letters = (text: string) => text.replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)] ?? "");
    const tag = letters(randomUUID().slice(0, 8));
    const many = [
      ...Array.from({ length: 100 }, () => purchase(`Olís ${tag}`)),
      ...Array.from({ length: 100 }, () => purchase(`N1 ${tag}`)),
      ...Array.from({ length: 100 }, (_, i) => purchase(`Búð ${letters(String(i))} ${tag}`)),
    ];
    const few = [purchase(`Bónus ${tag}`), purchase(`Krónan ${tag}`), purchase(`Nettó ${tag}`)];
    await t.db.insert(transactions).values([...many, ...few]);
    const bulk = (rows: { id: string }[]) =>
      gql<{ bulk_set_transaction_category: { updated: number } }>(BULK, scene.accountant.headers, {
        ids: rows.map((row) => row.id),
        category: ids.travel,
      });

    const small = await countStatements(t.db.$client, () => bulk(few));
    let answer: Awaited<ReturnType<typeof bulk>> | undefined;
    const large = await countStatements(t.db.$client, async () => {
      answer = await bulk(many);
    });
    expect(answer?.errors).toBeUndefined();
    expect(answer?.data?.bulk_set_transaction_category.updated).toBe(300);
    // What a large selection adds is its two proposals (Olís and N1: the proposal, its audit, the deciders and a
    // notice to each), nothing per row; a statement per row would be 300 more.
    expect(large - small).toBeLessThanOrEqual(2 * 8);

    const set = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from transactions
       where id = any(${sql.param(many.map((row) => row.id))}::uuid[]) and category_id = ${ids.travel}`);
    expect(set.rows[0]?.n).toBe(300);
    const proposals = await t.db.execute<{ merchant_key: string }>(sql`
      select merchant_key from categorisation_proposals where merchant_key like ${`%${tag}`} order by merchant_key`);
    expect(proposals.rows.map((row) => row.merchant_key)).toEqual([`n1 ${tag}`, `olís ${tag}`]);
    const audits = await t.db.execute<{ with_proposal: number; all: number }>(sql`
      select count(*)::int as all, count(*) filter (where data ? 'rule_proposal_id')::int as with_proposal
        from audit_log where action = 'transaction.set-category'
         and object_id = any(${sql.param(many.map((row) => row.id))}::text[])`);
    expect(audits.rows[0]).toEqual({ all: 300, with_proposal: 2 });
  });

  it("e-mails each cardholder once for their selected purchases, through the outbox", async () => {
    const sent = await gql<{ remind_transaction: { reminded: number; people: number } }>(
      REMIND,
      scene.accountant.headers,
      { ids: [ids.mine, ids.theirs] },
    );
    expect(sent.errors, JSON.stringify(sent.errors)).toBeUndefined();
    expect(sent.data?.remind_transaction).toEqual({ reminded: 2, people: 2 });
    const mail = await t.db.execute<{ subject: string; body: string }>(
      sql`select subject, body from outbox where body like '%Icelandair%' order by created_at desc limit 2`,
    );
    expect(mail.rows.length).toBe(2);
    expect(mail.rows.every((row) => row.body.includes("45.000 kr."))).toBe(true);
    expect(codeOf(await gql(REMIND, scene.teamAdmin.headers, { ids: [ids.theirs] }))).toBe("ACCESS_DENIED");
    expect(codeOf(await gql(REMIND, scene.accountant.headers, { ids: [ids.foreign] }))).toBe("NOT_FOUND");
  });
});
