import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Executor, Tx } from "../../platform/db/client.ts";
import { auditLog, users } from "../../platform/db/schema/index.ts";

/** What sign-in needs to know about a user: contact, secret and lock state. Never leaves the server. */
export type SignInUser = {
  id: string;
  email: string;
  phone: string | null;
  passcodeHash: string | null;
  failedAttempts: number;
  lockedUntil: Date | null;
  lockedPermanently: boolean;
  tempLockCount: number;
  /** The language of the e-mails that go to the user. */
  locale: string;
};

const columns = {
  id: users.id,
  email: users.email,
  phone: users.phone,
  passcodeHash: users.passcodeHash,
  failedAttempts: users.failedPasscodeAttempts,
  lockedUntil: users.lockedUntil,
  lockedPermanently: users.lockedPermanently,
  tempLockCount: users.tempLockCount,
  locale: users.locale,
};

/** E-mails are stored lower-case (a check constraint), so the caller passes the normalised address. */
export const findSignInUserByEmail = async (db: Executor, email: string): Promise<SignInUser | null> => {
  const [row] = await db.select(columns).from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
};

export const findSignInUserById = async (db: Executor, userId: string): Promise<SignInUser | null> => {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
};

/** The user row, locked for the rest of the transaction: failure counts never lose an increment. */
export const lockSignInUser = async (tx: Tx, userId: string): Promise<SignInUser | null> => {
  const [row] = await tx.select(columns).from(users).where(eq(users.id, userId)).for("update").limit(1);
  return row ?? null;
};

/** A new passcode, as its argon2id hash only. */
export const setPasscodeHash = async (db: Executor, userId: string, passcodeHash: string, now: Date): Promise<void> => {
  await db.update(users).set({ passcodeHash, updatedAt: now }).where(eq(users.id, userId));
};

/**
 * The person's new phone number, where sign-in codes go from now on. The caller holds the row's lock (the code
 * check took it); answers what was there before, for the audit and the notice.
 */
export const setPhone = async (
  tx: Tx,
  userId: string,
  phone: string,
  now: Date,
): Promise<{ phone: string | null; locale: string }> => {
  const [before] = await tx
    .select({ phone: users.phone, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  if (!before) throw new Error("the user of a phone change is gone");
  await tx.update(users).set({ phone, updatedAt: now }).where(eq(users.id, userId));
  return before;
};

export type LockPatch = {
  failedAttempts?: number;
  lockedUntil?: Date | null;
  lockedPermanently?: boolean;
  tempLockCount?: number;
};

export const updateLockState = async (db: Executor, userId: string, patch: LockPatch, now: Date): Promise<void> => {
  await db
    .update(users)
    .set({
      failedPasscodeAttempts: patch.failedAttempts,
      lockedUntil: patch.lockedUntil,
      lockedPermanently: patch.lockedPermanently,
      tempLockCount: patch.tempLockCount,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
};

export const TEMPORARY_LOCK_ACTION = "auth.user.locked";

/**
 * Temporary locks of the user since `since`, read from the audit log: every lock is written there in the
 * same transaction that sets it, so the log is the lock history.
 */
export const countTemporaryLocksSince = async (tx: Tx, userId: string, since: Date): Promise<number> => {
  const [row] = await tx
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.objectType, "user"),
        eq(auditLog.objectId, userId),
        eq(auditLog.action, TEMPORARY_LOCK_ACTION),
        sql`${auditLog.data}->>'kind' = 'temporary'`,
        gt(auditLog.createdAt, since),
      ),
    );
  return row?.n ?? 0;
};
