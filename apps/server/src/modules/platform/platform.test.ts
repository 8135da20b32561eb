import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../app/testing/test-app.ts";
import { auditLog, projects, users } from "../../platform/db/schema/index.ts";
import { createProject } from "../../platform/http/testing/fixtures.ts";
import { client, uniqueEmail, uniquePhone } from "../auth/testing/auth-fixtures.ts";
import { createCardsTestApp } from "../cards/testing/cards-scene.ts";
import { randomKennitala } from "../onboarding/testing/kennitala.ts";
import { complete, readyCompanySignUp } from "../onboarding/testing/sign-up.ts";
import { codeOf, graphqlFor } from "../teams/teams.fixtures.ts";
import { type Caller, callerIn, operatorProject, platformOwner } from "./testing/platform-scene.ts";

let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
beforeAll(async () => {
  t = (await createCardsTestApp()).t;
  gql = graphqlFor(t);
});
afterAll(async () => {
  await t.close();
});

const PENDING = `query($after: String, $limit: Int) { pending_companies(after: $after, limit: $limit) {
  nodes { id title kennitala created_at owner { user_id full_name email } } next_cursor } }`;
const APPROVE = `mutation($p: ID!, $c: Float!) { approve_company(project_id: $p, credit_limit: $c) {
  id approval_status credit_limit enabled } }`;
const REJECT = "mutation($p: ID!) { reject_company(project_id: $p) { id approval_status enabled } }";
const LOCKED = "query($e: String) { locked_users(email: $e) { user_id email locked locked_permanently locked_until } }";
const REAPPROVE = "mutation($u: ID!) { reapprove_user(user_id: $u) { user_id locked } }";
const CREATE_CARD = `mutation($input: CreateCardInput!) { create_employee_card(input: $input) { id status } }`;
const PROJECTS = "{ projects { id approval_status enabled } }";

type Pending = {
  pending_companies: {
    nodes: { id: string; title: string; kennitala: string; owner: { email: string } | null }[];
    next_cursor: string | null;
  };
};

/** A company signed up through the sign-up API, as a stranger would: its owner's headers and its id. */
const signUpCompany = async (name = `Nýtt ${randomUUID().slice(0, 6)} ehf.`) => {
  const send = client(t.app);
  const kennitala = randomKennitala("company");
  const email = uniqueEmail("stofnandi");
  const done = await complete(
    send,
    await readyCompanySignUp(send, t.db, { name, kennitala }, { email, phone: uniquePhone() }),
  );
  const [owner] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const headers = { authorization: `Bearer ${done.token}`, "x-project-id": done.project_id };
  return { id: done.project_id, name, kennitala, email, ownerId: owner?.id ?? "", headers };
};

const cardFor = (company: { ownerId: string }) => ({
  input: {
    cardholder_id: company.ownerId,
    description: "Fyrsta kortið",
    limits: [{ sum_amount: 50_000, period: "MONTHLY" }],
  },
});

const projectRow = async (id: string) => (await t.db.select().from(projects).where(eq(projects.id, id)))[0];

const lastAudit = async (objectId: string, action: string) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, objectId), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.createdAt))
      .limit(1)
  )[0];

/** Every page of the waiting list, following next_cursor. */
const allPending = async (caller: Caller, limit: number) => {
  const nodes: Pending["pending_companies"]["nodes"] = [];
  let after: string | null = null;
  for (;;) {
    const body: { data?: Pending | null; errors?: unknown } = await gql<Pending>(PENDING, caller.headers, {
      after,
      limit,
    });
    expect(body.errors).toBeUndefined();
    const page: Pending["pending_companies"] | undefined = body.data?.pending_companies;
    nodes.push(...(page?.nodes ?? []));
    after = page?.next_cursor ?? null;
    if (!after) return nodes;
  }
};

describe("a new company", () => {
  it("starts pending with no credit, cannot issue cards, and is on the waiting list with its owner", async () => {
    const company = await signUpCompany();
    expect(await projectRow(company.id)).toMatchObject({ approvalStatus: "pending", creditLimit: 0, enabled: true });
    const own = await gql<{ projects: { id: string; approval_status: string }[] }>(PROJECTS, company.headers);
    expect(own.data?.projects).toEqual([{ id: company.id, approval_status: "pending", enabled: true }]);

    const refused = await gql(CREATE_CARD, company.headers, cardFor(company));
    expect(codeOf(refused)).toBe("PROJECT_NOT_APPROVED");

    const admin = await platformOwner(t.db);
    const waiting = await allPending(admin, 2);
    expect(waiting.find((node) => node.id === company.id)).toMatchObject({
      title: company.name,
      kennitala: company.kennitala.replace("-", ""),
      owner: { email: company.email },
    });
    // Keyset pages never repeat or skip a company.
    expect(new Set(waiting.map((node) => node.id)).size).toBe(waiting.length);
    expect((await allPending(admin, 100)).map((node) => node.id)).toEqual(waiting.map((node) => node.id));
  });

  it("refuses a cursor that is not one", async () => {
    const admin = await platformOwner(t.db);
    expect(codeOf(await gql(PENDING, admin.headers, { after: "not-a-cursor" }))).toBe("VALIDATION_FAILED");
    expect(codeOf(await gql(PENDING, admin.headers, { limit: 101 }))).toBe("VALIDATION_FAILED");
  });
});

describe("approving", () => {
  it("sets the credit limit, enables issuing, audits, and takes the company off the waiting list", async () => {
    const company = await signUpCompany();
    const admin = await platformOwner(t.db);
    const body = await gql(APPROVE, admin.headers, { p: company.id, c: 2_500_000 });
    expect(body.data).toEqual({
      approve_company: { id: company.id, approval_status: "approved", credit_limit: "2500000", enabled: true },
    });
    expect(await projectRow(company.id)).toMatchObject({ creditLimit: 2_500_000, decidedBy: admin.id });
    expect(await lastAudit(company.id, "platform.company.approved")).toMatchObject({
      actorUserId: admin.id,
      projectId: company.id,
      data: expect.objectContaining({ from: "pending", credit_limit: { from: 0, to: 2_500_000 } }),
    });
    expect((await allPending(admin, 100)).map((node) => node.id)).not.toContain(company.id);

    const card = await gql<{ create_employee_card: { status: string } }>(
      CREATE_CARD,
      company.headers,
      cardFor(company),
    );
    expect(card.errors).toBeUndefined();
    expect(card.data?.create_employee_card.status).toBe("ACTIVE");

    expect(codeOf(await gql(APPROVE, admin.headers, { p: company.id, c: 1 }))).toBe("CONFLICT");
  });

  it("takes whole kronur only, up to 12 digits, and answers NOT_FOUND for no such company", async () => {
    const company = await signUpCompany();
    const admin = await platformOwner(t.db);
    for (const c of [-1, 1.5, 1_000_000_000_000]) {
      expect(codeOf(await gql(APPROVE, admin.headers, { p: company.id, c }))).toBe("VALIDATION_FAILED");
    }
    expect(codeOf(await gql(APPROVE, admin.headers, { p: randomUUID(), c: 1 }))).toBe("NOT_FOUND");
    expect(await projectRow(company.id)).toMatchObject({ approvalStatus: "pending", creditLimit: 0 });
  });

  it("never loses a decision when an approve and a reject race on one company", async () => {
    for (let round = 0; round < 3; round += 1) {
      const company = await signUpCompany();
      const [first, second] = [await platformOwner(t.db), await platformOwner(t.db)];
      const [approve, reject] = await Promise.all([
        gql(APPROVE, first.headers, { p: company.id, c: 100_000 }),
        gql(REJECT, second.headers, { p: company.id }),
      ]);
      const row = await projectRow(company.id);
      // They take turns on the project row. Approve first: the reject finds an approved company (CONFLICT).
      // Reject first: the approve undoes it (rejected -> approved is allowed), so both succeed and it is approved.
      expect(approve?.errors).toBeUndefined();
      if (reject?.errors) {
        expect(codeOf(reject)).toBe("CONFLICT");
      }
      expect(row).toMatchObject({ approvalStatus: "approved", creditLimit: 100_000, enabled: true });
    }
  });
});

describe("rejecting", () => {
  it("disables the company: its owner reaches none of its data and sees it rejected", async () => {
    const company = await signUpCompany();
    const admin = await platformOwner(t.db);
    const body = await gql(REJECT, admin.headers, { p: company.id });
    expect(body.data).toEqual({ reject_company: { id: company.id, approval_status: "rejected", enabled: false } });
    expect(await lastAudit(company.id, "platform.company.rejected")).toMatchObject({ actorUserId: admin.id });
    const own = await gql(PROJECTS, company.headers);
    expect(own.data).toEqual({ projects: [{ id: company.id, approval_status: "rejected", enabled: false }] });
    expect(codeOf(await gql(CREATE_CARD, company.headers, cardFor(company)))).toBe("PROJECT_NOT_FOUND");
    expect(codeOf(await gql(REJECT, admin.headers, { p: company.id }))).toBe("CONFLICT");
    // A sign-up with the rejected company's kennitala is still refused: the company exists.
    const again = await client(t.app)({
      method: "POST",
      url: "/v1/onboarding",
      payload: { email: uniqueEmail(), company: { name: company.name, kennitala: company.kennitala } },
    });
    expect(again.json<{ error: { code: string } }>().error.code).toBe("COMPANY_ALREADY_REGISTERED");
  });

  it("never rejects an approved company", async () => {
    const project = await createProject(t.db);
    const admin = await platformOwner(t.db);
    expect(codeOf(await gql(REJECT, admin.headers, { p: project.id }))).toBe("CONFLICT");
    expect(await projectRow(project.id)).toMatchObject({ approvalStatus: "approved", enabled: true });
  });
});

describe("reapproving a locked user", () => {
  it("lists people locked out of sign-in by e-mail and unlocks them, audited", async () => {
    const admin = await platformOwner(t.db);
    const company = await signUpCompany();
    const until = new Date(Date.now() + 10 * 60_000);
    await t.db.update(users).set({ lockedPermanently: true }).where(eq(users.id, company.ownerId));
    const temporary = await signUpCompany();
    await t.db.update(users).set({ lockedUntil: until }).where(eq(users.id, temporary.ownerId));

    type Locked = { locked_users: { user_id: string; locked: boolean; locked_permanently: boolean }[] };
    const found = await gql<Locked>(LOCKED, admin.headers, { e: company.email.slice(0, 30).toUpperCase() });
    expect(found.data?.locked_users).toEqual([
      expect.objectContaining({ user_id: company.ownerId, locked: true, locked_permanently: true }),
    ]);
    const all = await gql<Locked>(LOCKED, admin.headers, {});
    expect(all.data?.locked_users.map((user) => user.user_id)).toEqual(
      expect.arrayContaining([company.ownerId, temporary.ownerId]),
    );
    // A `%` is a letter, not a pattern that matches everyone.
    expect((await gql<Locked>(LOCKED, admin.headers, { e: "%" })).data?.locked_users).toEqual([]);

    const body = await gql(REAPPROVE, admin.headers, { u: company.ownerId });
    expect(body.data).toEqual({ reapprove_user: { user_id: company.ownerId, locked: false } });
    const [row] = await t.db.select().from(users).where(eq(users.id, company.ownerId));
    expect(row).toMatchObject({ lockedPermanently: false, lockedUntil: null, failedPasscodeAttempts: 0 });
    expect(await lastAudit(company.ownerId, "auth.user.unlocked")).toMatchObject({
      actorUserId: admin.id,
      projectId: await operatorProject(t.db),
    });
    const after = await gql<Locked>(LOCKED, admin.headers, { e: company.email });
    expect(after.data?.locked_users).toEqual([]);
    expect(codeOf(await gql(REAPPROVE, admin.headers, { u: randomUUID() }))).toBe("NOT_FOUND");
  });
});

describe("who may use the console", () => {
  const operations = (projectId: string, userId: string) =>
    [
      [PENDING, {}],
      [LOCKED, {}],
      [APPROVE, { p: projectId, c: 1_000 }],
      [REJECT, { p: projectId }],
      [REAPPROVE, { u: userId }],
    ] as const;

  it.each(["project_owner", "team_admin", "accountant", "user"] as const)(
    "refuses a %s of a company every console operation, and changes nothing",
    async (role) => {
      const company = await signUpCompany();
      const caller = await callerIn(t.db, company.id, role);
      await t.db.update(users).set({ lockedPermanently: true }).where(eq(users.id, company.ownerId));
      for (const [query, variables] of operations(company.id, company.ownerId)) {
        expect(codeOf(await gql(query, caller.headers, variables)), query).toBe("ACCESS_DENIED");
      }
      expect(await projectRow(company.id)).toMatchObject({ approvalStatus: "pending", creditLimit: 0 });
      const [owner] = await t.db.select().from(users).where(eq(users.id, company.ownerId));
      expect(owner?.lockedPermanently).toBe(true);
    },
  );

  it("refuses other roles in the operator's own project, and a platform_owner of any other project", async () => {
    const company = await signUpCompany();
    const operator = await operatorProject(t.db);
    const strangers = [
      await callerIn(t.db, operator, "project_owner"),
      await callerIn(t.db, operator, "accountant"),
      await callerIn(t.db, (await createProject(t.db)).id, "platform_owner"),
    ];
    for (const caller of strangers) {
      for (const [query, variables] of operations(company.id, company.ownerId)) {
        expect(codeOf(await gql(query, caller.headers, variables)), query).toBe("ACCESS_DENIED");
      }
    }
  });

  it("refuses callers who are not signed in, or send no project", async () => {
    const company = await signUpCompany();
    const admin = await platformOwner(t.db);
    const { authorization } = admin.headers;
    for (const [query, variables] of operations(company.id, company.ownerId)) {
      expect(codeOf(await gql(query, {}, variables))).toBe("UNAUTHENTICATED");
      expect(codeOf(await gql(query, { authorization: "Bearer nope" }, variables))).toBe("UNAUTHENTICATED");
      expect(codeOf(await gql(query, { authorization: authorization ?? "" }, variables))).toBe("BAD_REQUEST");
    }
    expect(await projectRow(company.id)).toMatchObject({ approvalStatus: "pending" });
  });
});
