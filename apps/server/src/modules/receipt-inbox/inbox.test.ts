import { randomInt } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import nodemailer from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, projects, receipts, transactions, users } from "../../platform/db/schema/index.ts";
import { microsecondsApart, walkPages } from "../../platform/db/testing/keyset-pages.ts";
import { type SmtpListener, startSmtpListener } from "../../platform/mail/smtp-listener.ts";
import { createReceiptsScene, multipart, type ReceiptsScene } from "../receipts/testing/receipts-scene.ts";
import { graphqlFor } from "../teams/teams.fixtures.ts";
import { receiptsMailHandler } from "./inbox.mail.ts";

/**
 * Receipts by e-mail (issue 12), end to end on the server: real SMTP into Kort's listener and the relays' endpoint,
 * the sender check, automatic matches with their reason, suggestions confirmed and rejected, repeats stored once.
 */

let s: ReceiptsScene;
let smtp: SmtpListener;
let address: string;
let emailOf: (userId: string) => Promise<string>;
let graphql: ReturnType<typeof graphqlFor>;

beforeAll(async () => {
  s = await createReceiptsScene();
  smtp = await startSmtpListener({
    host: "127.0.0.1",
    port: 0,
    portExplicit: true,
    maxBytes: 5 * 1024 * 1024,
    logger: s.t.logger,
    handler: receiptsMailHandler(s.t.deps, s.t.logger),
  });
  const [project] = await s.t.db
    .select({ mailbox: projects.receiptsMailbox })
    .from(projects)
    .where(eq(projects.id, s.scene.project.id));
  address = `${project?.mailbox}@${s.t.deps.config.inboundMail.domain}`;
  emailOf = async (userId) => {
    const [user] = await s.t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) throw new Error("No such user");
    return user.email;
  };
  graphql = graphqlFor(s.t);
});
afterAll(async () => {
  await smtp.stop();
  await s.t.close();
});

const transport = () =>
  nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true });

type Mail = {
  from: string;
  to?: string;
  subject?: string;
  text: string;
  attachments?: { filename: string; content: Buffer }[];
};

const send = (mail: Mail) =>
  transport().sendMail({ to: address, subject: "Kvittun", ...mail, attachments: mail.attachments ?? [] });

/** A purchase of the employee with an amount no other test uses, `daysAgo` days before now. */
const purchase = async (options: { amount?: number; daysAgo?: number; merchant?: string; holderId?: string } = {}) => {
  const amount = options.amount ?? randomInt(10_000, 9_000_000);
  const card = await s.scene.issue({ cardholderId: options.holderId ?? s.scene.user.id });
  const date = new Date(s.clock.now().getTime() - (options.daysAgo ?? 0) * 86_400_000);
  const [row] = await s.t.db
    .insert(transactions)
    .values({
      projectId: s.scene.project.id,
      cardId: card.id,
      userId: options.holderId ?? s.scene.user.id,
      teamId: s.scene.teams.mine.id,
      description: "Kaup",
      merchantName: options.merchant ?? "Krónan Granda",
      originalAmount: amount,
      originalCurrency: "ISK",
      transactionAmount: amount,
      transactionDate: date,
      closedAt: date,
    })
    .returning({ id: transactions.id });
  if (!row) throw new Error("No transaction");
  return { id: row.id, amount };
};

/** `4.590 kr.` and `21.11.2026` as an Icelandic receipt writes them. */
const kronur = (amount: number) => `${amount.toLocaleString("de-DE")} kr.`;
const day = (date: Date) =>
  `${String(date.getUTCDate()).padStart(2, "0")}.${String(date.getUTCMonth() + 1).padStart(2, "0")}.${date.getUTCFullYear()}`;

/** A receipt picture no other test sends (the company keeps one copy of a file). */
const uniquePng = () => Buffer.concat([s.files.png, Buffer.from(`kort-${randomInt(1e9)}`)]);

const receiptsOf = (transactionId: string) =>
  s.t.db
    .select()
    .from(receipts)
    .where(and(eq(receipts.transactionId, transactionId), isNull(receipts.deletedAt)));

const waitingFrom = (userId: string) =>
  s.t.db
    .select()
    .from(receipts)
    .where(and(eq(receipts.userId, userId), isNull(receipts.transactionId), isNull(receipts.deletedAt)));

describe("receipts e-mailed over SMTP", () => {
  it("attaches the receipt to the sender's one purchase with its amount and date, and records why", async () => {
    const bought = await purchase({ daysAgo: 1 });
    await send({
      from: await emailOf(s.scene.user.id),
      text: `Takk fyrir viðskiptin.\nSamtals ${kronur(bought.amount)}\nDags. ${day(s.clock.now())}`,
      attachments: [{ filename: "kvittun.png", content: uniquePng() }],
    });
    const [receipt] = await receiptsOf(bought.id);
    expect(receipt).toMatchObject({
      source: "email",
      userId: s.scene.user.id,
      fileType: "image/png",
      matchedBy: { amount: bought.amount, currency: "ISK", date: s.clock.now().toISOString().slice(0, 10) },
    });
    const [ledgerRow] = await s.t.db
      .select({ count: transactions.receiptCount })
      .from(transactions)
      .where(eq(transactions.id, bought.id));
    expect(ledgerRow?.count).toBe(1);

    const body = await graphql<{ receipts: { matched_by: unknown; source: string }[] }>(
      "query ($id: ID!) { receipts(transaction_id: $id) { source matched_by { amount currency date } } }",
      s.scene.accountant.headers,
      { id: bought.id },
    );
    expect(body.data?.receipts).toEqual([
      {
        source: "email",
        matched_by: { amount: bought.amount, currency: "ISK", date: s.clock.now().toISOString().slice(0, 10) },
      },
    ]);
  });

  it("refuses mail from someone who is not a user of the company, stores nothing and logs no address", async () => {
    const before = await s.t.db.select().from(receipts).where(eq(receipts.projectId, s.scene.project.id));
    const sending = send({
      from: "svindl@example.com",
      text: "Samtals 4.590 kr.",
      attachments: [{ filename: "kvittun.png", content: uniquePng() }],
    });
    await expect(sending).rejects.toMatchObject({ responseCode: 550 });
    const after = await s.t.db.select().from(receipts).where(eq(receipts.projectId, s.scene.project.id));
    expect(after.length).toBe(before.length);
    const refusal = s.t.logs.find((line) => line.code === "RECEIPT_SENDER_UNKNOWN");
    expect(refusal).toBeDefined();
    expect(JSON.stringify(s.t.logs)).not.toContain("svindl@example.com");
  });

  it("refuses a member of another company, and an address no company has at RCPT TO", async () => {
    await expect(
      send({
        from: await emailOf(s.scene.foreignOwner.id),
        text: "Samtals 4.590 kr.",
        attachments: [{ filename: "kvittun.png", content: uniquePng() }],
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      send({
        from: await emailOf(s.scene.user.id),
        to: `enginn@${s.t.deps.config.inboundMail.domain}`,
        text: "Samtals 4.590 kr.",
        attachments: [{ filename: "kvittun.png", content: uniquePng() }],
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
  });

  it("refuses an e-mail without a receipt file", async () => {
    await expect(send({ from: await emailOf(s.scene.user.id), text: "Gleymdi viðhenginu" })).rejects.toMatchObject({
      responseCode: 550,
    });
  });

  it("stores a receipt e-mailed twice once, even when both arrive at once", async () => {
    const bought = await purchase({ daysAgo: 2 });
    const mail: Mail = {
      from: await emailOf(s.scene.user.id),
      text: `Samtals ${kronur(bought.amount)} ${day(s.clock.now())}`,
      attachments: [{ filename: "kvittun.png", content: uniquePng() }],
    };
    await Promise.all([send(mail), send(mail), send(mail)]);
    await send(mail);
    expect(await receiptsOf(bought.id)).toHaveLength(1);
  });
});

describe("suggestions and the waiting list", () => {
  it("suggests when two purchases fit, and a person confirms one and rejects the other for good", async () => {
    const amount = randomInt(10_000, 9_000_000);
    const first = await purchase({ amount, daysAgo: 1 });
    const second = await purchase({ amount, daysAgo: 2 });
    const file = uniquePng();
    await send({
      from: await emailOf(s.scene.user.id),
      text: `Samtals ${kronur(amount)} ${day(s.clock.now())}`,
      attachments: [{ filename: "kvittun.png", content: file }],
    });
    const [waiting] = await waitingFrom(s.scene.user.id).then((rows) => rows.filter((row) => row.matchedBy === null));
    expect(waiting).toBeDefined();
    const receiptId = waiting?.id ?? "";

    type Page = {
      unmatched_receipts: { nodes: { receipt: { id: string }; suggestions: { transaction_id: string }[] }[] };
    };
    const listed = await graphql<Page>(
      "{ unmatched_receipts(first: 20) { nodes { receipt { id } suggestions { transaction_id } } } }",
      s.scene.user.headers,
    );
    expect(listed.errors).toBeUndefined();
    const node = listed.data?.unmatched_receipts.nodes.find((entry) => entry.receipt.id === receiptId);
    expect(node?.suggestions.map((suggestion) => suggestion.transaction_id).sort()).toEqual(
      [first.id, second.id].sort(),
    );

    const rejected = await graphql(
      "mutation ($r: ID!, $t: ID!) { reject_receipt_suggestion(receipt_id: $r, transaction_id: $t) }",
      s.scene.user.headers,
      { r: receiptId, t: second.id },
    );
    expect(rejected.errors).toBeUndefined();
    const attached = await graphql<{ attach_receipt: { transaction_id: string } }>(
      "mutation ($r: ID!, $t: ID!) { attach_receipt(receipt_id: $r, transaction_id: $t) { transaction_id } }",
      s.scene.accountant.headers,
      { r: receiptId, t: first.id },
    );
    expect(attached.data?.attach_receipt.transaction_id).toBe(first.id);
    expect(await receiptsOf(first.id)).toHaveLength(1);
    const audit = await s.t.db.select().from(auditLog).where(eq(auditLog.objectId, receiptId));
    expect(audit.map((row) => row.action).sort()).toEqual(
      ["receipt.add", "receipt.attach", "receipt.reject_suggestion"].sort(),
    );

    // The same file e-mailed again after removal: the rejected purchase is never offered again.
    await graphql("mutation ($ids: [ID!]!) { remove_receipts(ids: $ids) }", s.scene.accountant.headers, {
      ids: [receiptId],
    });
    await s.t.db.delete(transactions).where(eq(transactions.id, first.id));
    await send({
      from: await emailOf(s.scene.user.id),
      text: `Samtals ${kronur(amount)} ${day(s.clock.now())}`,
      attachments: [{ filename: "kvittun.png", content: file }],
    });
    const again = await graphql<Page>(
      "{ unmatched_receipts(first: 20) { nodes { receipt { id } suggestions { transaction_id } } } }",
      s.scene.user.headers,
    );
    const offered = again.data?.unmatched_receipts.nodes.flatMap((entry) => entry.suggestions);
    expect(offered?.map((suggestion) => suggestion.transaction_id)).not.toContain(second.id);
  });

  it("pages the waiting receipts by cursor, none skipped a microsecond apart", async () => {
    for (let i = 0; i < 4; i += 1) {
      await send({
        from: await emailOf(s.scene.user.id),
        text: "Kvittun án upphæðar",
        attachments: [{ filename: "kvittun.png", content: uniquePng() }],
      });
    }
    type Page = { unmatched_receipts: { nodes: { receipt: { id: string } }[]; next_cursor: string | null } };
    const page = async (after: string | null, first = 2) => {
      const body = await graphql<Page>(
        `query ($first: Int, $after: String) {
          unmatched_receipts(first: $first, after: $after) { nodes { receipt { id } } next_cursor }
        }`,
        s.scene.user.headers,
        { first, after },
      );
      expect(body.errors).toBeUndefined();
      const list = body.data?.unmatched_receipts;
      return { nodes: list?.nodes.map((node) => node.receipt.id) ?? [], next_cursor: list?.next_cursor ?? null };
    };
    const ids = (await page(null, 40)).nodes;
    expect(ids.length).toBeGreaterThanOrEqual(4);
    await microsecondsApart(s.t.db, "receipts", "created_at", ids);
    expect((await walkPages((after) => page(after), 40)).nodes).toEqual(ids);
  });

  it("shows each person only what they may: the sender and the company's accountants, not a team admin or another company", async () => {
    await send({
      from: await emailOf(s.scene.user.id),
      text: "Kvittun án upphæðar",
      attachments: [{ filename: "kvittun.png", content: uniquePng() }],
    });
    const [mine] = await waitingFrom(s.scene.user.id);
    const receiptId = mine?.id ?? "";
    const ids = async (headers: Record<string, string>) => {
      const body = await graphql<{ unmatched_receipts: { nodes: { receipt: { id: string } }[] } }>(
        "{ unmatched_receipts(first: 20) { nodes { receipt { id } } } }",
        headers,
      );
      return body.data?.unmatched_receipts.nodes.map((node) => node.receipt.id) ?? [];
    };
    expect(await ids(s.scene.user.headers)).toContain(receiptId);
    expect(await ids(s.scene.accountant.headers)).toContain(receiptId);
    expect(await ids(s.scene.teamAdmin.headers)).not.toContain(receiptId);
    expect(await ids(s.scene.foreignOwner.headers)).not.toContain(receiptId);

    const inbox = await graphql<{ receipts_inbox: { address: string; unmatched_count: number } }>(
      "{ receipts_inbox { address unmatched_count } }",
      s.scene.user.headers,
    );
    expect(inbox.data?.receipts_inbox.address).toBe(address);
    expect(inbox.data?.receipts_inbox.unmatched_count).toBeGreaterThan(0);

    const foreign = await graphql(
      "mutation ($r: ID!, $t: ID!) { attach_receipt(receipt_id: $r, transaction_id: $t) { id } }",
      s.scene.foreignOwner.headers,
      { r: receiptId, t: s.purchases.foreign },
    );
    expect(foreign.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const teamAdmin = await graphql(
      "mutation ($r: ID!, $t: ID!) { attach_receipt(receipt_id: $r, transaction_id: $t) { id } }",
      s.scene.teamAdmin.headers,
      { r: receiptId, t: s.purchases.employee },
    );
    expect(teamAdmin.errors?.[0]?.extensions?.code).toBe("ACCESS_DENIED");
    const attached = await graphql(
      "mutation ($r: ID!, $t: ID!) { attach_receipt(receipt_id: $r, transaction_id: $t) { id } }",
      s.scene.user.headers,
      { r: receiptId, t: s.purchases.employee },
    );
    expect(attached.errors).toBeUndefined();
    const twice = await graphql(
      "mutation ($r: ID!, $t: ID!) { attach_receipt(receipt_id: $r, transaction_id: $t) { id } }",
      s.scene.user.headers,
      { r: receiptId, t: s.purchases.employee },
    );
    expect(twice.errors?.[0]?.extensions?.code).toBe("RECEIPT_ALREADY_ATTACHED");
  });
});

describe("the mail relays' endpoint", () => {
  const rawMessage = async (mail: Mail): Promise<Buffer> =>
    new MailComposer({ to: address, subject: "Kvittun", ...mail }).compile().build();

  const relay = async (raw: Buffer, headers: Record<string, string>, recipient = address) => {
    const body = multipart([{ field: "message", fileName: "message.eml", type: "message/rfc822", data: raw }]);
    return s.t.app.inject({
      method: "POST",
      url: `/v1/inbound/receipts?recipient=${encodeURIComponent(recipient)}`,
      headers: { ...headers, "content-type": body.contentType },
      payload: body.payload,
    });
  };

  it("takes a raw MIME message with the relay key and answers what became of each file", async () => {
    const bought = await purchase({ daysAgo: 0 });
    const raw = await rawMessage({
      from: await emailOf(s.scene.user.id),
      text: `Samtals ${kronur(bought.amount)} ${day(s.clock.now())}`,
      attachments: [
        { filename: "kvittun.png", content: uniquePng() },
        { filename: "skjal.exe", content: s.files.exe },
      ],
    });
    const response = await relay(raw, { "x-mail-relay-key": "demo-mail-relay-key" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      project_id: s.scene.project.id,
      files: [
        { file_name: "kvittun.png", status: "attached", transaction_id: bought.id },
        { file_name: "skjal.exe", status: "refused", code: "RECEIPT_TYPE_NOT_ALLOWED" },
      ],
    });
  });

  it("refuses a call without the key, and a sender who is not a user with the code", async () => {
    const raw = await rawMessage({
      from: "svindl@example.com",
      text: "x",
      attachments: [{ filename: "a.png", content: uniquePng() }],
    });
    expect((await relay(raw, {})).statusCode).toBe(401);
    expect((await relay(raw, { "x-mail-relay-key": "wrong-key-wrong-key" })).statusCode).toBe(401);
    const refused = await relay(raw, { "x-mail-relay-key": "demo-mail-relay-key" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: { code: "RECEIPT_SENDER_UNKNOWN" } });
  });
});
