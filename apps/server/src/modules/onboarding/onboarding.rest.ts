import { defineRoute } from "../../platform/http/rest.ts";
import { idParamsSchema } from "../auth/auth.schemas.ts";
import { setAttributes } from "./onboarding.attributes.ts";
import { completeOnboarding } from "./onboarding.complete.ts";
import {
  attributesResultSchema,
  completedOnboardingSchema,
  createdOnboardingSchema,
  createOnboardingBodySchema,
  linkVerificationBodySchema,
  onboardingViewSchema,
  setAttributesBodySchema,
} from "./onboarding.schemas.ts";
import { createOnboarding, linkVerification } from "./onboarding.service.ts";
import { getOnboarding } from "./onboarding.view.ts";

/** Sign-up (docs/auth.md). Public: the onboarding id from the e-mail link or the invitation is the key. */
export const onboardingRoutes = [
  defineRoute({
    method: "POST",
    path: "/v1/onboarding",
    summary: "Start signing up: a new company, or an invited person; sends the e-mail verification link",
    tag: "onboarding",
    access: "public",
    status: 201,
    body: createOnboardingBodySchema,
    response: createdOnboardingSchema,
    handler: ({ ctx, body, deps }) => createOnboarding(deps, ctx, body),
  }),
  defineRoute({
    method: "GET",
    path: "/v1/onboarding/:id",
    summary: "A sign-up in progress: its steps and what is set (never the passcode)",
    tag: "onboarding",
    access: "public",
    params: idParamsSchema,
    response: onboardingViewSchema,
    handler: ({ params, deps }) => getOnboarding(deps.db, params.id, deps.now()),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/onboarding/:id/attributes",
    summary: "Set sign-up attributes: full_name (with consent), national_id, app_pin, phone (sends an SMS code)",
    tag: "onboarding",
    access: "public",
    params: idParamsSchema,
    body: setAttributesBodySchema,
    response: attributesResultSchema,
    handler: ({ ctx, params, body, deps }) => setAttributes(deps, ctx, params.id, body),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/onboarding/:id/verifications",
    summary: "Attach a verified code to the sign-up: its e-mail (link) or phone (SMS code) becomes verified",
    tag: "onboarding",
    access: "public",
    params: idParamsSchema,
    body: linkVerificationBodySchema,
    response: onboardingViewSchema,
    handler: ({ params, body, deps }) => linkVerification(deps, params.id, body.verification_id),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/onboarding/:id/complete",
    summary: "Finish signing up: the user, the company or the invitation's membership, and a bearer token",
    tag: "onboarding",
    access: "public",
    params: idParamsSchema,
    response: completedOnboardingSchema,
    replayable: false,
    handler: ({ ctx, params, deps }) => completeOnboarding(deps, ctx, params.id),
  }),
];
