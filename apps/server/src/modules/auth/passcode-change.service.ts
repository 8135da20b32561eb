import { storedLocale } from "@kort/core";
import { writeAudit } from "../../platform/audit/audit.ts";
import { hashPasscode, verifyPasscode } from "../../platform/crypto/passwords.ts";
import { AppError } from "../../platform/errors.ts";
import type { UserContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { type Outcome, refusal, success, unwrap } from "../../platform/outcome.ts";
import type { PasscodeChangeBody } from "./auth.schemas.ts";
import { setPasscodeHash } from "./auth-users.repo.ts";
import { passcodeChangedNotice, sendSecurityNotice } from "./messages.ts";
import { checkPasscode } from "./passcode-check.service.ts";
import { deleteOtherTokens, deleteUnlockKeys } from "./tokens.repo.ts";

export type PasscodeChanged = { changed_at: Date; signed_out_sessions: number; unlock_keys_removed: number };

/**
 * PUT /v1/users/current/passcode (spec 6: the person's own `user reset-secret`): the current passcode, then the new
 * one. One transaction on the user's locked row: the current passcode is checked as at sign-in (a wrong one counts
 * towards the lock), the new one is stored as its hash only, every other session of the person ends, the biometric
 * unlock keys set up with the old passcode go, and the change is audited and e-mailed to the person, so a change
 * they did not make does not go unnoticed. The session that made the change stays signed in.
 */
export const changePasscode = async (
  deps: AppDeps,
  ctx: UserContext,
  body: PasscodeChangeBody,
): Promise<PasscodeChanged> => {
  const { tokenHash } = ctx;
  if (!tokenHash) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome<PasscodeChanged>> => {
    const checked = await checkPasscode(tx, ctx.user.id, body.passcode, now, ctx.requestId);
    if (!checked.ok) return checked;
    const user = checked.value;
    // Compared by the stored hash, as sign-in will: the same four digits are no change.
    if (user.passcodeHash && (await verifyPasscode(body.new_passcode, user.passcodeHash))) {
      return refusal(
        new AppError("PASSCODE_UNCHANGED", "The new passcode is the current one.", { field: "new_passcode" }),
      );
    }
    await setPasscodeHash(tx, user.id, await hashPasscode(body.new_passcode), now);
    const signedOut = await deleteOtherTokens(tx, user.id, tokenHash);
    const unlockKeys = await deleteUnlockKeys(tx, user.id);
    await writeAudit(tx, {
      action: "auth.passcode.changed",
      objectType: "user",
      objectId: user.id,
      actorUserId: user.id,
      requestId: ctx.requestId,
      data: { signed_out_sessions: signedOut, unlock_keys_removed: unlockKeys },
      at: now,
    });
    const locale = storedLocale(user.locale);
    await sendSecurityNotice(
      tx,
      locale,
      { to: user.email, name: ctx.user.fullName, support: deps.config.support.email },
      passcodeChangedNotice(locale, now),
    );
    return success({ changed_at: now, signed_out_sessions: signedOut, unlock_keys_removed: unlockKeys });
  });
  return unwrap(outcome);
};
