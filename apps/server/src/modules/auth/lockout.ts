import { writeAudit } from "../../platform/audit/audit.ts";
import type { Tx } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { FAILURES_BEFORE_LOCK, LOCK_WINDOW_MS, LOCKS_BEFORE_PERMANENT, TEMPORARY_LOCK_MS } from "./auth.constants.ts";
import {
  countTemporaryLocksSince,
  type SignInUser,
  TEMPORARY_LOCK_ACTION,
  updateLockState,
} from "./auth-users.repo.ts";

type LockState = Pick<SignInUser, "lockedUntil" | "lockedPermanently">;

/** Whether the user is locked out of sign-in at `now`: permanently, or temporarily until later. */
export const isSignInLocked = (user: LockState, now: Date): boolean =>
  user.lockedPermanently || (user.lockedUntil !== null && user.lockedUntil > now);

/** The 403 a locked user gets (spec section 8), or null when the user may try. */
export const lockError = (user: LockState, now: Date): AppError | null => {
  if (user.lockedPermanently) {
    return new AppError("USER_LOCKED_CONTACT_ADMIN", "The user is locked. Please contact your admin.");
  }
  if (user.lockedUntil && user.lockedUntil > now) {
    return new AppError("USER_TEMPORARILY_LOCKED", "The user is temporarily locked.", {
      locked_until: user.lockedUntil.toISOString(),
    });
  }
  return null;
};

export type FailureReason = "INVALID_CODE" | "INVALID_PASSCODE";

const failureMessages: Record<FailureReason, string> = {
  INVALID_CODE: "The verification code is not right.",
  INVALID_PASSCODE: "The passcode is not right.",
};

type Audit = { requestId: string };

/**
 * Counts one wrong code or passcode against a user whose row the transaction holds. The fifth in a row
 * locks for 15 minutes; the third temporary lock within 24 hours locks until an admin unlocks. Returns the
 * error to answer with, which the caller throws after the transaction commits (a throw inside would
 * roll the count back).
 */
export const recordFailure = async (
  tx: Tx,
  user: SignInUser,
  reason: FailureReason,
  now: Date,
  audit: Audit,
): Promise<AppError> => {
  const failures = user.failedAttempts + 1;
  const base = { objectType: "user", objectId: user.id, actorUserId: user.id, requestId: audit.requestId, at: now };
  await writeAudit(tx, { ...base, action: "auth.sign_in.failed", data: { reason, failures } });
  if (failures < FAILURES_BEFORE_LOCK) {
    await updateLockState(tx, user.id, { failedAttempts: failures }, now);
    return new AppError(reason, failureMessages[reason], { attempts_left: FAILURES_BEFORE_LOCK - failures });
  }

  const earlier = await countTemporaryLocksSince(tx, user.id, new Date(now.getTime() - LOCK_WINDOW_MS));
  const tempLockCount = user.tempLockCount + 1;
  if (earlier + 1 >= LOCKS_BEFORE_PERMANENT) {
    const patch = { failedAttempts: 0, lockedUntil: null, lockedPermanently: true, tempLockCount };
    await updateLockState(tx, user.id, patch, now);
    await writeAudit(tx, { ...base, action: TEMPORARY_LOCK_ACTION, data: { kind: "permanent", reason } });
    return new AppError("USER_LOCKED_CONTACT_ADMIN", "The user is locked. Please contact your admin.");
  }
  const lockedUntil = new Date(now.getTime() + TEMPORARY_LOCK_MS);
  await updateLockState(tx, user.id, { failedAttempts: 0, lockedUntil, tempLockCount }, now);
  await writeAudit(tx, {
    ...base,
    action: TEMPORARY_LOCK_ACTION,
    data: { kind: "temporary", reason, locked_until: lockedUntil.toISOString() },
  });
  return new AppError("USER_TEMPORARILY_LOCKED", "The user is temporarily locked.", {
    locked_until: lockedUntil.toISOString(),
  });
};

/** A completed sign-in: the count of wrong answers starts again. */
export const resetFailures = (tx: Tx, userId: string, now: Date): Promise<void> =>
  updateLockState(tx, userId, { failedAttempts: 0 }, now);

/**
 * Lifts a temporary or permanent lock (the admin's "unlock"). Authorisation is the caller's: this is the
 * service the people module's unlock action calls.
 */
export const unlockUser = async (
  tx: Tx,
  userId: string,
  now: Date,
  audit: Audit & { actorUserId: string; projectId?: string },
) => {
  await updateLockState(tx, userId, { failedAttempts: 0, lockedUntil: null, lockedPermanently: false }, now);
  await writeAudit(tx, {
    action: "auth.user.unlocked",
    objectType: "user",
    objectId: userId,
    projectId: audit.projectId ?? null,
    actorUserId: audit.actorUserId,
    requestId: audit.requestId,
    at: now,
  });
};
