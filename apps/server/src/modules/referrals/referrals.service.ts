import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { writeAudit } from "../../platform/audit/audit.ts";
import { timePageOf } from "../../platform/db/keyset-cursor.ts";
import { AppError } from "../../platform/errors.ts";
import { authorize } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { linkTo, publicBaseUrl } from "../../platform/outbox/links.ts";
import { sendReferral } from "./referrals.messages.ts";
import {
  companyOf,
  insertReferral,
  lockReferralByCode,
  markCompanyReferred,
  markRedeemed,
  type ReferralRecord,
  referralsPage,
} from "./referrals.repo.ts";
import { createReferralInput, type ReferralDto, referralPageInput } from "./referrals.schemas.ts";

/**
 * Referrals (spec 7; issue 16). A project owner invites another company by e-mail: the mail (through the outbox,
 * in the transaction that records the referral) carries a link to the company sign-up with a code. The new
 * company's owner redeems the code right after sign-up; the referrer then sees who joined. The policy question is
 * `user invite` on the company: inviting someone in, which only project owners may (spec 6).
 */

/** A referral's code is valid for 30 days. */
export const REFERRAL_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Only a company signed up within this long may redeem a code: a referral is how a company came to Kort, not
 * something an established company collects later.
 */
export const REDEEM_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

const emailShape = z.email().max(254);
const CODE_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

export const hashReferralCode = (code: string): string => createHash("sha256").update(code).digest("hex");

const dtoOf = (row: ReferralRecord): ReferralDto => ({
  id: row.id,
  email: row.email,
  created_at: row.createdAt,
  expires_at: row.expiresAt,
  joined_company: row.redeemedCompanyName,
  joined_at: row.redeemedAt,
});

const authorizeReferral = (ctx: ProjectContext) =>
  authorize(ctx, "user", "invite", { project_id: ctx.membership.projectId });

/** POST /v1/referrals {email}. */
export const createReferral = async (deps: AppDeps, ctx: ProjectContext, input: unknown): Promise<ReferralDto> => {
  authorizeReferral(ctx);
  const email = createReferralInput.parse(input).email.trim().toLowerCase();
  if (!emailShape.safeParse(email).success) {
    throw new AppError("EMAIL_ADDRESS_INVALID", "This is not a valid e-mail address.", { field: "email" });
  }
  const projectId = ctx.membership.projectId;
  const now = deps.now();
  const code = randomBytes(16).toString("base64url");
  const base = publicBaseUrl(deps.config, ctx.origin);
  return deps.db.transaction(async (tx) => {
    const company = await companyOf(tx, projectId);
    const row = await insertReferral(tx, {
      projectId,
      email,
      codeHash: hashReferralCode(code),
      createdBy: ctx.user.id,
      now,
      expiresAt: new Date(now.getTime() + REFERRAL_TTL_MS),
    });
    await sendReferral(tx, ctx.locale, {
      to: email,
      company: company?.title ?? "Kort",
      link: linkTo(base, "/onboarding/create", { referral: code }),
      projectId,
    });
    await writeAudit(tx, {
      action: "referral.created",
      objectType: "referral",
      objectId: row.id,
      projectId,
      actorUserId: ctx.user.id,
      requestId: ctx.requestId,
      at: now,
    });
    return dtoOf(row);
  });
};

/** The referrer's list: whom they invited and which companies joined. */
export const referralsFor = async (deps: AppDeps, ctx: ProjectContext, args: unknown) => {
  authorizeReferral(ctx);
  const { first, after } = referralPageInput.parse(args ?? {});
  const limit = first ?? 20;
  const rows = await referralsPage(deps.db, ctx.membership.projectId, { cursor: after ?? null, limit });
  const page = timePageOf(rows, limit);
  return { nodes: page.nodes.map(dtoOf), next_cursor: page.next_cursor };
};

const invalidCode = () => new AppError("REFERRAL_CODE_INVALID", "This referral code is not valid.");
const notRedeemable = (reason: string) =>
  new AppError("REFERRAL_NOT_REDEEMABLE", "This company cannot use a referral code.", { reason });

/**
 * POST /v1/referrals/redeem/{code}: the caller's company (new, signed up within REDEEM_WINDOW_MS, never referred)
 * joins through the referral. An unknown or expired code is REFERRAL_CODE_INVALID, a used one REFERRAL_CODE_USED.
 */
export const redeemReferral = async (deps: AppDeps, ctx: ProjectContext, code: string) => {
  authorizeReferral(ctx);
  if (!CODE_SHAPE.test(code)) throw invalidCode();
  const projectId = ctx.membership.projectId;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const referral = await lockReferralByCode(tx, hashReferralCode(code));
    if (!referral || referral.expiresAt <= now) throw invalidCode();
    if (referral.redeemedAt !== null) throw new AppError("REFERRAL_CODE_USED", "This referral code has been used.");
    if (referral.projectId === projectId) throw notRedeemable("own_referral");
    const company = await companyOf(tx, projectId);
    if (!company || now.getTime() - company.createdAt.getTime() > REDEEM_WINDOW_MS) {
      throw notRedeemable("not_new");
    }
    if (!(await markCompanyReferred(tx, projectId, now))) throw notRedeemable("already_referred");
    await markRedeemed(tx, {
      referrerProjectId: referral.projectId,
      id: referral.id,
      projectId,
      companyName: company.title,
      now,
    });
    await writeAudit(tx, {
      action: "referral.redeemed",
      objectType: "referral",
      objectId: referral.id,
      projectId,
      actorUserId: ctx.user.id,
      data: { referrer_project_id: referral.projectId },
      requestId: ctx.requestId,
      at: now,
    });
    return { redeemed: true as const, redeemed_at: now };
  });
};
