import { parseKennitala } from "@kort/core";
import type { Executor } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { linkTo, publicBaseUrl } from "../../platform/outbox/links.ts";
import { type Outcome, refusal, success, unwrap } from "../../platform/outcome.ts";
import { EMAIL_LINK_TTL_MS } from "../auth/auth.constants.ts";
import { enforceRateLimits, signInLimits } from "../auth/rate-limit.ts";
import { getVerification, sendEmailLink, startVerification } from "../auth/verifications.service.ts";
import { findPendingInviteForEmail, inviteUnusable, lockInviteForUse } from "../invites/invites.service.ts";
import { assertKennitalaFree } from "../projects/memberships.service.ts";
import {
  findAttributes,
  findOpenInviteOnboarding,
  insertOnboarding,
  lockOnboarding,
  markAttributeVerified,
  upsertAttribute,
  userExistsWithEmail,
} from "./onboarding.repo.ts";
import type { CreateOnboardingInput, OnboardingView } from "./onboarding.schemas.ts";
import { isOpen, onboardingNotFound, onboardingView, restartSignUp } from "./onboarding.view.ts";

/** A sign-up is kept for a day; after that it starts again. */
export const ONBOARDING_TTL_MS = 24 * 60 * 60 * 1000;

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

const validationError = (path: string, message: string, reason: string) =>
  new AppError("VALIDATION_FAILED", "The request is not valid.", {
    issues: [{ path, code: "custom", message, params: { reason } }],
  });

/**
 * POST /v1/onboarding: a new company (name and company kennitala), or an invited person (an open invitation
 * for the e-mail). Sends the e-mail link `/emailConfirm?onboarding_id&verification_id&code`.
 */
export const createOnboarding = async (
  deps: AppDeps,
  ctx: RequestContext,
  input: CreateOnboardingInput,
): Promise<{ id: string; status: "created"; steps: 5 }> => {
  const now = deps.now();
  await enforceRateLimits(deps.db, signInLimits(input.email, ctx.address), now);
  if (input.company) {
    const kennitala = parseKennitala(input.company.kennitala);
    if (kennitala.ok && kennitala.kind !== "company") {
      throw validationError("company.kennitala", "validation.kennitala", "not_company");
    }
    // Told at the first step, so nobody verifies an e-mail and a phone for a company that cannot be theirs; checked
    // again, under a lock, when the sign-up completes. A company's kennitala is public record, so this tells
    // nothing that the company register does not.
    await assertKennitalaFree(deps.db, input.company.kennitala);
  }
  if (await userExistsWithEmail(deps.db, input.email)) {
    throw new AppError("CONFLICT", "This e-mail address has a user already. Please sign in.", {
      reason: "user_exists",
    });
  }
  const invite = input.company ? null : await findPendingInviteForEmail(deps.db, input.email, now);
  if (!input.company && !invite) {
    throw new AppError("UNKNOWN_USER", "There is no invitation for this e-mail address. Please contact support.");
  }
  const base = publicBaseUrl(deps.config, ctx.origin);

  const started = await deps.db.transaction(async (tx) => {
    const onboarding = await insertOnboarding(tx, {
      email: input.email,
      inviteId: invite?.id ?? null,
      companyName: input.company?.name ?? null,
      companyKennitala: input.company?.kennitala ?? null,
      steps: 5,
      expiresAt: later(now, ONBOARDING_TTL_MS),
      createdAt: now,
    });
    await upsertAttribute(tx, {
      onboardingId: onboarding.id,
      kind: "email",
      value: input.email,
      verifiedAt: null,
      now,
    });
    const verification = await startVerification(
      tx,
      {
        channel: "email",
        purpose: "sign_up_email",
        target: input.email,
        ttlMs: EMAIL_LINK_TTL_MS,
        onboardingId: onboarding.id,
      },
      now,
    );
    const link = linkTo(base, "/emailConfirm", {
      onboarding_id: onboarding.id,
      verification_id: verification.id,
      code: verification.code,
    });
    await sendEmailLink(tx, ctx.locale, input.email, link);
    return { id: onboarding.id };
  });
  return { id: started.id, status: "created", steps: 5 };
};

/**
 * The sign-up of a person who followed an invitation link: the link came by e-mail, so the address counts as
 * verified and sign-up has 4 steps. A second click continues the same sign-up.
 */
export const startInvitedOnboarding = async (
  tx: Executor,
  input: { email: string; inviteId: string; now: Date },
): Promise<{ id: string; steps: 4 }> => {
  const open = await findOpenInviteOnboarding(tx, input.inviteId, input.now);
  if (open) return { id: open.id, steps: 4 };
  const onboarding = await insertOnboarding(tx, {
    email: input.email,
    inviteId: input.inviteId,
    companyName: null,
    companyKennitala: null,
    steps: 4,
    expiresAt: later(input.now, ONBOARDING_TTL_MS),
    createdAt: input.now,
  });
  const { now } = input;
  await upsertAttribute(tx, { onboardingId: onboarding.id, kind: "email", value: input.email, verifiedAt: now, now });
  return { id: onboarding.id, steps: 4 };
};

/**
 * POST /v1/onboarding/{id}/verifications: a verified code of this sign-up marks its e-mail (link) or phone
 * (SMS code) verified. An invitation that expired meanwhile answers INVITATION_EXPIRED.
 */
export const linkVerification = async (deps: AppDeps, id: string, verificationId: string): Promise<OnboardingView> => {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome<OnboardingView>> => {
    const onboarding = await lockOnboarding(tx, id);
    if (!onboarding) return refusal(onboardingNotFound());
    if (!isOpen(onboarding, now)) return refusal(restartSignUp());
    if (onboarding.inviteId) {
      const invite = await lockInviteForUse(tx, onboarding.inviteId);
      const unusable = invite ? inviteUnusable(invite, now) : restartSignUp();
      if (unusable) return refusal(unusable);
    }
    const verification = await getVerification(tx, verificationId);
    if (verification?.onboardingId !== id || verification.status !== "verified") return refusal(restartSignUp());
    if (verification.purpose === "sign_up_email" && verification.target === onboarding.email) {
      await markAttributeVerified(tx, id, "email", now);
    } else if (verification.purpose === "sign_up_phone") {
      const phone = (await findAttributes(tx, id)).find((row) => row.kind === "phone");
      // The number may have changed after this code was sent: only the current number's code counts.
      if (phone?.value !== verification.target) return refusal(restartSignUp());
      await markAttributeVerified(tx, id, "phone", now);
    } else {
      return refusal(restartSignUp());
    }
    return success(await onboardingView(tx, onboarding, now));
  });
  return unwrap(outcome);
};
