import { and, eq, ne } from "drizzle-orm";
import type { Executor, Tx } from "../../platform/db/client.ts";
import { sessions, type TokenRow, tokens, webauthnCredentials } from "../../platform/db/schema/index.ts";

export type SessionRow = typeof sessions.$inferSelect;

export const insertToken = async (
  db: Executor,
  values: {
    userId: string;
    tokenHash: string;
    status: "created" | "approved";
    authenticator?: string;
    deviceId?: string;
    deviceMake?: string;
    expiresAt: Date;
    approvedAt?: Date;
    createdAt: Date;
  },
): Promise<{ id: string }> => {
  const [row] = await db
    .insert(tokens)
    .values({ ...values, updatedAt: values.createdAt })
    .returning({ id: tokens.id });
  if (!row) throw new Error("token insert returned nothing");
  return row;
};

export const lockTokenById = async (tx: Tx, id: string): Promise<TokenRow | null> => {
  const [row] = await tx.select().from(tokens).where(eq(tokens.id, id)).for("update").limit(1);
  return row ?? null;
};

/** The token with this hash whatever its status or expiry, locked: renewal and sign-out decide for themselves. */
export const lockTokenByHash = async (tx: Tx, tokenHash: string): Promise<TokenRow | null> => {
  const [row] = await tx.select().from(tokens).where(eq(tokens.tokenHash, tokenHash)).for("update").limit(1);
  return row ?? null;
};

export const findTokenByHash = async (db: Executor, tokenHash: string): Promise<TokenRow | null> => {
  const [row] = await db.select().from(tokens).where(eq(tokens.tokenHash, tokenHash)).limit(1);
  return row ?? null;
};

export const approveToken = async (
  db: Executor,
  id: string,
  values: { tokenHash: string; expiresAt: Date; approvedAt: Date },
): Promise<void> => {
  await db
    .update(tokens)
    .set({ ...values, status: "approved", updatedAt: values.approvedAt })
    .where(eq(tokens.id, id));
};

/** Deleting a token ends its session too (sessions.token_id cascades). */
export const deleteToken = async (db: Executor, id: string): Promise<void> => {
  await db.delete(tokens).where(eq(tokens.id, id));
};

/**
 * Every token of the user but the one presented (`keepTokenHash`): the other browsers and phones are signed out, their
 * renewable sessions with them (sessions.token_id cascades). How many went.
 */
export const deleteOtherTokens = async (db: Executor, userId: string, keepTokenHash: string): Promise<number> => {
  const rows = await db
    .delete(tokens)
    .where(and(eq(tokens.userId, userId), ne(tokens.tokenHash, keepTokenHash)))
    .returning({ id: tokens.id });
  return rows.length;
};

/**
 * The user's biometric unlock keys on every device. They mint sessions without the passcode (beginUnlockedSession),
 * and each was set up with the passcode a change replaces, so they go with it. How many went.
 */
export const deleteUnlockKeys = async (db: Executor, userId: string): Promise<number> => {
  const rows = await db
    .delete(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId))
    .returning({ id: webauthnCredentials.id });
  return rows.length;
};

export const findSessionByToken = async (db: Executor, tokenId: string): Promise<SessionRow | null> => {
  const [row] = await db.select().from(sessions).where(eq(sessions.tokenId, tokenId)).limit(1);
  return row ?? null;
};

export const insertSession = async (
  db: Executor,
  values: { userId: string; tokenId: string; secretHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> => {
  await db.insert(sessions).values({ ...values, lastSeenAt: values.createdAt });
};

/** Renewal moves the session onto its new token before the old one is deleted. */
export const moveSession = async (
  db: Executor,
  sessionId: string,
  values: { tokenId: string; secretHash: string; lastSeenAt: Date },
): Promise<void> => {
  await db.update(sessions).set(values).where(eq(sessions.id, sessionId));
};
