import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createSignInUser, startSignIn } from "../../modules/auth/testing/auth-fixtures.ts";
import { outbox } from "../db/schema/index.ts";
import { createTestApp, type TestApp } from "../http/testing/test-app.ts";
import { createSmtpOutbox, createTableOutbox } from "./outbox.ts";
import type { MailMessage } from "./smtp.ts";

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
    const box = createTableOutbox(t.db);
    const to = `dev-${randomUUID()}@test.kort.is`;
    await box.sendEmail(to, "Fyrsta", "eitt");
    await box.sendEmail(to, "Annað", "tvö");
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

    const box = createTableOutbox(t.db);
    await Promise.all(Array.from({ length: 55 }, (_, i) => box.sendSms("+3546999999", `n${i}`)));
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

describe("the SMTP adapter", () => {
  it("hands e-mail to the transport and records it as sent; SMS stays in the outbox", async () => {
    const sent: MailMessage[] = [];
    const box = createSmtpOutbox(t.db, { send: async (message) => void sent.push(message) });
    const to = `smtp-${randomUUID()}@test.kort.is`;
    await box.sendEmail(to, "Efni", "Texti");
    expect(sent).toEqual([{ to, subject: "Efni", text: "Texti" }]);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.to, to));
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it("fails the send when the server refuses, recording nothing", async () => {
    const box = createSmtpOutbox(t.db, {
      send: async () => {
        throw new Error("550 mailbox unavailable");
      },
    });
    const to = `refused-${randomUUID()}@test.kort.is`;
    await expect(box.sendEmail(to, "Efni", "Texti")).rejects.toThrow("550");
    expect(await t.db.select().from(outbox).where(eq(outbox.to, to))).toEqual([]);
  });
});
