import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto";
import { hashPasscode } from "../../apps/server/src/platform/crypto/passwords.ts";
import { withDb } from "./db.ts";

/** Test data each test makes for itself, so tests never share (or lock) a person. */

export const uniqueEmail = (): string => `e2e-${randomUUID()}@example.is`;

/** An Icelandic mobile number in E.164 that no demo user has: +354 7xx xxxx. */
export const uniquePhone = (): string => `+3547${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;

/** Kennitalas unique in a run (written with the dash), as the server's tests draw them. */
export { randomKennitala } from "../../apps/server/src/modules/onboarding/testing/kennitala.ts";

export type TestUser = { id: string; email: string; phone: string; passcode: string };

/** A user with a phone and passcode, optionally a member of a project, as sign-up would have left them. */
export const insertUser = async (membership?: { projectId: string; role: string }): Promise<TestUser> => {
  const email = uniqueEmail();
  const phone = uniquePhone();
  const passcode = "2468";
  const passcodeHash = await hashPasscode(passcode);
  const id = await withDb(async (client) => {
    const user = await client.query<{ id: string }>(
      `insert into users (full_name, email, phone, passcode_hash) values ($1, $2, $3, $4) returning id`,
      ["Prófun Prófsdóttir", email, phone, passcodeHash],
    );
    const userId = user.rows[0]?.id;
    if (!userId) throw new Error("The user was not inserted");
    if (membership) {
      await client.query(`insert into project_members (project_id, user_id, role) values ($1, $2, $3)`, [
        membership.projectId,
        userId,
        membership.role,
      ]);
    }
    return userId;
  });
  return { id, email, phone, passcode };
};

export type TestInvite = { id: string; token: string; email: string };

/**
 * An invitation as the invites service makes one: a random link secret of which only the SHA-256 (hex) is
 * stored. `expiresInMs` below zero makes an expired one.
 */
export const insertInvite = async (input: {
  projectId: string;
  email: string;
  role: string;
  expiresInMs?: number;
}): Promise<TestInvite> => {
  const token = randomBytes(32).toString("base64url");
  const tokenHash = createHash("sha256").update(token).digest("hex");
  const expiresAt = new Date(Date.now() + (input.expiresInMs ?? 7 * 24 * 60 * 60 * 1000));
  const id = await withDb(async (client) => {
    const result = await client.query<{ id: string }>(
      `insert into invites (project_id, email, role, token_hash, expires_at) values ($1, $2, $3, $4, $5) returning id`,
      [input.projectId, input.email, input.role, tokenHash, expiresAt],
    );
    const inviteId = result.rows[0]?.id;
    if (!inviteId) throw new Error("The invitation was not inserted");
    return inviteId;
  });
  return { id, token, email: input.email };
};
