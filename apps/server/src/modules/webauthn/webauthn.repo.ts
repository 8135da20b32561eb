import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { webauthnChallenges, webauthnCredentials } from "../../platform/db/schema/index.ts";

export type Purpose = "registration" | "authentication";
export type CredentialRow = typeof webauthnCredentials.$inferSelect;

/** Stores a challenge; those already expired go first (the index on expires_at makes that one range delete). */
export const insertChallenge = async (
  db: Executor,
  values: { purpose: Purpose; challenge: string; userId: string; deviceId: string; expiresAt: Date },
  now: Date,
): Promise<string> => {
  await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, now));
  const [row] = await db.insert(webauthnChallenges).values(values).returning({ id: webauthnChallenges.id });
  if (!row) throw new Error("challenge insert returned nothing");
  return row.id;
};

/** Takes a challenge once: deleted as it is read, so a second verify with it finds nothing. */
export const takeChallenge = async (db: Executor, id: string, purpose: Purpose, now: Date) => {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning();
  return row;
};

export const credentialsOfDevice = (db: Executor, deviceId: string): Promise<CredentialRow[]> =>
  db.select().from(webauthnCredentials).where(eq(webauthnCredentials.deviceId, deviceId));

/** The credential only as the given person's on the given device: another person's is not found. */
export const credentialOf = async (
  db: Executor,
  who: { id: string; userId: string; deviceId: string },
): Promise<CredentialRow | undefined> => {
  const [row] = await db
    .select()
    .from(webauthnCredentials)
    .where(
      and(
        eq(webauthnCredentials.id, who.id),
        eq(webauthnCredentials.userId, who.userId),
        eq(webauthnCredentials.deviceId, who.deviceId),
      ),
    )
    .for("update");
  return row;
};

/** One credential per person and device: registering again replaces the earlier one. */
export const replaceCredential = async (
  db: Executor,
  values: { id: string; userId: string; deviceId: string; publicKey: Buffer; counter: number; transports: string[] },
  now: Date,
): Promise<void> => {
  await db
    .delete(webauthnCredentials)
    .where(and(eq(webauthnCredentials.userId, values.userId), eq(webauthnCredentials.deviceId, values.deviceId)));
  await db.insert(webauthnCredentials).values({ ...values, createdAt: now });
};

export const advanceCounter = async (db: Executor, id: string, counter: number, now: Date): Promise<void> => {
  await db.update(webauthnCredentials).set({ counter, lastUsedAt: now }).where(eq(webauthnCredentials.id, id));
};

export const deleteCredentials = async (db: Executor, userId: string, deviceId: string): Promise<number> => {
  const rows = await db
    .delete(webauthnCredentials)
    .where(and(eq(webauthnCredentials.userId, userId), eq(webauthnCredentials.deviceId, deviceId)))
    .returning({ id: webauthnCredentials.id });
  return rows.length;
};

/** Whether the person's device has a credential (the device's answer says so). */
export const hasCredential = async (db: Executor, userId: string, deviceId: string): Promise<boolean> => {
  const rows = await db.execute(sql`
    select 1 from webauthn_credentials where user_id = ${userId} and device_id = ${deviceId} limit 1`);
  return rows.rows.length > 0;
};

/** The user a device belongs to (the device table is the devices module's; read here only for the options). */
export const deviceOwner = async (db: Executor, deviceId: string): Promise<string | undefined> => {
  const rows = await db.execute<{ user_id: string }>(sql`select user_id from devices where id = ${deviceId}`);
  return rows.rows[0]?.user_id;
};
