import { randomInt, randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { hashPasscode } from "../../../platform/crypto/passwords.ts";
import type { Db } from "../../../platform/db/client.ts";
import { outbox, users } from "../../../platform/db/schema/index.ts";

/**
 * What the sign-in and sign-up tests share. Each test makes its own people (unique e-mails and phones) and
 * calls from its own client address, so the per-address rate limit of one test never touches another.
 */

export const DEMO_PIN = "1234";

export type ErrorJson = { error: { code: string; message: string; details?: Record<string, unknown> } };

/** A client address of the documentation range 198.18.0.0/15, fresh per call. */
export const randomAddress = (): string => `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export const uniqueEmail = (prefix = "notandi"): string => `${prefix}-${randomUUID()}@test.kort.is`;

/** A mobile number (starts with 6, 7 or 8) unlikely to repeat within a run. */
export const uniquePhone = (): string => `+354${randomInt(6, 9)}${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;

/** A person who finished sign-up: phone and the argon2id hash of a passcode. */
export const createSignInUser = async (db: Db, options: { pin?: string; email?: string } = {}) => {
  const [user] = await db
    .insert(users)
    .values({
      fullName: "Jóna Prófdóttir",
      email: options.email ?? uniqueEmail(),
      phone: uniquePhone(),
      passcodeHash: await hashPasscode(options.pin ?? DEMO_PIN),
    })
    .returning({ id: users.id, email: users.email, phone: users.phone });
  if (!user?.phone) throw new Error("user insert returned nothing");
  return { id: user.id, email: user.email, phone: user.phone };
};

/** The newest message to `to` as the outbox table holds it. */
export const latestMessage = async (db: Db, to: string) => {
  const [row] = await db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt)).limit(1);
  if (!row) throw new Error(`No message to ${to}`);
  return row;
};

/** The 6-digit code in a message body. */
export const codeIn = (body: string): string => {
  const match = /\b(\d{6})\b/.exec(body);
  if (!match?.[1]) throw new Error(`No code in: ${body}`);
  return match[1];
};

/** A code that is not `code`. */
export const wrongCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** Requests from one client: its own address, JSON, and Accept-Language when given. */
export const client = (app: FastifyInstance, options: { locale?: string } = {}) => {
  const remoteAddress = randomAddress();
  return (request: InjectOptions): Promise<LightMyRequestResponse> =>
    app.inject({
      remoteAddress,
      ...request,
      headers: { ...(options.locale ? { "accept-language": options.locale } : {}), ...request.headers },
    });
};

export type Send = ReturnType<typeof client>;

export const startSignIn = (send: Send, email: string) =>
  send({
    method: "POST",
    url: "/v1/tokens",
    payload: { authenticator: "email", identity: { type: "email", value: email }, device: { make: "vitest" } },
  });

export type Pending = { id: string; verification_id: string; expires_at: string; phone_hint: string };

/** The whole REST sign-in of docs/auth.md, the code read from the outbox: the approved bearer token. */
export const signIn = async (send: Send, db: Db, user: { email: string; phone: string }, pin = DEMO_PIN) => {
  const started = await startSignIn(send, user.email);
  if (started.statusCode !== 201) throw new Error(`POST /v1/tokens: ${started.body}`);
  const pending = started.json<Pending>();
  const code = codeIn((await latestMessage(db, user.phone)).body);
  const verified = await send({
    method: "POST",
    url: `/v1/verifications/${pending.verification_id}/data`,
    payload: { code },
  });
  if (verified.statusCode !== 200) throw new Error(`verification: ${verified.body}`);
  const approved = await send({ method: "POST", url: `/v1/tokens/${pending.id}/secret`, payload: { pin } });
  if (approved.statusCode !== 200) throw new Error(`secret: ${approved.body}`);
  return approved.json<{ id: string; token: string; status: string; expires_at: string }>();
};
