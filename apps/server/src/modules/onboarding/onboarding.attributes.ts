import { parseIcelandicMobile, parseKennitala } from "@kort/core";
import { hashPasscode } from "../../platform/crypto/passwords.ts";
import type { ValidationIssue } from "../../platform/errors.ts";
import { AppError } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { CODE_TTL_MS } from "../auth/auth.constants.ts";
import { enforceRateLimits, signInLimits } from "../auth/rate-limit.ts";
import { sendSmsCode, startVerification } from "../auth/verifications.service.ts";
import {
  findAttributes,
  findOnboarding,
  lockOnboarding,
  ninInUse,
  updateOnboarding,
  upsertAttribute,
} from "./onboarding.repo.ts";
import type { AttributeInput, OnboardingView, SetAttributesInput } from "./onboarding.schemas.ts";
import { isOpen, onboardingNotFound, onboardingView, restartSignUp } from "./onboarding.view.ts";

type Issue = ValidationIssue & { params?: { reason: string } };

/** Rules beyond the format, which need the database or the parsed value: spec section 5 and decisions.md. */
const checkAttribute = async (deps: AppDeps, attribute: AttributeInput, index: number): Promise<Issue | null> => {
  const path = `attributes.${index}.value`;
  if (attribute.kind === "national_id") {
    const kennitala = parseKennitala(attribute.value);
    if (kennitala.ok && kennitala.kind !== "person") {
      return { path, code: "custom", message: "validation.kennitala", params: { reason: "not_person" } };
    }
    if (await ninInUse(deps.db, attribute.value)) {
      return { path, code: "custom", message: "validation.kennitala", params: { reason: "in_use" } };
    }
  }
  if (attribute.kind === "phone") {
    const phone = parseIcelandicMobile(attribute.value);
    // A landline cannot receive the SMS code; a number that is no phone at all the attribute schema refused.
    if (!phone.ok && phone.reason === "not_mobile") {
      return { path, code: "custom", message: "validation.phone", params: { reason: "not_mobile" } };
    }
  }
  return null;
};

const needsConsent = (input: SetAttributesInput): Issue[] =>
  [
    input.terms_accepted === true ? null : { path: "terms_accepted", code: "custom", message: "validation.required" },
    input.privacy_accepted === true
      ? null
      : { path: "privacy_accepted", code: "custom", message: "validation.required" },
  ].filter((issue): issue is Issue => issue !== null);

/** What is stored for an attribute: the passcode only as its argon2id hash. */
const storedValue = (attribute: AttributeInput): Promise<string> | string =>
  attribute.kind === "app_pin" ? hashPasscode(attribute.value) : attribute.value;

/**
 * POST /v1/onboarding/{id}/attributes. Needs the e-mail verified first (EMAIL_NOT_CONFIRMED). The full name
 * comes with terms and privacy consent; a phone number answers a verification id and an SMS code.
 */
export const setAttributes = async (
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  input: SetAttributesInput,
): Promise<OnboardingView & { verification_id?: string }> => {
  const now = deps.now();
  const onboarding = await findOnboarding(deps.db, id);
  if (!onboarding) throw onboardingNotFound();
  if (!isOpen(onboarding, now)) throw restartSignUp();
  const email = (await findAttributes(deps.db, id)).find((row) => row.kind === "email");
  if (!email?.verifiedAt) throw new AppError("EMAIL_NOT_CONFIRMED", "Please confirm your e-mail address first.");

  const issues: Issue[] = [];
  for (const [index, attribute] of input.attributes.entries()) {
    const issue = await checkAttribute(deps, attribute, index);
    if (issue) issues.push(issue);
  }
  if (input.attributes.some((attribute) => attribute.kind === "full_name")) issues.push(...needsConsent(input));
  if (issues.length > 0) throw new AppError("VALIDATION_FAILED", "The request is not valid.", { issues });

  const phone = input.attributes.find((attribute) => attribute.kind === "phone");
  // Per address, and per number: nobody gets to flood one phone with codes from many addresses.
  if (phone) await enforceRateLimits(deps.db, signInLimits(phone.value, ctx.address), now);
  // Hashing a passcode costs argon2id's memory and time on purpose: limited like sign-in, per sign-up and address.
  if (input.attributes.some((attribute) => attribute.kind === "app_pin")) {
    await enforceRateLimits(deps.db, signInLimits(`onboarding-passcode:${id}`, ctx.address), now);
  }
  const values = await Promise.all(
    input.attributes.map(async (attribute) => [attribute, await storedValue(attribute)] as const),
  );

  const result = await deps.db.transaction(async (tx) => {
    const locked = await lockOnboarding(tx, id);
    if (!locked || !isOpen(locked, now)) return null;
    for (const [attribute, value] of values) {
      await upsertAttribute(tx, { onboardingId: id, kind: attribute.kind, value, verifiedAt: null, now });
    }
    if (input.terms_accepted === true && input.privacy_accepted === true) {
      await updateOnboarding(tx, id, { termsAcceptedAt: now, privacyAcceptedAt: now }, now);
    }
    const verification = phone
      ? await startVerification(
          tx,
          { channel: "sms", purpose: "sign_up_phone", target: phone.value, ttlMs: CODE_TTL_MS, onboardingId: id },
          now,
        )
      : undefined;
    if (phone && verification) await sendSmsCode(tx, ctx.locale, phone.value, verification.code);
    const fresh = (await findOnboarding(tx, id)) ?? locked;
    return { view: await onboardingView(tx, fresh, now), verification };
  });
  if (!result) throw restartSignUp();
  return result.verification ? { ...result.view, verification_id: result.verification.id } : result.view;
};
