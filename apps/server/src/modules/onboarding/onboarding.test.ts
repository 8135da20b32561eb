import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { projects } from "../../platform/db/schema/index.ts";
import { DAY, testClock } from "../../platform/http/testing/clock.ts";
import {
  client,
  codeIn,
  createSignInUser,
  type ErrorJson,
  latestMessage,
  type Send,
  signIn,
  uniqueEmail,
  uniquePhone,
} from "../auth/testing/auth-fixtures.ts";
import { randomKennitala } from "./testing/kennitala.ts";
import { complete, confirmEmail, fillIn, linkIn, setAttributes, verifyPhone } from "./testing/sign-up.ts";

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(async () => {
  await t.close();
});

const startCompany = (send: Send, email: string, kennitala = randomKennitala("company"), name = "Prófun ehf.") =>
  send({ method: "POST", url: "/v1/onboarding", payload: { email, company: { name, kennitala } } });

const code = (response: { json: <T>() => T }) => response.json<ErrorJson>().error.code;

/** A company sign-up with its e-mail confirmed. */
const confirmed = async () => {
  const send = client(t.app);
  const email = uniqueEmail("stofnandi");
  expect((await startCompany(send, email)).statusCode).toBe(201);
  const { onboardingId } = await confirmEmail(send, t.db, email);
  return { send, email, id: onboardingId };
};

describe("company sign-up", () => {
  it("goes from the company form to a signed-in project owner of the new company", async () => {
    const send = client(t.app);
    const email = uniqueEmail("stofnandi");
    const kennitala = randomKennitala("company");
    const started = await startCompany(send, email, kennitala, "Nýja Fyrirtækið ehf.");
    expect(started.statusCode).toBe(201);
    const { id } = started.json<{ id: string }>();
    expect(started.json()).toEqual({ id, status: "created", steps: 5 });

    const mail = await latestMessage(t.db, email);
    expect(mail.channel).toBe("email");
    expect(mail.subject).toBe("Staðfestu netfangið þitt hjá Kort");
    const link = linkIn(mail.body);
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost/emailConfirm");
    expect(link.searchParams.get("onboarding_id")).toBe(id);

    const early = await setAttributes(send, id, { attributes: [{ kind: "app_pin", value: "1234" }] });
    expect(early.statusCode).toBe(400);
    expect(code(early)).toBe("EMAIL_NOT_CONFIRMED");

    await confirmEmail(send, t.db, email);
    const view = await send({ method: "GET", url: `/v1/onboarding/${id}` });
    expect(view.json()).toMatchObject({
      id,
      status: "created",
      email,
      steps: 5,
      company: { name: "Nýja Fyrirtækið ehf.", kennitala },
      email_verified: true,
      attributes: { app_pin: false },
    });

    const badNin = await setAttributes(send, id, { attributes: [{ kind: "national_id", value: "120385-2179" }] });
    expect(badNin.statusCode).toBe(422);
    expect(badNin.json<ErrorJson>().error.details).toMatchObject({
      issues: [expect.objectContaining({ path: "attributes.0.value", message: "validation.kennitala" })],
    });

    const phone = uniquePhone();
    await fillIn(send, t.db, id, phone);
    const filled = await send({ method: "GET", url: `/v1/onboarding/${id}` });
    expect(filled.json()).toMatchObject({
      phone_verified: true,
      terms_accepted: true,
      attributes: { app_pin: true, phone },
    });
    expect(filled.body).not.toContain("argon2");
    expect(filled.json<{ attributes: { national_id: string } }>().attributes.national_id).toMatch(/^\d{6}-\d{4}$/);

    const done = await complete(send, id);
    expect(done.status).toBe("user_created");
    const auth = { authorization: `Bearer ${done.token}` };
    const me = await send({ method: "GET", url: "/v1/users/current", headers: auth });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, full_name: "Helga Nýliðadóttir" });
    const current = await send({
      method: "GET",
      url: "/v1/projects/current",
      headers: { ...auth, "x-project-id": done.project_id },
    });
    expect(current.json()).toMatchObject({ title: "Nýja Fyrirtækið ehf.", role: { name: "project_owner" } });
    const [project] = await t.db.select().from(projects).where(eq(projects.id, done.project_id));
    expect(project).toMatchObject({
      kennitala: kennitala.replace("-", ""),
      creditLimit: 0,
      approvalStatus: "pending",
      enabled: true,
    });

    const finished = await send({ method: "GET", url: `/v1/onboarding/${id}` });
    expect(finished.json()).toMatchObject({ status: "user_created", attributes: { app_pin: false } });
    expect(finished.body).not.toContain(phone);
    const again = await send({ method: "POST", url: `/v1/onboarding/${id}/complete` });
    expect(code(again)).toBe("RESTART_REQUIRED");
    // The new person signs in like anyone else.
    const signedIn = await signIn(client(t.app), t.db, { email, phone });
    expect(signedIn.status).toBe("approved");
  });

  it("refuses an invalid or a personal kennitala for the company with 422", async () => {
    const send = client(t.app);
    const invalid = await startCompany(send, uniqueEmail(), "470119-1011");
    expect(invalid.statusCode).toBe(422);
    const person = await startCompany(send, uniqueEmail(), randomKennitala("person"));
    expect(person.statusCode).toBe(422);
    expect(person.json<ErrorJson>().error.details).toMatchObject({
      issues: [expect.objectContaining({ path: "company.kennitala" })],
    });
  });

  it("asks an existing user to sign in, and needs an invitation without a company", async () => {
    const send = client(t.app);
    const user = await createSignInUser(t.db);
    const existing = await startCompany(send, user.email);
    expect(code(existing)).toBe("CONFLICT");
    const uninvited = await send({ method: "POST", url: "/v1/onboarding", payload: { email: uniqueEmail() } });
    expect(uninvited.statusCode).toBe(404);
    expect(code(uninvited)).toBe("UNKNOWN_USER");
  });

  it("needs terms and privacy consent with the full name", async () => {
    const s = await confirmed();
    const response = await setAttributes(s.send, s.id, {
      attributes: [{ kind: "full_name", value: "Helga" }],
      terms_accepted: true,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorJson>().error.details).toMatchObject({
      issues: [expect.objectContaining({ path: "privacy_accepted" })],
    });
  });

  it("refuses a landline and a company's kennitala for the person", async () => {
    const s = await confirmed();
    const landline = await setAttributes(s.send, s.id, { attributes: [{ kind: "phone", value: "551 2345" }] });
    expect(landline.statusCode).toBe(422);
    const company = await setAttributes(s.send, s.id, {
      attributes: [{ kind: "national_id", value: randomKennitala("company") }],
    });
    expect(company.statusCode).toBe(422);
  });

  it("names what is missing when completing too early", async () => {
    const s = await confirmed();
    const early = await s.send({ method: "POST", url: `/v1/onboarding/${s.id}/complete` });
    expect(early.statusCode).toBe(422);
    const paths = early.json<ErrorJson>().error.details?.issues as { path: string }[];
    expect(paths.map((issue) => issue.path).sort()).toEqual(
      [
        "attributes.app_pin",
        "attributes.full_name",
        "attributes.national_id",
        "attributes.phone",
        "terms_accepted",
      ].sort(),
    );
  });

  it("counts only the code sent to the current phone number", async () => {
    const s = await confirmed();
    const first = await setAttributes(s.send, s.id, { attributes: [{ kind: "phone", value: uniquePhone() }] });
    const firstVerification = first.json<{ verification_id: string }>().verification_id;
    const firstPhone = first.json<{ attributes: { phone: string } }>().attributes.phone;
    await verifyPhone(s.send, t.db, s.id, uniquePhone());
    const oldCode = codeIn((await latestMessage(t.db, firstPhone)).body);
    await s.send({ method: "POST", url: `/v1/verifications/${firstVerification}/data`, payload: { code: oldCode } });
    const stale = await s.send({
      method: "POST",
      url: `/v1/onboarding/${s.id}/verifications`,
      payload: { verification_id: firstVerification },
    });
    expect(code(stale)).toBe("RESTART_REQUIRED");
  });

  it("expires after a day: RESTART_REQUIRED, and the view says expired", async () => {
    const s = await confirmed();
    clock.advance(DAY + 1);
    const late = await setAttributes(s.send, s.id, { attributes: [{ kind: "app_pin", value: "1234" }] });
    expect(code(late)).toBe("RESTART_REQUIRED");
    const view = await s.send({ method: "GET", url: `/v1/onboarding/${s.id}` });
    expect(view.json()).toMatchObject({ status: "expired" });
    // The id opens nothing any more, so the personal attributes are no longer shown.
    expect(view.json<{ attributes: Record<string, unknown> }>().attributes).toEqual({ app_pin: false });
  });

  it("answers 404 for a sign-up that does not exist", async () => {
    const response = await client(t.app)({ method: "GET", url: "/v1/onboarding/6f1f0c52-2b1f-4c1e-9a53-2d4b6f3a9e10" });
    expect(response.statusCode).toBe(404);
  });

  it("refuses to build an e-mail link from a malformed Host header", async () => {
    const response = await client(t.app)({
      method: "POST",
      url: "/v1/onboarding",
      headers: { host: "evil.example/phish?" },
      payload: { email: uniqueEmail(), company: { name: "X ehf.", kennitala: randomKennitala("company") } },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("e-mail links with KORT_PUBLIC_URL", () => {
  it("use the configured address, not the Host header", async () => {
    const other = await createTestApp({ env: { KORT_PUBLIC_URL: "https://app.kort.is/" } });
    try {
      const email = uniqueEmail();
      const response = await client(other.app)({
        method: "POST",
        url: "/v1/onboarding",
        headers: { host: "evil.example", "accept-language": "en-US" },
        payload: { email, company: { name: "Y ehf.", kennitala: randomKennitala("company") } },
      });
      expect(response.statusCode).toBe(201);
      const mail = await latestMessage(other.db, email);
      expect(mail.subject).toBe("Confirm your e-mail address for Kort");
      expect(linkIn(mail.body).origin).toBe("https://app.kort.is");
    } finally {
      await other.close();
    }
  });
});
