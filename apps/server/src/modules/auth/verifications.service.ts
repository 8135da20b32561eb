import type { Executor, Tx } from "../../platform/db/client.ts";
import type { VerificationRow } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { type Outcome, refusal, success, unwrap } from "../../platform/outcome.ts";
import { MAX_CODE_ATTEMPTS } from "./auth.constants.ts";
import { lockSignInUser } from "./auth-users.repo.ts";
import { hashCode, newCode, verifyCode } from "./codes.ts";
import { lockError, recordFailure } from "./lockout.ts";
import {
  findVerificationById,
  insertVerification,
  lockVerification,
  updateVerification,
  type VerificationPurpose,
} from "./verifications.repo.ts";

export { sendEmailLink, sendSmsCode } from "./messages.ts";
export type { VerificationPurpose } from "./verifications.repo.ts";

export type StartVerification = {
  channel: "sms" | "email";
  purpose: VerificationPurpose;
  target: string;
  ttlMs: number;
  userId?: string;
  tokenId?: string;
  onboardingId?: string;
};

/**
 * Makes a one-time code and stores its argon2id hash. The caller sends the code (after its transaction
 * commits) with sendSmsCode or sendEmailLink; the code itself is never stored.
 */
export const startVerification = async (
  db: Executor,
  input: StartVerification,
  now: Date,
): Promise<{ id: string; code: string; expiresAt: Date }> => {
  const code = newCode();
  const expiresAt = new Date(now.getTime() + input.ttlMs);
  const { ttlMs: _ttl, ...rest } = input;
  const row = await insertVerification(db, { ...rest, codeHash: await hashCode(code), expiresAt, createdAt: now });
  return { id: row.id, code, expiresAt };
};

const restart = () => new AppError("RESTART_REQUIRED", "Please start again.");

/**
 * Checks a code against a verification the transaction holds locked. Used or failed verifications answer
 * RESTART_REQUIRED, late ones CODE_EXPIRED, wrong codes INVALID_CODE; a verification takes five wrong codes. A code
 * of a person's verification also counts towards their lock, and a locked person is refused before the code is
 * looked at. A refusal is returned, to be thrown after the transaction commits what it counted.
 */
export const checkCode = async (
  tx: Tx,
  verification: VerificationRow,
  code: string,
  now: Date,
  requestId: string,
): Promise<Outcome<{ id: string; status: "verified" }>> => {
  const { id } = verification;
  const user = verification.userId ? await lockSignInUser(tx, verification.userId) : null;
  const locked = user ? lockError(user, now) : null;
  if (locked) return refusal(locked);
  if (verification.status === "verified" || verification.status === "failed") return refusal(restart());
  if (verification.status === "expired" || verification.expiresAt <= now) {
    await updateVerification(tx, id, { status: "expired" });
    return refusal(new AppError("CODE_EXPIRED", "The code has expired. Please ask for a new one."));
  }

  if (await verifyCode(code, verification.codeHash)) {
    await updateVerification(tx, id, { status: "verified", verifiedAt: now });
    return success({ id, status: "verified" as const });
  }
  const attempts = verification.attempts + 1;
  await updateVerification(tx, id, { attempts, status: attempts >= MAX_CODE_ATTEMPTS ? "failed" : "started" });
  if (user) return refusal(await recordFailure(tx, user, "INVALID_CODE", now, { requestId }));
  return refusal(
    new AppError("INVALID_CODE", "The verification code is not right.", {
      attempts_left: Math.max(0, MAX_CODE_ATTEMPTS - attempts),
    }),
  );
};

/**
 * POST /v1/verifications/{id}/data: checks a code of sign-in or sign-up (checkCode). A phone change's code is
 * checked by the change itself, which applies it in the same transaction, so here it is not found.
 */
export const submitCode = async (
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  code: string,
): Promise<{ id: string; status: "verified" }> => {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const verification = await lockVerification(tx, id);
    if (!verification || verification.purpose === "phone_change") return refusal(restart());
    return checkCode(tx, verification, code, now, ctx.requestId);
  });
  return unwrap(outcome);
};

export type VerificationView = Pick<
  VerificationRow,
  "id" | "status" | "purpose" | "channel" | "target" | "onboardingId" | "tokenId" | "verifiedAt" | "expiresAt"
>;

/** A verification as other modules see it (never the code hash). */
export const getVerification = async (db: Executor, id: string): Promise<VerificationView | null> => {
  const row = await findVerificationById(db, id);
  if (!row) return null;
  const { codeHash: _hash, ...view } = row;
  return view;
};
