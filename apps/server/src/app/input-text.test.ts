import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeOf, createTeamsScene, graphqlFor, type TeamsScene } from "../modules/teams/teams.fixtures.ts";
import { teams, users } from "../platform/db/schema/index.ts";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

/**
 * Issue 9, point 6: a NUL byte, a control character or half a surrogate pair in any string of any request is the
 * sender's 422 with a code, never the database's 500; accepted text is stored in NFC.
 */

let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
let scene: TeamsScene;
beforeAll(async () => {
  t = await createTestApp();
  gql = graphqlFor(t);
  scene = await createTeamsScene(t.db);
});
afterAll(async () => {
  await t.close();
});

const BAD = {
  nul: "Sala\u0000",
  escape: "Sala\u001b[31m",
  c1: "Sala\u0085",
  del: "Sala\u007f",
  loneHigh: "Sala\ud800",
  loneLow: "\udc00Sala",
  reversedPair: "Sala\udc00\ud800",
};

const validationIssue = (details: unknown) => (details as { issues: { message: string }[] }).issues[0]?.message;

describe("the shared text rule on every request", () => {
  const operations: [string, string, (text: string) => Record<string, unknown>][] = [
    ["create_team name", 'mutation($n: String) { create_team(name: $n, account_code: "4010") { id } }', (n) => ({ n })],
    [
      "create_employee_card description",
      "mutation($i: CreateCardInput!) { create_employee_card(input: $i) { id } }",
      (n) => ({
        i: { cardholder_id: scene.user.id, description: n, limits: [{ period: "MONTHLY", sum_amount: 1000 }] },
      }),
    ],
    ["cards search", "query($n: String) { cards(filter: { description: $n }) { total_count } }", (n) => ({ n })],
    ["users search", "query($n: String) { users(search: $n) { total_count } }", (n) => ({ n })],
    ["categories search", "query($n: String) { categories(search: $n) { count } }", (n) => ({ n })],
    [
      "send_project_invite email",
      'mutation($n: String!) { send_project_invite(email: $n, role_name: "user") }',
      (n) => ({ n: `${n}@test.kort.is` }),
    ],
  ];

  for (const [name, query, variables] of operations) {
    it(`refuses bad text in ${name} with 422 VALIDATION_FAILED`, async () => {
      for (const [kind, text] of Object.entries(BAD)) {
        const response = await t.app.inject({
          method: "POST",
          url: "/graphql",
          headers: scene.owner.headers,
          payload: { query, variables: variables(text) },
        });
        const body = response.json<{ errors?: { extensions?: { code?: string; details?: unknown } }[] }>();
        expect([response.statusCode, body.errors?.[0]?.extensions?.code], `${name} ${kind}`).toEqual([
          422,
          "VALIDATION_FAILED",
        ]);
        expect(validationIssue(body.errors?.[0]?.extensions?.details)).toBe("validation.text");
      }
    });
  }

  it("refuses bad text written into the document itself, every time the document is sent", async () => {
    for (const escaped of ["\\u0000", "\\u0007", "\\u009f"]) {
      // The second request gets the parse cache's document: it must be checked again, not remembered as checked.
      for (const attempt of [1, 2]) {
        const body = await gql(`query { users(search: "Jón${escaped}") { total_count } }`, scene.owner.headers);
        expect(codeOf(body), `${escaped} attempt ${attempt}`).toBe("VALIDATION_FAILED");
      }
    }
    // graphql-js' own lexer refuses half a surrogate pair as a syntax error: coded too.
    const lone = await gql('query { users(search: "Jón\\ud800") { total_count } }', scene.owner.headers);
    expect(codeOf(lone)).toBe("BAD_REQUEST");
  });

  it("refuses bad text in REST bodies and query strings, and in object keys", async () => {
    for (const text of Object.values(BAD)) {
      const response = await t.app.inject({
        method: "PATCH",
        url: "/v1/users/current",
        headers: { authorization: scene.owner.headers.authorization ?? "" },
        payload: { full_name: text },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
    }
    const key = await t.app.inject({
      method: "PATCH",
      url: "/v1/users/current",
      headers: { authorization: scene.owner.headers.authorization ?? "" },
      payload: { "full\u0000name": "Jón" },
    });
    expect(key.statusCode).toBe(422);
    const query = await t.app.inject({ method: "GET", url: "/v1/dev/outbox?to=%00" });
    expect(query.statusCode).toBe(422);
  });

  it("refuses nesting deeper than any call takes, without walking it", async () => {
    const deep = `{"full_name":${"[".repeat(5_000)}"x"${"]".repeat(5_000)}}`;
    const response = await t.app.inject({
      method: "PATCH",
      url: "/v1/users/current",
      headers: { authorization: scene.owner.headers.authorization ?? "", "content-type": "application/json" },
      payload: deep,
    });
    expect(response.statusCode).toBe(422);
  });

  it("stores accepted text in NFC: a decomposed á is the same letter as a composed one", async () => {
    const decomposed = `Sa\u0301la ${Date.now()}`;
    const body = await gql<{ create_team: { id: string } }>(
      'mutation($n: String) { create_team(name: $n, account_code: "4011") { id } }',
      scene.owner.headers,
      { n: decomposed },
    );
    const id = body.data?.create_team.id ?? "";
    const [team] = await t.db.select({ name: teams.name }).from(teams).where(eq(teams.id, id));
    expect(team?.name).toBe(decomposed.normalize("NFC"));
    expect(team?.name).toMatch(/^Sála /);

    const response = await t.app.inject({
      method: "PATCH",
      url: "/v1/users/current",
      headers: { authorization: scene.owner.headers.authorization ?? "" },
      payload: { full_name: "Jo\u0301n Jo\u0301nsson" },
    });
    expect(response.statusCode).toBe(200);
    const [user] = await t.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, scene.owner.id));
    expect(user?.fullName).toBe("Jón Jónsson");
  });
});
