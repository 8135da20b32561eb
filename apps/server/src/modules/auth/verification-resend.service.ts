import { writeAudit } from "../../platform/audit/audit.ts";
import type { VerificationRow } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { type Outcome, refusal, success, unwrap } from "../../platform/outcome.ts";
import { CODE_TTL_MS, MAX_CODE_ATTEMPTS, RATE_WINDOW_MS, RESENDS_PER_VERIFICATION } from "./auth.constants.ts";
import { lockSignInUser } from "./auth-users.repo.ts";
import { hashCode, newCode } from "./codes.ts";
import { lockError } from "./lockout.ts";
import { sendSmsCode } from "./messages.ts";
import { enforceRateLimits, signInLimits } from "./rate-limit.ts";
import { lockTokenById } from "./tokens.repo.ts";
import { findVerificationById, lockVerification, updateVerification } from "./verifications.repo.ts";

/**
 * Spec 7, `GET /verifications/{id}` and `POST /verifications/{id}/start`: where a one-time code stands, and a new
 * code for it when the SMS did not arrive. Verifications are made by the steps that need them (sign-in's
 * `POST /tokens`, sign-up's phone and e-mail, a phone change), each bound to its purpose, so there is no free-standing
 * create: a call that sends a code to any number would be an SMS pump.
 */

export type VerificationStatusDto = {
  id: string;
  status: "created" | "started" | "verified" | "expired" | "failed";
  channel: VerificationRow["channel"];
  /** The last three digits of the phone, or the e-mail with its name shortened: enough to recognise, no more. */
  target_hint: string;
  expires_at: Date;
  attempts_left: number;
};

const hintOf = (row: Pick<VerificationRow, "channel" | "target">): string => {
  if (row.channel === "sms") return row.target.slice(-3);
  const [name = "", domain = ""] = row.target.split("@");
  return `${name.slice(0, 1)}…@${domain}`;
};

const statusOf = (row: VerificationRow, now: Date): VerificationStatusDto["status"] =>
  (row.status === "created" || row.status === "started") && row.expiresAt <= now ? "expired" : row.status;

const toDto = (row: VerificationRow, now: Date): VerificationStatusDto => ({
  id: row.id,
  status: statusOf(row, now),
  channel: row.channel,
  target_hint: hintOf(row),
  expires_at: row.expiresAt,
  attempts_left: Math.max(0, MAX_CODE_ATTEMPTS - row.attempts),
});

const notFound = () => new AppError("NOT_FOUND", "The verification was not found.");
const restart = () => new AppError("RESTART_REQUIRED", "Please start again.");

/** Where a verification stands; its code, user and purpose are not told. */
export const getVerificationStatus = async (deps: AppDeps, id: string): Promise<VerificationStatusDto> => {
  const row = await findVerificationById(deps.db, id);
  if (!row) throw notFound();
  return toDto(row, deps.now());
};

/** The codes sent by SMS that a person may ask again; an e-mail link and a phone change are sent by their own steps. */
const RESENDABLE = new Set(["sign_in", "sign_up_phone"]);

/**
 * A new code for a verification still waiting for one: the old code stops working, the new one gets the purpose's
 * time (for a sign-in never past its pending token), and the wrong codes already tried still count, so asking again
 * buys no more guesses. Limited like a sign-in per address, and to a few sends per verification.
 */
export const resendCode = async (deps: AppDeps, ctx: RequestContext, id: string): Promise<VerificationStatusDto> => {
  const now = deps.now();
  await enforceRateLimits(
    deps.db,
    [
      ...signInLimits(undefined, ctx.address),
      { key: `verification:${id}`, max: RESENDS_PER_VERIFICATION, windowMs: RATE_WINDOW_MS },
    ],
    now,
  );
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome<VerificationStatusDto>> => {
    const row = await lockVerification(tx, id);
    if (!row) return refusal(notFound());
    if (!RESENDABLE.has(row.purpose) || row.status === "verified" || row.status === "failed") {
      return refusal(restart());
    }
    let expiresAt = new Date(now.getTime() + CODE_TTL_MS);
    // The token before the person, in the order approving a sign-in takes them.
    if (row.tokenId) {
      const token = await lockTokenById(tx, row.tokenId);
      if (token?.status !== "created" || token.expiresAt <= now) return refusal(restart());
      if (token.expiresAt < expiresAt) expiresAt = token.expiresAt;
    }
    const user = row.userId ? await lockSignInUser(tx, row.userId) : null;
    const locked = user ? lockError(user, now) : null;
    if (locked) return refusal(locked);
    const code = newCode();
    await updateVerification(tx, row.id, { codeHash: await hashCode(code), expiresAt, status: "started" });
    await sendSmsCode(tx, ctx.locale, row.target, code);
    await writeAudit(tx, {
      action: "auth.code.resent",
      objectType: "verification",
      objectId: row.id,
      actorUserId: row.userId,
      data: { purpose: row.purpose },
      requestId: ctx.requestId,
      at: now,
    });
    return success(toDto({ ...row, expiresAt, status: "started" }, now));
  });
  return unwrap(outcome);
};
