import { formatPhone, storedLocale } from "@kort/core";
import { writeAudit } from "../../platform/audit/audit.ts";
import { AppError } from "../../platform/errors.ts";
import type { UserContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { type Outcome, refusal, success, unwrap } from "../../platform/outcome.ts";
import { CODE_TTL_MS } from "./auth.constants.ts";
import type { PhoneChangeBody, PhoneChangeConfirmBody } from "./auth.schemas.ts";
import { setPhone } from "./auth-users.repo.ts";
import { phoneChangedNotice, sendSecurityNotice, sendSmsCode } from "./messages.ts";
import { checkPasscode } from "./passcode-check.service.ts";
import { enforceRateLimits, signInLimits } from "./rate-limit.ts";
import { lockVerification } from "./verifications.repo.ts";
import { checkCode, startVerification } from "./verifications.service.ts";

export type PhoneChangeStarted = { verification_id: string; expires_at: Date; phone_hint: string };

/**
 * POST /v1/users/current/phone (spec 6: the person's own `user change-phone`): the new mobile number and the
 * passcode. The passcode is checked as at sign-in (a wrong one counts towards the lock: a phone left signed in must
 * not be enough to move the sign-in codes elsewhere), then a 6-digit code goes by SMS to the new number. Nothing
 * changes until the code comes back (confirmPhoneChange). Limited like a sign-in, per number and per address.
 */
export const startPhoneChange = async (
  deps: AppDeps,
  ctx: UserContext,
  body: PhoneChangeBody,
): Promise<PhoneChangeStarted> => {
  const now = deps.now();
  await enforceRateLimits(deps.db, signInLimits(body.phone, ctx.address), now);
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome<PhoneChangeStarted>> => {
    const checked = await checkPasscode(tx, ctx.user.id, body.passcode, now, ctx.requestId);
    if (!checked.ok) return checked;
    const user = checked.value;
    if (user.phone === body.phone) {
      return refusal(new AppError("PHONE_UNCHANGED", "This is the phone number you have now.", { field: "phone" }));
    }
    const verification = await startVerification(
      tx,
      { channel: "sms", purpose: "phone_change", target: body.phone, ttlMs: CODE_TTL_MS, userId: user.id },
      now,
    );
    await sendSmsCode(tx, ctx.locale, body.phone, verification.code);
    return success({
      verification_id: verification.id,
      expires_at: verification.expiresAt,
      phone_hint: body.phone.slice(-3),
    });
  });
  return unwrap(outcome);
};

/**
 * PUT /v1/users/current/phone: the code the new number received. Checked as a sign-in code is (five wrong ones end
 * the verification, and each counts towards the person's lock), and on success the number is the person's in the
 * same transaction: the next sign-in code goes to it. Audited with the last three digits of each number, and the
 * person is e-mailed, so a change they did not make does not go unnoticed.
 */
export const confirmPhoneChange = async (
  deps: AppDeps,
  ctx: UserContext,
  body: PhoneChangeConfirmBody,
): Promise<{ phone: string }> => {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome<{ phone: string }>> => {
    const verification = await lockVerification(tx, body.verification_id);
    // Another person's verification, or one of sign-in, reads as none: start again.
    if (verification?.purpose !== "phone_change" || verification.userId !== ctx.user.id) {
      return refusal(new AppError("RESTART_REQUIRED", "Please start again."));
    }
    const checked = await checkCode(tx, verification, body.code, now, ctx.requestId);
    if (!checked.ok) return checked;
    const previous = await setPhone(tx, ctx.user.id, verification.target, now);
    await writeAudit(tx, {
      action: "auth.phone.changed",
      objectType: "user",
      objectId: ctx.user.id,
      actorUserId: ctx.user.id,
      requestId: ctx.requestId,
      data: { from_hint: previous.phone?.slice(-3) ?? null, to_hint: verification.target.slice(-3) },
      at: now,
    });
    const locale = storedLocale(previous.locale);
    await sendSecurityNotice(
      tx,
      locale,
      { to: ctx.user.email, name: ctx.user.fullName, support: deps.config.support.email },
      phoneChangedNotice(locale, now, formatPhone(verification.target, "international")),
    );
    return success({ phone: verification.target });
  });
  return unwrap(outcome);
};
