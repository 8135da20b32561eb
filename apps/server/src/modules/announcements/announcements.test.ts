import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { users } from "../../platform/db/schema/index.ts";
import { microsecondsApart, walkPages } from "../../platform/db/testing/keyset-pages.ts";
import { createProject } from "../../platform/http/testing/fixtures.ts";
import { callerIn, platformOwner } from "../platform/testing/platform-scene.ts";
import { codeOf, graphqlFor } from "../teams/teams.fixtures.ts";

/**
 * Announcements (issue 16): platform owners publish to every company or one, in one language or both; members list
 * what is addressed to them and acknowledge it once; nobody else may publish.
 */

let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
beforeAll(async () => {
  t = await createTestApp();
  gql = graphqlFor(t);
});
afterAll(() => t.close());

const PUBLISH = `mutation ($input: PublishAnnouncementInput!) {
  publish_announcement(input: $input) { id title locale }
}`;
const LIST = `query ($unacknowledged_only: Boolean) {
  announcements(unacknowledged_only: $unacknowledged_only) { nodes { id title acknowledged_at } next_cursor }
}`;
type ListBody = { announcements: { nodes: { id: string; title: string; acknowledged_at: string | null }[] } };

const publish = async (headers: Record<string, string>, input: Record<string, unknown>) =>
  gql<{ publish_announcement: { id: string } }>(PUBLISH, headers, { input });

describe("announcements", () => {
  it("reach the companies and languages they are addressed to, and are acknowledged once", async () => {
    const owner = await platformOwner(t.db);
    const mine = await createProject(t.db);
    const other = await createProject(t.db);
    const reader = await callerIn(t.db, mine.id, "user");
    const english = await callerIn(t.db, mine.id, "accountant");
    await t.db.update(users).set({ locale: "en-US" }).where(eq(users.id, english.id));
    const outsider = await callerIn(t.db, other.id, "project_owner");

    const all = await publish(owner.headers, { title: `Öllum ${mine.id}`, body: "Nýtt í Kort." });
    const toMine = await publish(owner.headers, { title: `Okkar ${mine.id}`, body: "B", project_id: mine.id });
    const icelandic = await publish(owner.headers, { title: `Íslenska ${mine.id}`, body: "C", locale: "is-IS" });
    for (const body of [all, toMine, icelandic]) expect(body.errors).toBeUndefined();

    const titlesOf = async (headers: Record<string, string>, unacknowledgedOnly = false) => {
      const body = await gql<ListBody>(LIST, headers, { unacknowledged_only: unacknowledgedOnly });
      return (body.data?.announcements.nodes ?? []).map((n) => n.title).filter((title) => title.includes(mine.id));
    };
    expect(await titlesOf(reader.headers)).toEqual([`Íslenska ${mine.id}`, `Okkar ${mine.id}`, `Öllum ${mine.id}`]);
    expect(await titlesOf(english.headers)).toEqual([`Okkar ${mine.id}`, `Öllum ${mine.id}`]);
    // Another company's reader (Icelandic) sees what goes to every company, not what went to this one.
    expect(await titlesOf(outsider.headers)).toEqual([`Íslenska ${mine.id}`, `Öllum ${mine.id}`]);

    // The employee app acknowledges over REST; again answers the first time.
    const id = toMine.data?.publish_announcement.id ?? "";
    const ack = () =>
      t.app.inject({
        method: "POST",
        url: `/v1/announcements/${id}/ack`,
        headers: { ...reader.headers, "idempotency-key": crypto.randomUUID() },
      });
    const first = await ack();
    expect(first.statusCode, first.body).toBe(200);
    const second = await ack();
    expect(second.json()).toEqual(first.json());
    expect(await titlesOf(reader.headers, true)).toEqual([`Íslenska ${mine.id}`, `Öllum ${mine.id}`]);

    const listed = await t.app.inject({ method: "GET", url: "/v1/announcements?first=1", headers: reader.headers });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({ nodes: [{ title: `Íslenska ${mine.id}` }], next_cursor: expect.any(String) });

    // One addressed to another company cannot be acknowledged by an outsider: it does not exist for them.
    const foreign = await gql("mutation ($id: ID!) { acknowledge_announcement(id: $id) }", outsider.headers, { id });
    expect(codeOf(foreign)).toBe("NOT_FOUND");
  });

  it("page by cursor, none skipped a microsecond apart", async () => {
    const owner = await platformOwner(t.db);
    const mine = await createProject(t.db);
    const reader = await callerIn(t.db, mine.id, "user");
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const body = await publish(owner.headers, { title: `Síða ${i}`, body: "B", project_id: mine.id });
      expect(body.errors).toBeUndefined();
      ids.push(body.data?.publish_announcement.id ?? "");
    }
    // Newest first: the last published is ids[0] once they are a microsecond apart.
    await microsecondsApart(t.db, "announcements", "published_at", ids.reverse());
    const page = async (after: string | null, first = 2) => {
      const body = await gql<{ announcements: { nodes: { id: string }[]; next_cursor: string | null } }>(
        "query ($first: Int, $after: String) { announcements(first: $first, after: $after) { nodes { id } next_cursor } }",
        reader.headers,
        { first, after },
      );
      expect(body.errors).toBeUndefined();
      return body.data?.announcements ?? { nodes: [], next_cursor: null };
    };
    const all = (await page(null, 50)).nodes.map((node) => node.id);
    expect(all.filter((id) => ids.includes(id))).toEqual(ids);
    expect((await walkPages((after) => page(after), 50)).nodes.map((node) => node.id)).toEqual(all);
  });

  it("may be published by platform owners only, and checks what they publish", async () => {
    const project = await createProject(t.db);
    const companyOwner = await callerIn(t.db, project.id, "project_owner");
    expect(codeOf(await publish(companyOwner.headers, { title: "X", body: "Y" }))).toBe("ACCESS_DENIED");

    const owner = await platformOwner(t.db);
    expect(codeOf(await publish(owner.headers, { title: " ", body: "Y" }))).toBe("VALIDATION_FAILED");
    expect(codeOf(await publish(owner.headers, { title: "X", body: "Y", url: "javascript:alert(1)" }))).toBe(
      "VALIDATION_FAILED",
    );
    expect(codeOf(await publish(owner.headers, { title: "X", body: "Y", locale: "de-DE" }))).toBe("VALIDATION_FAILED");
    expect(codeOf(await publish(owner.headers, { title: "X", body: "Y", expires_at: "2001-01-01T00:00:00Z" }))).toBe(
      "VALIDATION_FAILED",
    );
    expect(codeOf(await publish(owner.headers, { title: "X", body: "Y", project_id: crypto.randomUUID() }))).toBe(
      "PROJECT_NOT_FOUND",
    );
  });
});
