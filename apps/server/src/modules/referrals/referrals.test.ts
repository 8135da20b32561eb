import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { outbox, projects, referralCodes, referrals } from "../../platform/db/schema/index.ts";
import { microsecondsApart, walkPages } from "../../platform/db/testing/keyset-pages.ts";
import { runMigrationFile } from "../../platform/db/testing/migration-file.ts";
import { createProject } from "../../platform/http/testing/fixtures.ts";
import { callerIn } from "../platform/testing/platform-scene.ts";
import { codeOf, graphqlFor } from "../teams/teams.fixtures.ts";

/**
 * Referrals (spec 7, issue 16): a project owner invites another company by e-mail (an outbox mail with a sign-up
 * link carrying a code); the new company's owner redeems the code after sign-up; the referrer sees who joined. A
 * code is good once, for a new company that is not the referrer and was never referred; only owners take part.
 */

let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
beforeAll(async () => {
  t = await createTestApp({ env: { KORT_PUBLIC_URL: "https://kort.test" } });
  gql = graphqlFor(t);
});
afterAll(() => t.close());

const post = (headers: Record<string, string>, url: string, payload?: unknown) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { ...headers, "idempotency-key": crypto.randomUUID() },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const mailTo = async (email: string) => {
  const [message] = await t.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.createdAt));
  return message;
};

/** A referring company's owner sends a referral; answers the code the e-mail's link carries. */
const refer = async (headers: Record<string, string>, email: string): Promise<string> => {
  const response = await post(headers, "/v1/referrals", { email });
  expect(response.statusCode, response.body).toBe(201);
  const message = await mailTo(email);
  const link = /https:\/\/kort\.test\/onboarding\/create\?referral=([A-Za-z0-9_-]+)/.exec(message?.body ?? "");
  expect(link, message?.body).not.toBeNull();
  return link?.[1] ?? "";
};

const LIST = "{ referrals(first: 20) { nodes { email joined_company joined_at } next_cursor } }";
type List = { referrals: { nodes: { email: string; joined_company: string | null; joined_at: string | null }[] } };

const newCompany = async (title: string) => {
  const project = await createProject(t.db, { title });
  return { project, owner: await callerIn(t.db, project.id, "project_owner") };
};

describe("referrals", () => {
  it("page a microsecond apart without skipping one", async () => {
    const referrer = await newCompany("Síður ehf.");
    for (let i = 0; i < 4; i += 1) await refer(referrer.owner.headers, `sida-${i}-${crypto.randomUUID()}@nytt.is`);
    type Page = { referrals: { nodes: { id: string }[]; next_cursor: string | null } };
    const page = async (after: string | null, first = 2) => {
      const body = await gql<Page>(
        "query ($first: Int, $after: String) { referrals(first: $first, after: $after) { nodes { id } next_cursor } }",
        referrer.owner.headers,
        { first, after },
      );
      expect(body.errors).toBeUndefined();
      return body.data?.referrals ?? { nodes: [], next_cursor: null };
    };
    const ids = (await page(null, 20)).nodes.map((n) => n.id);
    expect(ids).toHaveLength(4);
    await microsecondsApart(t.db, "referrals", "created_at", ids);
    expect((await walkPages((after) => page(after))).nodes.map((n) => n.id)).toEqual(ids);
  });

  it("invite a company by e-mail; it redeems the code at sign-up and the referrer sees it joined", async () => {
    const referrer = await newCompany("Vísar ehf.");
    const email = `stjori-${crypto.randomUUID()}@nytt.is`;
    const code = await refer(referrer.owner.headers, email);
    const message = await mailTo(email);
    expect(message?.subject).toBe("Vísar ehf. býður ykkur að nota Kort");
    expect(message?.projectId).toBe(referrer.project.id);
    // Only the code's hash is stored.
    const stored = await t.db.select().from(referrals).where(eq(referrals.projectId, referrer.project.id));
    expect(JSON.stringify(stored)).not.toContain(code);

    const before = await gql<List>(LIST, referrer.owner.headers);
    expect(before.data?.referrals.nodes).toEqual([{ email, joined_company: null, joined_at: null }]);

    const joined = await newCompany("Nýliðinn hf.");
    const redeemed = await post(joined.owner.headers, `/v1/referrals/redeem/${code}`);
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json()).toMatchObject({ redeemed: true });

    // The code is a secret of the e-mail: the request log names the call, never the code.
    const logged = JSON.stringify(t.logs);
    expect(logged).toContain("/v1/referrals/redeem/[code]");
    expect(logged).not.toContain(code);

    const after = await gql<List>(LIST, referrer.owner.headers);
    expect(after.data?.referrals.nodes).toEqual([
      { email, joined_company: "Nýliðinn hf.", joined_at: expect.any(String) },
    ]);
    // The new company's list is its own: empty.
    expect((await gql<List>(LIST, joined.owner.headers)).data?.referrals.nodes).toEqual([]);
  });

  it("refuse a code nobody issued, an expired one, and a used one, each with its code", async () => {
    const referrer = await newCompany("Gamli ehf.");
    const a = await newCompany("Fyrsti ehf.");
    const b = await newCompany("Annar ehf.");

    const unknown = await post(a.owner.headers, `/v1/referrals/redeem/${"x".repeat(22)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("REFERRAL_CODE_INVALID");
    const malformed = await post(a.owner.headers, "/v1/referrals/redeem/%C3%BE");
    expect(malformed.json().error.code).toBe("REFERRAL_CODE_INVALID");

    const expiredEmail = `e-${crypto.randomUUID()}@nytt.is`;
    const expired = await refer(referrer.owner.headers, expiredEmail);
    await t.db
      .update(referrals)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(referrals.email, expiredEmail));
    expect((await post(a.owner.headers, `/v1/referrals/redeem/${expired}`)).json().error.code).toBe(
      "REFERRAL_CODE_INVALID",
    );

    const code = await refer(referrer.owner.headers, `u-${crypto.randomUUID()}@nytt.is`);
    expect((await post(a.owner.headers, `/v1/referrals/redeem/${code}`)).statusCode).toBe(200);
    const again = await post(b.owner.headers, `/v1/referrals/redeem/${code}`);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.code).toBe("REFERRAL_CODE_USED");
  });

  it("refuse the referrer's own company, a company referred already, and one that is not new", async () => {
    const referrer = await newCompany("Heima ehf.");
    const own = await refer(referrer.owner.headers, `o-${crypto.randomUUID()}@nytt.is`);
    const self = await post(referrer.owner.headers, `/v1/referrals/redeem/${own}`);
    expect(self.statusCode).toBe(422);
    expect(self.json().error).toMatchObject({ code: "REFERRAL_NOT_REDEEMABLE", details: { reason: "own_referral" } });

    const joined = await newCompany("Tvisvar ehf.");
    const first = await refer(referrer.owner.headers, `1-${crypto.randomUUID()}@nytt.is`);
    const second = await refer(referrer.owner.headers, `2-${crypto.randomUUID()}@nytt.is`);
    expect((await post(joined.owner.headers, `/v1/referrals/redeem/${first}`)).statusCode).toBe(200);
    const twice = await post(joined.owner.headers, `/v1/referrals/redeem/${second}`);
    expect(twice.json().error).toMatchObject({
      code: "REFERRAL_NOT_REDEEMABLE",
      details: { reason: "already_referred" },
    });

    const old = await newCompany("Rótgróið ehf.");
    await t.db
      .update(projects)
      .set({ createdAt: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000) })
      .where(eq(projects.id, old.project.id));
    const late = await post(old.owner.headers, `/v1/referrals/redeem/${second}`);
    expect(late.json().error).toMatchObject({ code: "REFERRAL_NOT_REDEEMABLE", details: { reason: "not_new" } });
  });

  it("are for project owners only, and check the e-mail", async () => {
    const referrer = await newCompany("Eigandi ehf.");
    const code = await refer(referrer.owner.headers, `p-${crypto.randomUUID()}@nytt.is`);
    const joining = await newCompany("Inn ehf.");
    for (const role of ["team_admin", "accountant", "user"] as const) {
      const caller = await callerIn(t.db, referrer.project.id, role);
      const sent = await post(caller.headers, "/v1/referrals", { email: `${role}-${crypto.randomUUID()}@nytt.is` });
      expect(sent.statusCode, role).toBe(403);
      expect(codeOf(await gql(LIST, caller.headers)), role).toBe("ACCESS_DENIED");
      const member = await callerIn(t.db, joining.project.id, role);
      expect((await post(member.headers, `/v1/referrals/redeem/${code}`)).statusCode, role).toBe(403);
    }
    const bad = await post(referrer.owner.headers, "/v1/referrals", { email: "ekki-netfang" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.code).toBe("EMAIL_ADDRESS_INVALID");
    const missing = await post(referrer.owner.headers, "/v1/referrals", {});
    expect(missing.statusCode).toBe(422);
    // Nobody signed in: no referral.
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/v1/referrals",
      headers: { "idempotency-key": crypto.randomUUID() },
      payload: { email: "a@b.is" },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("find a code's referral through the code directory, and refer a company once under a burst of its codes", async () => {
    const referrer = await newCompany("Skrá ehf.");
    const joined = await newCompany("Hraður ehf.");
    const codes = await Promise.all(
      Array.from({ length: 4 }, (_, n) => refer(referrer.owner.headers, `b${n}-${crypto.randomUUID()}@nytt.is`)),
    );

    // The company's row alone refuses: the unique index of the referred companies went in migration 0043.
    // Without its entry a code is unknown: the redemption reads the directory, not the referrals.
    const [first] = await t.db.select().from(referrals).where(eq(referrals.projectId, referrer.project.id));
    if (!first) throw new Error("no referral");
    await t.db.delete(referralCodes).where(eq(referralCodes.referralId, first.id));
    const answers = await Promise.all(codes.map((code) => post(joined.owner.headers, `/v1/referrals/redeem/${code}`)));
    const outcomes = answers.map((answer) => (answer.statusCode === 200 ? "redeemed" : answer.json().error.code));
    // The code whose entry is gone is invalid; of the other three, one is redeemed and two are refused.
    expect(outcomes.filter((outcome) => outcome === "REFERRAL_CODE_INVALID")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "redeemed")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "REFERRAL_NOT_REDEEMABLE")).toHaveLength(2);
    const [company] = await t.db
      .select({ referredAt: projects.referredAt })
      .from(projects)
      .where(eq(projects.id, joined.project.id));
    expect(company?.referredAt).toBeInstanceOf(Date);
  });

  it("migration 0039 enters the referrals and the referred companies made before it", async () => {
    const referrer = await newCompany("Fyrr ehf.");
    const joined = await newCompany("Áður ehf.");
    const used = await refer(referrer.owner.headers, `f-${crypto.randomUUID()}@nytt.is`);
    const open = await refer(referrer.owner.headers, `g-${crypto.randomUUID()}@nytt.is`);
    expect((await post(joined.owner.headers, `/v1/referrals/redeem/${used}`)).statusCode).toBe(200);
    // The database as the release before left it: no directory, no referred_at.
    await t.db.execute(sql`
      drop table referral_codes;
      drop function kort_keep_referral_codes cascade;
      drop function kort_referral_key_unchanged cascade;
      alter table projects drop column referred_at`);
    await runMigrationFile(t.db, "0039_referral_directory");
    const { rows } = await t.db.$client.query<{ missing: number; stray: number }>(
      `select
         (select count(*)::int from (select code_hash, project_id, id from referrals
            except select code_hash, project_id, referral_id from referral_codes) m) as missing,
         (select count(*)::int from (select code_hash, project_id, referral_id from referral_codes
            except select code_hash, project_id, id from referrals) s) as stray`,
    );
    expect(rows[0]).toEqual({ missing: 0, stray: 0 });
    const referred = await t.db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, joined.project.id), sql`referred_at is not null`));
    expect(referred).toHaveLength(1);
    // The company referred before is referred still; the open code is good for another new company.
    const twice = await post(joined.owner.headers, `/v1/referrals/redeem/${open}`);
    expect(twice.json().error).toMatchObject({ details: { reason: "already_referred" } });
    const other = await newCompany("Síðar ehf.");
    expect((await post(other.owner.headers, `/v1/referrals/redeem/${open}`)).statusCode).toBe(200);
  });
});
