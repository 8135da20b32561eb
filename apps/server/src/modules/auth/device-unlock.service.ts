import { writeAudit } from "../../platform/audit/audit.ts";
import type { Tx } from "../../platform/db/client.ts";
import type { AppError } from "../../platform/errors.ts";
import { lockSignInUser } from "./auth-users.repo.ts";
import { lockError } from "./lockout.ts";
import { type ApprovedToken, beginSession } from "./sessions.service.ts";

/**
 * Issue 17: a person unlocks the employee app with their phone's biometrics (a verified WebAuthn assertion, the
 * webauthn module) instead of the passcode. It begins a session exactly as a passcode sign-in does (a new approved
 * token, 1 hour, renewable for 30 days), and is refused exactly as one is while the person is locked. Runs in the
 * caller's transaction, so the session and the credential's new counter commit together.
 */
export const beginUnlockedSession = async (
  tx: Tx,
  input: { userId: string; deviceId: string; now: Date; requestId: string },
): Promise<ApprovedToken | AppError> => {
  const user = await lockSignInUser(tx, input.userId);
  if (!user) throw new Error("the credential's user vanished");
  const locked = lockError(user, input.now);
  if (locked) return locked;
  const approved = await beginSession(tx, { userId: user.id, now: input.now, authenticator: "webauthn" });
  await writeAudit(tx, {
    action: "auth.sign_in.succeeded",
    objectType: "user",
    objectId: user.id,
    actorUserId: user.id,
    data: { token_id: approved.id, method: "webauthn", device_id: input.deviceId },
    requestId: input.requestId,
    at: input.now,
  });
  return approved;
};
