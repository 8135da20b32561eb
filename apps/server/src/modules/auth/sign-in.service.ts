import { writeAudit } from "../../platform/audit/audit.ts";
import { verifyPasscode } from "../../platform/crypto/passwords.ts";
import { AppError } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/context.ts";
import { hashToken } from "../../platform/http/headers.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { type Outcome, refusal, success, unwrap } from "../../platform/outcome.ts";
import { hasPendingInvite } from "../invites/invites.service.ts";
import { CODE_TTL_MS, PENDING_TOKEN_TTL_MS } from "./auth.constants.ts";
import type { CreateTokenInput, PendingToken } from "./auth.schemas.ts";
import { findSignInUserByEmail, lockSignInUser } from "./auth-users.repo.ts";
import { newBearerToken } from "./codes.ts";
import { lockError, recordFailure, resetFailures } from "./lockout.ts";
import { sendSmsCode } from "./messages.ts";
import { enforceRateLimits, signInLimits } from "./rate-limit.ts";
import { type ApprovedToken, beginSession } from "./sessions.service.ts";
import { insertToken, lockTokenById } from "./tokens.repo.ts";
import { findTokenVerification } from "./verifications.repo.ts";
import { startVerification } from "./verifications.service.ts";

const refuse = async (deps: AppDeps, ctx: RequestContext, error: AppError, who: { userId?: string; email: string }) => {
  await writeAudit(deps.db, {
    action: "auth.sign_in.refused",
    objectType: "user",
    objectId: who.userId ?? null,
    actorUserId: who.userId ?? null,
    data: { reason: error.code, email: who.email },
    requestId: ctx.requestId,
    at: deps.now(),
  });
  return error;
};

/**
 * POST /v1/tokens: step 1 of sign-in. Makes a token in status `created` and sends a 6-digit code to the
 * user's phone. Unknown e-mails are told apart only as far as docs/auth.md asks: invited (sign up) or not.
 */
export const startSignIn = async (
  deps: AppDeps,
  ctx: RequestContext,
  input: CreateTokenInput,
): Promise<PendingToken> => {
  const email = input.identity.value;
  const now = deps.now();
  await enforceRateLimits(deps.db, signInLimits(email, ctx.address), now);

  const user = await findSignInUserByEmail(deps.db, email);
  if (!user) {
    const invited = await hasPendingInvite(deps.db, email, now);
    throw await refuse(
      deps,
      ctx,
      invited
        ? new AppError("SIGN_UP_REQUIRED", "Please finish signing up first.")
        : new AppError("UNKNOWN_USER", "There is no user with this e-mail address. Please contact support."),
      { email },
    );
  }
  const locked = lockError(user, now);
  if (locked) throw await refuse(deps, ctx, locked, { userId: user.id, email });
  const { phone, passcodeHash } = user;
  if (!phone || !passcodeHash) {
    // A user row without a phone or passcode never finished sign-up (e.g. made by an import): support helps.
    throw await refuse(deps, ctx, new AppError("UNKNOWN_USER", "This user cannot sign in. Please contact support."), {
      userId: user.id,
      email,
    });
  }

  const started = await deps.db.transaction(async (tx) => {
    // The real bearer token is made at approval; until then the row holds the hash of a throwaway secret.
    const token = await insertToken(tx, {
      userId: user.id,
      tokenHash: hashToken(newBearerToken()),
      status: "created",
      authenticator: input.authenticator,
      deviceId: input.device?.id,
      deviceMake: input.device?.make,
      expiresAt: new Date(now.getTime() + PENDING_TOKEN_TTL_MS),
      createdAt: now,
    });
    const verification = await startVerification(
      tx,
      { channel: "sms", purpose: "sign_in", target: phone, ttlMs: CODE_TTL_MS, userId: user.id, tokenId: token.id },
      now,
    );
    await sendSmsCode(tx, ctx.locale, phone, verification.code);
    return { tokenId: token.id, verification, expiresAt: new Date(now.getTime() + PENDING_TOKEN_TTL_MS) };
  });
  return {
    id: started.tokenId,
    status: "created",
    expires_at: started.expiresAt,
    verification_id: started.verification.id,
    phone_hint: phone.slice(-3),
  };
};

const restart = () => new AppError("RESTART_REQUIRED", "Please start signing in again.");

/**
 * POST /v1/tokens/{id}/secret: step 3. With the phone code verified, the right passcode approves the token
 * and begins a session; a wrong one counts towards the lock.
 */
export const approveWithPasscode = async (
  deps: AppDeps,
  ctx: RequestContext,
  tokenId: string,
  pin: string,
): Promise<ApprovedToken> => {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome<ApprovedToken>> => {
    const token = await lockTokenById(tx, tokenId);
    if (token?.status !== "created" || token.expiresAt <= now) return refusal(restart());
    const user = await lockSignInUser(tx, token.userId);
    if (!user?.passcodeHash) return refusal(restart());
    const locked = lockError(user, now);
    if (locked) return refusal(locked);
    const verification = await findTokenVerification(tx, token.id);
    if (verification?.status !== "verified") return refusal(restart());

    if (!(await verifyPasscode(pin, user.passcodeHash))) {
      return refusal(await recordFailure(tx, user, "INVALID_PASSCODE", now, { requestId: ctx.requestId }));
    }
    await resetFailures(tx, user.id, now);
    const approved = await beginSession(tx, { userId: user.id, now, pendingTokenId: token.id });
    await writeAudit(tx, {
      action: "auth.sign_in.succeeded",
      objectType: "user",
      objectId: user.id,
      actorUserId: user.id,
      data: { token_id: token.id, device_make: token.deviceMake },
      requestId: ctx.requestId,
      at: now,
    });
    return success(approved);
  });
  return unwrap(outcome);
};
