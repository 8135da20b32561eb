import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
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
import { type CardsScene, createCardsScene, createCardsTestApp } from "../cards/testing/cards-scene.ts";
import { restFor } from "../funding-sources/testing/funding-scene.ts";
import { chartFixtures } from "./testing/chart-fixtures.ts";

/**
 * Spec 7's REST calls on transactions for the employee app: `PATCH /v1/transactions/{id}` (the categorise form's
 * one save, all or nothing), the same change through a card (`PATCH /v1/funding_sources/{id}/transactions/{tid}`),
 * `GET /v1/transactions/todo`, `GET /v1/transactions/categories` and the list's `sort`.
 */

let t: TestApp;
let scene: CardsScene;
let rest: ReturnType<typeof restFor>;
const ids = {} as Record<
  "travel" | "hidden" | "disabled" | "teamCategory" | "project" | "vat" | "vatOff" | "mineCard" | "foreign",
  string
>;
const values = { a: "", b: "" };
type ErrorJson = { error: { code: string } };
type Details = {
  category: { id: string } | null;
  tax_category_id: string | null;
  comments: string | null;
  sub_categories: { value_id: string }[];
};

/** A settled purchase of the employee (team `mine`) unless told otherwise. */
const purchase = async (extra: Partial<typeof transactions.$inferInsert> = {}) => {
  const id = randomUUID();
  await t.db.insert(transactions).values({
    id,
    projectId: scene.project.id,
    cardId: ids.mineCard,
    userId: scene.user.id,
    teamId: scene.teams.mine.id,
    description: "Flug",
    merchantName: "Icelandair",
    originalAmount: 45_000,
    originalCurrency: "ISK",
    transactionAmount: 45_000,
    transactionDate: new Date(),
    closedAt: new Date(),
    ...extra,
  });
  return id;
};

const patch = (caller: { headers: Record<string, string> }, id: string, body: object) =>
  rest(caller, "PATCH", `/v1/transactions/${id}`, body);

beforeAll(async () => {
  const app = await createCardsTestApp();
  t = app.t;
  rest = restFor(t);
  scene = await createCardsScene(t.db, app.key);
  const projectId = scene.project.id;
  const { category, dimension, value: dimensionValue, tax } = chartFixtures(t.db, projectId);
  ids.travel = await category("Ferðir");
  ids.hidden = await category("Risna");
  ids.disabled = await category("Gamalt", { enabled: false });
  ids.teamCategory = await category("Sala", { group: "Team" });
  ids.project = await dimension("Verkefni");
  values.a = await dimensionValue(ids.project, "Verkefni A");
  values.b = await dimensionValue(ids.project, "Verkefni B");
  await t.db.insert(categoryDimensions).values({ projectId, categoryId: ids.travel, dimensionId: ids.project });
  ids.vat = await tax("VSK24", true);
  ids.vatOff = await tax("VSK-gamalt", false);
  // Team `theirs` sees only the travel category.
  await t.db.update(teams).set({ allCategoriesVisible: false }).where(eq(teams.id, scene.teams.theirs.id));
  await t.db.insert(teamVisibleCategories).values({ projectId, teamId: scene.teams.theirs.id, categoryId: ids.travel });
  ids.mineCard = (await scene.issue()).id;
  const foreignCard = await scene.issue({
    projectId: scene.other.id,
    teamId: scene.teams.foreign.id,
    cardholderId: scene.foreignOwner.id,
  });
  ids.foreign = await purchase({
    projectId: scene.other.id,
    cardId: foreignCard.id,
    userId: scene.foreignOwner.id,
    teamId: scene.teams.foreign.id,
  });
});
afterAll(() => t.close());

describe("PATCH /v1/transactions/{id}", () => {
  it("saves category, dimension value, tax category and comment in one call, audited per field", async () => {
    const id = await purchase();
    const response = await patch(scene.user, id, {
      category_id: ids.travel,
      subcategory_ids: [values.a],
      tax_category_id: ids.vat,
      comment: "  Fundur með Marel  ",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Details>()).toMatchObject({
      id,
      category: { id: ids.travel },
      tax_category_id: ids.vat,
      comments: "Fundur með Marel",
      sub_categories: [{ value_id: values.a, value_title: "Verkefni A" }],
    });
    const audits = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.objectId, id));
    expect(audits.map((row) => row.action).sort()).toEqual([
      "transaction.set-category",
      "transaction.set-comment",
      "transaction.set-tax-category",
    ]);
  });

  it("saves nothing when one field is refused: a new category stays unsaved beside a disabled tax category", async () => {
    const id = await purchase();
    const refused = await patch(scene.user, id, { category_id: ids.travel, tax_category_id: ids.vatOff, comment: "x" });
    expect(refused.json<ErrorJson>().error.code).toBe("TAX_CATEGORY_NOT_AVAILABLE");
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, id));
    expect(row).toMatchObject({ categoryId: null, taxCategoryId: null, comments: null });
  });

  it("refuses what the dashboard refuses: a disabled, a Team, or a hidden category, and stray dimension values", async () => {
    const mine = await purchase();
    for (const category of [ids.disabled, ids.teamCategory]) {
      const response = await patch(scene.user, mine, { category_id: category });
      expect(response.json<ErrorJson>().error.code).toBe("CATEGORY_NOT_AVAILABLE");
    }
    const twice = await patch(scene.user, mine, { category_id: ids.travel, subcategory_ids: [values.a, values.b] });
    expect(twice.json<ErrorJson>().error.code).toBe("DIMENSION_VALUE_NOT_AVAILABLE");
    const theirs = await purchase({ userId: scene.owner.id, teamId: scene.teams.theirs.id });
    const hidden = await patch(scene.owner, theirs, { category_id: ids.hidden });
    expect(hidden.json<ErrorJson>().error.code).toBe("CATEGORY_NOT_AVAILABLE");
  });

  it("clears the category with its values, and keeps the values when only the comment changes", async () => {
    const id = await purchase();
    await patch(scene.user, id, { category_id: ids.travel, subcategory_ids: [values.b] });
    const commented = await patch(scene.user, id, { comment: "Hótel" });
    expect(commented.json<Details>().sub_categories.map((v) => v.value_id)).toEqual([values.b]);
    const cleared = await patch(scene.user, id, { category_id: null, comment: "" });
    expect(cleared.json<Details>()).toMatchObject({ category: null, comments: null, sub_categories: [] });
    const left = await t.db
      .select()
      .from(transactionDimensionValues)
      .where(eq(transactionDimensionValues.transactionId, id));
    expect(left).toEqual([]);
  });

  it("lets an employee change their own purchases only; another company's is NOT_FOUND", async () => {
    const owners = await purchase({ userId: scene.owner.id });
    const denied = await patch(scene.user, owners, { comment: "Mitt?" });
    expect(denied.statusCode).toBe(403);
    const foreign = await patch(scene.owner, ids.foreign, { comment: "Okkar?" });
    expect(foreign.statusCode).toBe(404);
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, owners));
    expect(row?.comments).toBeNull();
  });

  it("answers 422 for bodies that say nothing, or too much", async () => {
    const id = await purchase();
    const bad = [
      {},
      { note: "x" },
      { subcategory_ids: [values.a] },
      { comment: "x".repeat(1001) },
      { category_id: "not-an-id" },
      { tax_category_id: 7 },
    ];
    for (const body of bad) expect((await patch(scene.user, id, body)).statusCode, JSON.stringify(body)).toBe(422);
    expect((await patch(scene.user, "nope", { comment: "x" })).statusCode).toBe(422);
  });
});

describe("PATCH through the card", () => {
  const onCard = (cardId: string, id: string, body: object) =>
    rest(scene.user, "PATCH", `/v1/funding_sources/${cardId}/transactions/${id}`, body);

  it("applies the same rules and replaces the old category's dimension values", async () => {
    const id = await purchase();
    await patch(scene.user, id, { category_id: ids.travel, subcategory_ids: [values.a] });
    const moved = await onCard(ids.mineCard, id, { category_id: ids.hidden });
    expect(moved.statusCode, moved.body).toBe(200);
    const left = await t.db
      .select()
      .from(transactionDimensionValues)
      .where(eq(transactionDimensionValues.transactionId, id));
    expect(left).toEqual([]);
    const teamCategory = await onCard(ids.mineCard, id, { category_id: ids.teamCategory });
    expect(teamCategory.json<ErrorJson>().error.code).toBe("CATEGORY_NOT_AVAILABLE");
  });

  it("finds only the card's own transactions", async () => {
    const otherCard = (await scene.issue()).id;
    const id = await purchase({ cardId: otherCard });
    expect((await onCard(ids.mineCard, id, { comment: "x" })).statusCode).toBe(404);
    expect((await onCard(otherCard, id, { comment: "x" })).statusCode).toBe(200);
  });
});

describe("the employee app's lists", () => {
  type Page = { nodes: { id: string; transaction_amount: number }[]; next_cursor: string | null };

  it("lists on /todo the caller's purchases that still need a category or a receipt, and not the done ones", async () => {
    const { user } = scene;
    const due = new Date(Date.now() - 40 * 86_400_000);
    const done = await purchase({ categoryId: ids.travel, receiptCount: 1, transactionDate: due });
    const noCategory = await purchase({ receiptCount: 1, transactionDate: due });
    const noReceipt = await purchase({ categoryId: ids.travel, transactionDate: due });
    const todo = (query = "") => rest(user, "GET", `/v1/transactions/todo?limit=200${query}`);
    const listed = (await todo()).json<Page>().nodes.map((node) => node.id);
    expect(listed).toEqual(expect.arrayContaining([noCategory, noReceipt]));
    expect(listed).not.toContain(done);
    const categoryOnly = (await todo("&todo=MissingCategory")).json<Page>().nodes.map((node) => node.id);
    expect(categoryOnly).toContain(noCategory);
    expect(categoryOnly).not.toContain(noReceipt);
    const ownerTodo = (await rest(scene.owner, "GET", "/v1/transactions/todo")).json<Page>().nodes;
    expect(ownerTodo.map((node) => node.id)).not.toContain(noCategory);
  });

  it("sorts the caller's purchases by amount when asked, and refuses an unknown sort", async () => {
    for (const amount of [500, 90_000, 7_000]) await purchase({ transactionAmount: amount, originalAmount: amount });
    const page = await rest(scene.user, "GET", "/v1/transactions?sort=AMOUNT_DESC&limit=200");
    const amounts = page.json<Page>().nodes.map((node) => node.transaction_amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect((await rest(scene.user, "GET", "/v1/transactions?sort=MERCHANT")).statusCode).toBe(422);
  });

  it("offers on /categories the enabled Default categories the caller's team may use", async () => {
    type Categories = { nodes: { id: string }[]; count: number };
    const offered = (await rest(scene.user, "GET", "/v1/transactions/categories")).json<Categories>();
    const shown = offered.nodes.map((node) => node.id);
    expect(shown).toEqual(expect.arrayContaining([ids.travel, ids.hidden]));
    for (const id of [ids.disabled, ids.teamCategory]) expect(shown).not.toContain(id);
    const searched = (await rest(scene.user, "GET", "/v1/transactions/categories?search=Risn")).json<Categories>();
    expect(searched.nodes.map((node) => node.id)).toEqual([ids.hidden]);
  });
});

describe("the audit of a refused change", () => {
  it("writes nothing", async () => {
    const id = await purchase();
    await patch(scene.user, id, { category_id: ids.disabled, comment: "x" });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, id), eq(auditLog.objectType, "transaction")));
    expect(audits).toEqual([]);
  });
});
