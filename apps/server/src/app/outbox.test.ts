import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createSignInUser, startSignIn } from "../modules/auth/testing/auth-fixtures.ts";
import { outbox } from "../platform/db/schema/index.ts";
import { deliverDueMessages, MAX_DELIVERY_ATTEMPTS } from "../platform/outbox/delivery.ts";
import { enqueueMessage } from "../platform/outbox/outbox.ts";
import type { MailMessage } from "../platform/outbox/smtp.ts";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Message = { id: string; channel: string; to: string; subject: string | null; body: string; created_at: string };

describe("GET /v1/dev/outbox (demo mode)", () => {
  it("lists the newest messages first with the documented fields", async () => {
    const to = `dev-${randomUUID()}@test.kort.is`;
    await enqueueMessage(t.db, { channel: "email", to, subject: "Fyrsta", body: "eitt" });
    await enqueueMessage(t.db, { channel: "email", to, subject: "Annað", body: "tvö" });
    const response = await t.app.inject({
      method: "GET",
      url: `/v1/dev/outbox?to=${encodeURIComponent(to.toUpperCase())}`,
    });
    expect(response.statusCode).toBe(200);
    const messages = response.json<Message[]>();
    expect(messages.map((m) => m.subject)).toEqual(["Annað", "Fyrsta"]);
    expect(Object.keys(messages[0] ?? {}).sort()).toEqual(["body", "channel", "created_at", "id", "subject", "to"]);
  });

  it("filters by a phone number written any Icelandic way, and caps the list at 50", async () => {
    const user = await createSignInUser(t.db);
    await startSignIn(client(t.app), user.email);
    const national = `${user.phone.slice(4, 7)} ${user.phone.slice(7)}`;
    const response = await t.app.inject({ method: "GET", url: `/v1/dev/outbox?to=${encodeURIComponent(national)}` });
    expect(response.json<Message[]>()).toEqual([expect.objectContaining({ channel: "sms", to: user.phone })]);

    await Promise.all(
      Array.from({ length: 55 }, (_, i) => enqueueMessage(t.db, { channel: "sms", to: "+3546999999", body: `n${i}` })),
    );
    expect((await t.app.inject({ method: "GET", url: "/v1/dev/outbox" })).json<Message[]>()).toHaveLength(50);
    expect((await t.app.inject({ method: "GET", url: "/v1/dev/outbox?limit=2" })).json<Message[]>()).toHaveLength(2);
    expect((await t.app.inject({ method: "GET", url: "/v1/dev/outbox?limit=500" })).statusCode).toBe(422);
  });

  it("is documented in /v1/docs", async () => {
    const docs = await t.app.inject({ method: "GET", url: "/v1/docs" });
    const paths = Object.keys(docs.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/v1/dev/outbox",
        "/v1/tokens",
        "/v1/tokens/{id}/secret",
        "/v1/verifications/{id}/data",
        "/v1/sessions",
        "/v1/sessions/verify",
        "/v1/onboarding",
        "/v1/onboarding/{id}",
        "/v1/onboarding/{id}/attributes",
        "/v1/onboarding/{id}/verifications",
        "/v1/onboarding/{id}/complete",
        "/v1/invites/{id}",
        "/v1/invites/{id}/accept",
      ]),
    );
  });
});

describe("production mode", () => {
  it("has no outbox route and does not document one", async () => {
    const production = await createTestApp({ env: { KORT_ENV: "production" } });
    try {
      const response = await production.app.inject({ method: "GET", url: "/v1/dev/outbox" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: "ROUTE_NOT_FOUND" } });
      const docs = await production.app.inject({ method: "GET", url: "/v1/docs" });
      expect(Object.keys(docs.json<{ paths: Record<string, unknown> }>().paths)).not.toContain("/v1/dev/outbox");
    } finally {
      await production.close();
    }
  });
});

const recorder = () => {
  const sent: MailMessage[] = [];
  return { sent, transport: { send: async (message: MailMessage) => void sent.push(message) } };
};

/** A pass's clock a moment ahead: the database stamps microseconds, a JS Date only milliseconds. */
const soon = () => new Date(Date.now() + 1000);

const rowsTo = (to: string) => t.db.select().from(outbox).where(eq(outbox.to, to));

describe("e-mail delivery after commit (SMTP configured)", () => {
  it("sends a committed e-mail once and stamps it sent; SMS and table-only messages stay in the table", async () => {
    const to = `smtp-${randomUUID()}@test.kort.is`;
    await t.db.transaction(async (tx) => {
      await enqueueMessage(tx, { channel: "email", to, subject: "Efni", body: "Texti" });
      await enqueueMessage(tx, { channel: "email", to, subject: "Demo", body: "Bara í töflunni" }, { deliver: false });
      await enqueueMessage(tx, { channel: "sms", to, body: "SMS" });
    });
    const { sent, transport } = recorder();
    await deliverDueMessages(t.db, transport, soon());
    await deliverDueMessages(t.db, transport, soon());
    expect(sent.filter((m) => m.to === to)).toEqual([{ to, subject: "Efni", text: "Texti" }]);
    const rows = await rowsTo(to);
    expect(rows.find((r) => r.subject === "Efni")?.sentAt).toBeInstanceOf(Date);
    expect(rows.filter((r) => r.sentAt === null)).toHaveLength(2);
  });

  it("sends nothing for a transaction that rolled back", async () => {
    const to = `rolled-back-${randomUUID()}@test.kort.is`;
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMessage(tx, { channel: "email", to, subject: "Efni", body: "Texti" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const { sent, transport } = recorder();
    await deliverDueMessages(t.db, transport, soon());
    expect(sent.filter((m) => m.to === to)).toEqual([]);
    expect(await rowsTo(to)).toEqual([]);
  });

  it("retries a refused e-mail later, keeps the reason without the address, and gives up after the last attempt", async () => {
    const to = `refused-${randomUUID()}@test.kort.is`;
    await enqueueMessage(t.db, { channel: "email", to, subject: "Efni", body: "Texti" });
    const refusing = {
      send: async (message: MailMessage) => {
        if (message.to === to) throw new Error(`550 mailbox ${to} unavailable`);
      },
    };
    let now = soon();
    await deliverDueMessages(t.db, refusing, now);
    let [row] = await rowsTo(to);
    expect(row).toMatchObject({ attempts: 1, sentAt: null, lastError: "550 mailbox <to> unavailable" });
    // Not due again straight away: the next attempt waits.
    await deliverDueMessages(t.db, refusing, now);
    expect((await rowsTo(to))[0]?.attempts).toBe(1);
    for (let attempt = 2; attempt <= MAX_DELIVERY_ATTEMPTS + 1; attempt++) {
      now = new Date(now.getTime() + 60 * 60 * 1000);
      await deliverDueMessages(t.db, refusing, now);
    }
    [row] = await rowsTo(to);
    expect(row?.attempts).toBe(MAX_DELIVERY_ATTEMPTS);
    const { sent, transport } = recorder();
    await deliverDueMessages(t.db, transport, new Date(now.getTime() + 60 * 60 * 1000));
    expect(sent.filter((m) => m.to === to)).toEqual([]);
  });

  it("hands each message to exactly one of several concurrent workers", async () => {
    const prefix = `burst-${randomUUID()}`;
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        enqueueMessage(t.db, { channel: "email", to: `${prefix}-${i}@test.kort.is`, subject: "S", body: "B" }),
      ),
    );
    const { sent, transport } = recorder();
    await Promise.all(Array.from({ length: 4 }, () => deliverDueMessages(t.db, transport, soon(), 100)));
    const ours = sent.filter((m) => m.to.startsWith(prefix)).map((m) => m.to);
    expect(ours).toHaveLength(30);
    expect(new Set(ours).size).toBe(30);
  });
});
