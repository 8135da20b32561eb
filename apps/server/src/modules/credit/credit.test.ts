import { billingPeriodOf, nextBillingPeriod } from "@kort/core";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { auditLog, outbox, projects } from "../../platform/db/schema/index.ts";
import { microsecondsApart, walkPages } from "../../platform/db/testing/keyset-pages.ts";
import { addMember, createToken, createUser } from "../../platform/http/testing/fixtures.ts";
import { randomKennitala } from "../onboarding/testing/kennitala.ts";
import { accountBalance } from "../processor/balance.service.ts";
import { createProcessorScene, testCardKey } from "../processor/testing/processor-scene.ts";
import { codeOf, graphqlFor } from "../teams/teams.fixtures.ts";

/**
 * Credit (issue 16): a deposit from the company's own bank account raises available credit for the period once it
 * is initiated, and the card processor's decision sees it; a parent's or subsidiary's account is refused with its
 * reason; a credit limit change request is e-mailed to the credit desk through the outbox.
 */

const key = testCardKey();
const NETWORK_KEY = "test-network-key-0123456789";
let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
beforeAll(async () => {
  t = await createTestApp({ env: { KORT_CARD_KEY: key.toString("base64"), KORT_NETWORK_KEY: NETWORK_KEY } });
  gql = graphqlFor(t);
});
afterAll(() => t.close());

const network = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url, payload, headers: { "x-network-key": NETWORK_KEY } });

const purchase = (card: { pan: string; expirationMonth: number; expirationYear: number }, amount: number) => ({
  pan: card.pan,
  expiry_month: card.expirationMonth,
  expiry_year: card.expirationYear,
  amount,
  currency: "ISK",
  merchant_name: "Kaffitár",
  mcc: "5814",
  merchant_country: "IS",
});

/** A company with 10.000 kr. of credit, its owner signed in, an accountant, and a card whose own limit is far above. */
const scene = async () => {
  const s = await createProcessorScene(t.db, { creditLimit: 10_000, now: () => new Date(), key });
  const card = await s.issue({ sumAmount: 1_000_000 });
  // A valid company kennitala of its own (the fixtures' are random digits), so the deposit rules have one to compare.
  const kennitala = randomKennitala("company").replace("-", "");
  await t.db.update(projects).set({ kennitala }).where(eq(projects.id, s.project.id));
  const owner = { authorization: `Bearer ${await createToken(t.db, s.owner.id)}`, "x-project-id": s.project.id };
  const accountantUser = await createUser(t.db, "Bókari Prófsson");
  await addMember(t.db, s.project.id, accountantUser.id, "accountant");
  const accountant = {
    authorization: `Bearer ${await createToken(t.db, accountantUser.id)}`,
    "x-project-id": s.project.id,
  };
  return { ...s, card, kennitala, owner, accountant };
};

const rest = (method: "GET" | "POST", url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...headers, ...(method === "POST" ? { "idempotency-key": crypto.randomUUID() } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const deposit = (kennitala: string, overrides: Record<string, unknown> = {}) => ({
  type: "COMPANY_DEPOSIT",
  amount: 10_000,
  bank_account: "0133-26-012345",
  account_holder: "COMPANY",
  holder_kennitala: kennitala,
  ...overrides,
});

const BALANCE = "{ account_balance { credit_limit used reserved deposited available } }";

describe("a transfer", () => {
  it("raises available credit once initiated, and the card processor approves what it declined before", async () => {
    const s = await scene();
    expect((await network("/v1/network/authorizations", purchase(s.card, 8_000))).json()).toMatchObject({
      approved: true,
    });
    const short = (await network("/v1/network/authorizations", purchase(s.card, 5_000))).json();
    expect(short).toMatchObject({ approved: false, decline_code: "INSUFFICIENT_CREDIT" });

    const types = await rest("GET", "/v1/transfers/types", s.owner);
    expect(types.statusCode).toBe(200);
    expect(types.json()).toEqual([expect.objectContaining({ type: "COMPANY_DEPOSIT" })]);

    const created = await rest(
      "POST",
      "/v1/transfers",
      s.owner,
      deposit(s.kennitala, { bank_account: "013326012345" }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const transfer = created.json() as { id: string; status: string; bank_account: string; amount: number };
    expect(transfer).toMatchObject({ status: "created", bank_account: "0133-26-012345", amount: 10_000 });

    // Created is not yet money: nothing moves until it is initiated.
    const before = await gql<{ account_balance: Record<string, string | number> }>(BALANCE, s.owner);
    expect(before.data?.account_balance).toMatchObject({ reserved: 8_000, deposited: "0", available: "2000" });
    expect((await network("/v1/network/authorizations", purchase(s.card, 5_000))).json()).toMatchObject({
      approved: false,
    });

    const initiated = await rest("POST", `/v1/transfers/${transfer.id}/initiate`, s.owner);
    expect(initiated.statusCode, initiated.body).toBe(200);
    expect(initiated.json()).toMatchObject({ status: "initiated" });
    const after = await gql<{ account_balance: Record<string, string | number> }>(BALANCE, s.owner);
    expect(after.data?.account_balance).toMatchObject({ deposited: "10000", available: "12000" });
    expect((await network("/v1/network/authorizations", purchase(s.card, 5_000))).json()).toMatchObject({
      approved: true,
    });

    // Once only, however often it is sent.
    const again = await rest("POST", `/v1/transfers/${transfer.id}/initiate`, s.owner);
    expect([again.statusCode, again.json().error?.code]).toEqual([400, "TRANSFER_ALREADY_INITIATED"]);

    // The running row equals its recomputation from the transfers, and counts in this period only.
    const stored = await t.db.execute(sql`select project_id, period_start, deposited from credit_deposits
      where project_id = ${s.project.id} except select * from kort_credit_deposits_from_transfers(${s.project.id})`);
    expect(stored.rows).toEqual([]);
    const now = new Date();
    expect((await accountBalance(t.db, s.project.id, now)).deposited).toBe(10_000);
    expect((await accountBalance(t.db, s.project.id, nextBillingPeriod(billingPeriodOf(now)).from)).deposited).toBe(0);

    const audited = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.objectId, transfer.id));
    expect(audited.map((row) => row.action).sort()).toEqual(["transfer.create", "transfer.initiate"]);
  });

  it("initiates once when two requests race", async () => {
    const s = await scene();
    const transfer = (await rest("POST", "/v1/transfers", s.owner, deposit(s.kennitala))).json() as { id: string };
    const answers = await Promise.all([
      rest("POST", `/v1/transfers/${transfer.id}/initiate`, s.owner),
      rest("POST", `/v1/transfers/${transfer.id}/initiate`, s.owner),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect((await accountBalance(t.db, s.project.id, new Date())).deposited).toBe(10_000);
  });

  it("refuses a parent's or a subsidiary's account with the reason, and another kennitala's", async () => {
    const s = await scene();
    for (const holder of ["PARENT", "SUBSIDIARY"]) {
      const refused = await rest("POST", "/v1/transfers", s.owner, deposit(s.kennitala, { account_holder: holder }));
      expect([refused.statusCode, refused.json().error?.code]).toEqual([422, "TRANSFER_RELATED_COMPANY_ACCOUNT"]);
    }
    let another = randomKennitala("company");
    while (another.replace("-", "") === s.kennitala) another = randomKennitala("company");
    const other = await rest("POST", "/v1/transfers", s.owner, deposit(another));
    expect([other.statusCode, other.json().error?.code]).toEqual([422, "TRANSFER_ACCOUNT_NOT_COMPANY_OWNED"]);
    // Written with its dash, the company's own is its own.
    const own = await rest(
      "POST",
      "/v1/transfers",
      s.owner,
      deposit(`${s.kennitala.slice(0, 6)}-${s.kennitala.slice(6)}`),
    );
    expect(own.statusCode).toBe(201);
  });

  it("refuses a bank account that is not 4 + 2 + 6 digits, and bad amounts, with codes, never a 500", async () => {
    const s = await scene();
    for (const bank_account of ["0133-26-01234", "0133-26-0123456", "abcd-26-012345", ""]) {
      const refused = await rest("POST", "/v1/transfers", s.owner, deposit(s.kennitala, { bank_account }));
      expect([refused.statusCode, refused.json().error?.code], bank_account).toEqual([422, "BANK_ACCOUNT_INVALID"]);
    }
    for (const amount of [0, -5, 1.5, "1000", 10_000_000_000]) {
      const refused = await rest("POST", "/v1/transfers", s.owner, deposit(s.kennitala, { amount }));
      expect([refused.statusCode, refused.json().error?.code], String(amount)).toEqual([422, "VALIDATION_FAILED"]);
    }
    const badKennitala = await rest("POST", "/v1/transfers", s.owner, deposit("1234567890"));
    expect(badKennitala.json().error?.code).toBe("VALIDATION_FAILED");
    expect((await rest("POST", "/v1/transfers/not-an-id/initiate", s.owner)).statusCode).toBe(404);
  });

  it("is the owner's: an accountant reads the balance but may not transfer; another company's transfer is not found", async () => {
    const s = await scene();
    expect((await gql(BALANCE, s.accountant)).errors).toBeUndefined();
    const denied = await rest("POST", "/v1/transfers", s.accountant, deposit(s.kennitala));
    expect([denied.statusCode, denied.json().error?.code]).toEqual([403, "ACCESS_DENIED"]);
    expect((await rest("GET", "/v1/transfers/types", s.accountant)).statusCode).toBe(403);

    const transfer = (await rest("POST", "/v1/transfers", s.owner, deposit(s.kennitala))).json() as { id: string };
    const other = await scene();
    const foreign = await rest("POST", `/v1/transfers/${transfer.id}/initiate`, other.owner);
    expect(foreign.statusCode).toBe(404);
    expect((await accountBalance(t.db, s.project.id, new Date())).deposited).toBe(0);
  });
});

describe("the dashboard's transfer calls", () => {
  it("create, initiate and list the company's transfers by cursor over GraphQL", async () => {
    const s = await scene();
    const ids: string[] = [];
    for (const amount of [1_000, 2_000, 3_000, 4_000]) {
      const created = await gql<{ create_transfer: { id: string; amount: string; status: string } }>(
        `mutation ($input: CreateTransferInput!) { create_transfer(input: $input) { id amount status } }`,
        s.owner,
        { input: { amount, bank_account: "0133-26-012345", account_holder: "COMPANY", holder_kennitala: s.kennitala } },
      );
      expect(created.errors).toBeUndefined();
      expect(created.data?.create_transfer).toMatchObject({ amount: String(amount), status: "created" });
      ids.push(created.data?.create_transfer.id ?? "");
    }
    const initiated = await gql<{ initiate_transfer: { status: string } }>(
      "mutation ($id: ID!) { initiate_transfer(id: $id) { status } }",
      s.owner,
      { id: ids[1] },
    );
    expect(initiated.data?.initiate_transfer.status).toBe("initiated");
    const LIST = "query ($after: String) { transfers(first: 2, after: $after) { nodes { id status } next_cursor } }";
    type Page = { transfers: { nodes: { id: string; status: string }[]; next_cursor: string | null } };
    const page = async (after: string | null) => {
      const body = await gql<Page>(LIST, s.owner, { after });
      expect(body.errors).toBeUndefined();
      return body.data?.transfers ?? { nodes: [], next_cursor: null };
    };
    const { nodes: listed, pages } = await walkPages(page);
    expect(pages).toBe(2);
    expect(listed.map((node) => node.id).sort()).toEqual([...ids].sort());
    expect(listed.filter((node) => node.status === "initiated").map((node) => node.id)).toEqual([ids[1]]);
    // Transfers a microsecond apart: none falls between two pages.
    const newestFirst = listed.map((node) => node.id);
    await microsecondsApart(t.db, "transfers", "created_at", newestFirst);
    expect((await walkPages(page)).nodes.map((node) => node.id)).toEqual(newestFirst);
    expect((await accountBalance(t.db, s.project.id, new Date())).deposited).toBe(2_000);
    expect(codeOf(await gql(LIST, s.accountant, {}))).toBe("ACCESS_DENIED");
  });
});

describe("a credit limit change request", () => {
  it("is e-mailed to the provider's credit staff through the outbox, and audited", async () => {
    const s = await scene();
    const body = await gql<{ request_credit_limit_change: string }>(
      `mutation { request_credit_limit_change(requested_limit: 2500000, message: "Vöxtur í haust") }`,
      s.owner,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.request_credit_limit_change).toBe("lanalina@kort.is");
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(sql`${outbox.projectId} = ${s.project.id} and ${outbox.to} = 'lanalina@kort.is'`);
    expect(mail?.body).toContain("2.500.000 kr.");
    expect(mail?.body).toContain("10.000 kr.");
    expect(mail?.body).toContain("Vöxtur í haust");

    const refused = await gql(`mutation { request_credit_limit_change(requested_limit: -1) }`, s.owner);
    expect(codeOf(refused)).toBe("VALIDATION_FAILED");
    const denied = await gql(`mutation { request_credit_limit_change(requested_limit: 1) }`, s.accountant);
    expect(codeOf(denied)).toBe("ACCESS_DENIED");
  });
});
