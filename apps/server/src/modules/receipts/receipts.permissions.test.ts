import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { receipts } from "../../platform/db/schema/index.ts";
import type { SceneRole } from "../teams/teams.fixtures.ts";
import { codeOf as gqlCode, graphqlFor } from "../teams/teams.fixtures.ts";
import { createReceiptsScene, type ErrorJson, type ReceiptJson, type ReceiptsScene } from "./testing/receipts-scene.ts";

/**
 * Who may add, see and remove receipts (spec 6, `transaction manage-receipts` and `read`), asked with the
 * transaction loaded from the database: owner and accountant the whole company; a team admin their teams'; an
 * employee their own; nobody another company's (NOT_FOUND, whatever X-Project-Id says).
 */

let s: ReceiptsScene;
type Purchase = keyof ReceiptsScene["purchases"];
/** One receipt on each purchase, added by its owner's side, for the read and remove checks. */
const existing = {} as Record<Purchase, ReceiptJson>;

beforeAll(async () => {
  s = await createReceiptsScene();
  const by: Record<Purchase, Record<string, string>> = {
    employee: s.scene.user.headers,
    teamAdmin: s.scene.teamAdmin.headers,
    theirs: s.scene.owner.headers,
    foreign: s.scene.foreignOwner.headers,
  };
  for (const purchase of Object.keys(by) as Purchase[]) {
    const response = await s.upload(by[purchase], s.purchases[purchase], {
      field: "file",
      fileName: "k.pdf",
      data: s.files.pdf,
    });
    expect(response.statusCode, response.body).toBe(201);
    existing[purchase] = response.json<ReceiptJson>();
  }
});
afterAll(() => s.t.close());

const headersOf = (role: SceneRole) => s.scene[role].headers;
const codeOf = (response: { statusCode: number; json: () => unknown }) =>
  response.statusCode < 300 ? "OK" : (response.json() as ErrorJson).error.code;

/** What each role gets, per purchase: the employee's, the team admin's own (both team mine), the owner's (theirs). */
const EXPECTED: Record<SceneRole, Record<Purchase, string>> = {
  owner: { employee: "OK", teamAdmin: "OK", theirs: "OK", foreign: "NOT_FOUND" },
  accountant: { employee: "OK", teamAdmin: "OK", theirs: "OK", foreign: "NOT_FOUND" },
  teamAdmin: { employee: "OK", teamAdmin: "OK", theirs: "ACCESS_DENIED", foreign: "NOT_FOUND" },
  otherTeamAdmin: { employee: "ACCESS_DENIED", teamAdmin: "ACCESS_DENIED", theirs: "OK", foreign: "NOT_FOUND" },
  user: { employee: "OK", teamAdmin: "ACCESS_DENIED", theirs: "ACCESS_DENIED", foreign: "NOT_FOUND" },
};
const cases = (Object.keys(EXPECTED) as SceneRole[]).flatMap((role) =>
  (Object.keys(EXPECTED[role]) as Purchase[]).map((purchase) => ({
    role,
    purchase,
    expected: EXPECTED[role][purchase],
  })),
);

describe("receipt permissions", () => {
  it.each(cases)("$role adding to the $purchase purchase: $expected", async ({ role, purchase, expected }) => {
    const response = await s.upload(headersOf(role), s.purchases[purchase], {
      field: "file",
      fileName: "k.pdf",
      data: s.files.pdf,
    });
    expect(codeOf(response), response.body).toBe(expected);
    // Refused before the file was read: the connection closes rather than drain an upload nobody wants.
    expect(response.headers.connection === "close").toBe(expected !== "OK");
  });

  it.each(cases)("$role listing the $purchase purchase's receipts: $expected", async ({ role, purchase, expected }) => {
    const rest = await s.t.app.inject({
      method: "GET",
      url: `/v1/transactions/${s.purchases[purchase]}/receipts`,
      headers: headersOf(role),
    });
    expect(codeOf(rest)).toBe(expected);
    const gql = await graphqlFor(s.t)<{ receipts: { id: string }[] }>(
      "query($id: ID!) { receipts(transaction_id: $id) { id url } }",
      headersOf(role),
      { id: s.purchases[purchase] },
    );
    expect(gqlCode(gql) ?? "OK").toBe(expected);
    if (expected === "OK") expect(gql.data?.receipts.map((r) => r.id)).toContain(existing[purchase].id);
    const one = await graphqlFor(s.t)("query($id: ID!) { receipt(id: $id) { id } }", headersOf(role), {
      id: existing[purchase].id,
    });
    expect(gqlCode(one) ?? "OK").toBe(expected);
  });

  it.each(cases.filter((c) => c.expected !== "OK"))(
    "$role removing a receipt of the $purchase purchase: $expected, and it stays",
    async ({ role, purchase, expected }) => {
      const receipt = existing[purchase];
      const rest = await s.t.app.inject({
        method: "DELETE",
        url: `/v1/receipts/${receipt.id}`,
        headers: headersOf(role),
      });
      expect(codeOf(rest)).toBe(expected);
      const gql = await graphqlFor(s.t)("mutation($ids: [ID!]!) { remove_receipts(ids: $ids) }", headersOf(role), {
        ids: [receipt.id],
      });
      expect(gqlCode(gql)).toBe(expected);
      expect((await s.t.app.inject({ method: "GET", url: receipt.url })).statusCode).toBe(200);
    },
  );

  it("lets an employee remove their own receipt and a team admin one of their team's", async () => {
    for (const [role, purchase] of [
      ["user", "employee"],
      ["teamAdmin", "employee"],
    ] as const) {
      const added = await s.upload(headersOf(role), s.purchases[purchase], {
        field: "file",
        fileName: "k.pdf",
        data: s.files.pdf,
      });
      const id = added.json<ReceiptJson>().id;
      const removed = await s.t.app.inject({ method: "DELETE", url: `/v1/receipts/${id}`, headers: headersOf(role) });
      expect(removed.json(), role).toEqual({ id });
    }
  });

  it("gives an unmatched receipt to its sender and the whole-company roles only", async () => {
    const [row] = await s.t.db
      .insert(receipts)
      .values({
        projectId: s.scene.project.id,
        transactionId: null,
        userId: s.scene.user.id,
        fileName: "úr pósti.pdf",
        fileSize: s.files.pdf.length,
        fileType: "application/pdf",
        blobKey: `receipts/${s.scene.project.id}/unmatched`,
      })
      .returning({ id: receipts.id });
    const read = async (role: SceneRole) =>
      codeOf(await s.t.app.inject({ method: "GET", url: `/v1/receipts/${row?.id}`, headers: headersOf(role) }));
    expect(await read("user")).toBe("OK");
    expect(await read("accountant")).toBe("OK");
    expect(await read("owner")).toBe("OK");
    expect(await read("teamAdmin")).toBe("ACCESS_DENIED");
  });
});
