import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { outbox } from "../../platform/db/schema/index.ts";
import { createProject } from "../../platform/http/testing/fixtures.ts";
import { callerIn } from "../platform/testing/platform-scene.ts";
import { codeOf, graphqlFor } from "../teams/teams.fixtures.ts";

/**
 * Support (issue 16, docs/support.md): without a chat provider the support form mails the support address through
 * the outbox, as the person who sent it; with one configured, the web gets what starts its widget, and the CSP
 * lets that one origin's script in.
 */

let t: TestApp;
let chat: TestApp;
let gql: ReturnType<typeof graphqlFor>;
beforeAll(async () => {
  t = await createTestApp({ env: { KORT_SUPPORT_EMAIL: "hjalp@kort.test" } });
  chat = await createTestApp({
    env: {
      KORT_SUPPORT_CHAT_SCRIPT_URL: "https://chat.example.com/widget.js",
      KORT_SUPPORT_CHAT_INIT: "ChatWidget",
      KORT_SUPPORT_CHAT_APP_ID: "kort-123",
    },
  });
  gql = graphqlFor(t);
});
afterAll(async () => {
  await t.close();
  await chat.close();
});

const CONFIG = "{ support_config { email chat { script_url init app_id } } }";
const SEND = "mutation ($input: SupportMessageInput!) { send_support_message(input: $input) }";

describe("support", () => {
  it("offers the form without a chat provider, and the provider's settings with one", async () => {
    const project = await createProject(t.db);
    const caller = await callerIn(t.db, project.id, "accountant");
    const form = await gql<{ support_config: unknown }>(CONFIG, caller.headers);
    expect(form.data?.support_config).toEqual({ email: "hjalp@kort.test", chat: null });

    const other = await createProject(chat.db);
    const withChat = await graphqlFor(chat)<{ support_config: unknown }>(
      CONFIG,
      (await callerIn(chat.db, other.id, "project_owner")).headers,
    );
    expect(withChat.data?.support_config).toEqual({
      email: "support@kort.is",
      chat: { script_url: "https://chat.example.com/widget.js", init: "ChatWidget", app_id: "kort-123" },
    });
    // The widget runs in the dashboard's pages; JSON answers keep a policy that allows nothing.
    const html = { accept: "text/html" };
    const page = await chat.app.inject({ method: "GET", url: "/cards", headers: html });
    expect(String(page.headers["content-security-policy"])).toContain("script-src 'self' https://chat.example.com");
    const plain = await t.app.inject({ method: "GET", url: "/cards", headers: html });
    expect(String(plain.headers["content-security-policy"])).toContain("script-src 'self';");
  });

  it("mails the form's message to the support address, as the person who sent it", async () => {
    const project = await createProject(t.db);
    const caller = await callerIn(t.db, project.id, "project_owner");
    const marker = crypto.randomUUID();
    const sent = await gql<{ send_support_message: boolean }>(SEND, caller.headers, {
      input: { subject: `Kortið virkar ekki ${marker}`, message: "Kortið var hafnað í Bónus." },
    });
    expect(sent.errors).toBeUndefined();
    expect(sent.data?.send_support_message).toBe(true);
    const [message] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, "hjalp@kort.test"), like(outbox.subject, `%${marker}%`)))
      .orderBy(desc(outbox.createdAt));
    expect(message?.subject).toBe(`[Kort] Kortið virkar ekki ${marker}`);
    expect(message?.body).toContain("Kortið var hafnað í Bónus.");
    expect(message?.body).toContain(project.id);
    expect(message?.channel).toBe("email");
  });

  it("refuses an empty message, too many messages, and a caller who is not signed in", async () => {
    const project = await createProject(t.db);
    const caller = await callerIn(t.db, project.id, "team_admin");
    expect(codeOf(await gql(SEND, caller.headers, { input: { message: "   " } }))).toBe("VALIDATION_FAILED");
    expect(codeOf(await gql(SEND, caller.headers, { input: { message: "x".repeat(5001) } }))).toBe("VALIDATION_FAILED");
    for (let i = 0; i < 10; i += 1) {
      expect((await gql(SEND, caller.headers, { input: { message: `Skilaboð ${i}` } })).errors).toBeUndefined();
    }
    expect(codeOf(await gql(SEND, caller.headers, { input: { message: "Eitt enn" } }))).toBe("RATE_LIMITED");
    expect(codeOf(await gql(SEND, {}, { input: { message: "Nafnlaus" } }))).toBe("UNAUTHENTICATED");
    expect(codeOf(await gql(CONFIG, {}))).toBe("UNAUTHENTICATED");
  });
});
