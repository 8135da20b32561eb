import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { categories, teams } from "../../platform/db/schema/index.ts";
import { codeOf, createTeamsScene, graphqlFor, type TeamsScene } from "../teams/teams.fixtures.ts";

let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
beforeAll(async () => {
  t = await createTestApp();
  gql = graphqlFor(t);
});
afterAll(async () => {
  await t.close();
});

type Page = { categories: { count: number; nodes: { title: string; group: string }[] } };
const LIST = `query($group: CategoryGroup, $s: String, $page: Int, $limit: Int) {
  categories(group: $group, search: $s, page: $page, limit: $limit) { count nodes { id title code group enabled } } }`;

const titles = (body: { data?: Page | null }) => body.data?.categories.nodes.map((n) => n.title);

/** The scene's company with a chart of three categories (one archived) and a category for the team `mine`. */
const withChart = async (scene: TeamsScene) => {
  const rows = await t.db
    .insert(categories)
    .values([
      { projectId: scene.project.id, title: "Veitingar", code: "4330" },
      { projectId: scene.project.id, title: "Ferðakostnaður", code: "4410" },
      { projectId: scene.project.id, title: "Áskriftir", code: "4600" },
      { projectId: scene.project.id, title: "Gamalt", code: "9999", deletedAt: new Date() },
      { projectId: scene.project.id, title: "Sala", code: "4010", group: "Team" },
      { projectId: scene.other.id, title: "Annars", code: "1000" },
    ])
    .returning({ id: categories.id, title: categories.title });
  const id = (title: string) => rows.find((row) => row.title === title)?.id ?? "";
  await t.db
    .update(teams)
    .set({ categoryId: id("Sala") })
    .where(eq(teams.id, scene.teams.mine.id));
  return id;
};

describe("categories", () => {
  it("lists the company's live categories in Icelandic order, filtered and paged", async () => {
    const scene = await createTeamsScene(t.db);
    await withChart(scene);
    const all = await gql<Page>(LIST, scene.accountant.headers);
    expect(titles(all)).toEqual(["Áskriftir", "Ferðakostnaður", "Sala", "Veitingar"]);
    expect(all.data?.categories.count).toBe(4);
    expect(titles(await gql<Page>(LIST, scene.owner.headers, { group: "Team" }))).toEqual(["Sala"]);
    expect(titles(await gql<Page>(LIST, scene.owner.headers, { s: "433" }))).toEqual(["Veitingar"]);
    const second = await gql<Page>(LIST, scene.owner.headers, { page: 2, limit: 3 });
    expect(titles(second)).toEqual(["Veitingar"]);
    expect(second.data?.categories.count).toBe(4);
    expect(codeOf(await gql(LIST, scene.owner.headers, { limit: 201 }))).toBe("VALIDATION_FAILED");
  });

  it("lists team members the categories their teams use (category read in team scope)", async () => {
    const scene = await createTeamsScene(t.db);
    const id = await withChart(scene);
    expect(titles(await gql<Page>(LIST, scene.teamAdmin.headers))).toEqual([
      "Áskriftir",
      "Ferðakostnaður",
      "Sala",
      "Veitingar",
    ]);
    const choose = await gql(
      "mutation($id: ID!, $ids: [ID!]) { set_team_visible_categories(team_id: $id, all_categories_visible: false, category_ids: $ids) { id } }",
      scene.owner.headers,
      { id: scene.teams.mine.id, ids: [id("Veitingar")] },
    );
    expect(choose.errors).toBeUndefined();
    expect(titles(await gql<Page>(LIST, scene.user.headers))).toEqual(["Sala", "Veitingar"]);
    // The admin of another team whose team sees all categories sees the chart, not the other team's category.
    expect(titles(await gql<Page>(LIST, scene.otherTeamAdmin.headers))).toEqual([
      "Áskriftir",
      "Ferðakostnaður",
      "Veitingar",
    ]);
  });
});
