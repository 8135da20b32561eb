import { verifyPasscode } from "../../platform/crypto/passwords.ts";
import { AppError } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { lockSignInUser } from "./auth-users.repo.ts";
import { lockError, recordFailure, resetFailures } from "./lockout.ts";

/**
 * A signed-in person re-enters their passcode before a sensitive action (the employee app's card reveal). A wrong
 * passcode counts towards the same lock as sign-in, so a stolen unlocked phone cannot guess it; a locked user is
 * refused. The refusal is thrown after the transaction commits, or the count would roll back with it.
 */
export const confirmPasscode = async (deps: AppDeps, ctx: RequestContext, userId: string, pin: string) => {
  const now = deps.now();
  const refusal = await deps.db.transaction(async (tx): Promise<AppError | null> => {
    const user = await lockSignInUser(tx, userId);
    if (!user?.passcodeHash) return new AppError("INVALID_PASSCODE", "No passcode is set for this user.");
    const locked = lockError(user, now);
    if (locked) return locked;
    if (!(await verifyPasscode(pin, user.passcodeHash))) {
      return recordFailure(tx, user, "INVALID_PASSCODE", now, { requestId: ctx.requestId });
    }
    if (user.failedAttempts > 0) await resetFailures(tx, user.id, now);
    return null;
  });
  if (refusal) throw refusal;
};
