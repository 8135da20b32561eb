import { verifyPasscode } from "../../platform/crypto/passwords.ts";
import type { Tx } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { type Outcome, refusal, success, unwrap } from "../../platform/outcome.ts";
import { lockSignInUser, type SignInUser } from "./auth-users.repo.ts";
import { lockError, recordFailure, resetFailures } from "./lockout.ts";

/**
 * The passcode of a signed-in person checked on the transaction that then acts on it, the user's row locked. A wrong
 * passcode counts towards the same lock as sign-in, so a stolen unlocked phone cannot guess it; a locked user is
 * refused. The refusal is returned, not thrown: the caller throws it after the transaction commits, or the count
 * would roll back with it.
 */
export const checkPasscode = async (
  tx: Tx,
  userId: string,
  pin: string,
  now: Date,
  requestId: string,
): Promise<Outcome<SignInUser>> => {
  const user = await lockSignInUser(tx, userId);
  if (!user?.passcodeHash) return refusal(new AppError("INVALID_PASSCODE", "No passcode is set for this user."));
  const locked = lockError(user, now);
  if (locked) return refusal(locked);
  if (!(await verifyPasscode(pin, user.passcodeHash))) {
    return refusal(await recordFailure(tx, user, "INVALID_PASSCODE", now, { requestId }));
  }
  if (user.failedAttempts > 0) await resetFailures(tx, user.id, now);
  return success(user);
};

/** The passcode re-entered before a sensitive action (the employee app's card reveal, PIN, biometrics). */
export const confirmPasscode = async (deps: AppDeps, ctx: RequestContext, userId: string, pin: string) => {
  const now = deps.now();
  unwrap(await deps.db.transaction((tx) => checkPasscode(tx, userId, pin, now, ctx.requestId)));
};
