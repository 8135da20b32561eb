import type { OnboardingAttributeKind } from "@kort/core";
import { rest } from "../../app/api/client.ts";
import type { Invite } from "../invites/invites.api.ts";

/** `POST /v1/onboarding`: the sign-up that waits for its e-mail link. */
export type OnboardingStart = { id: string; status: "created"; steps: 4 | 5 };

/** `GET /v1/onboarding/{id}` (docs/auth.md); the passcode itself never comes back, only whether it is set. */
export type Onboarding = {
  id: string;
  status: "created" | "approved" | "user_created" | "expired";
  email: string;
  steps: 4 | 5;
  company?: { name: string; kennitala: string };
  invite?: Invite;
  email_verified: boolean;
  phone_verified: boolean;
  terms_accepted: boolean;
  attributes: {
    full_name?: string;
    preferred_name?: string;
    /** Written with the dash. */
    national_id?: string;
    /** E.164. */
    phone?: string;
    app_pin: boolean;
  };
};

export type AttributeInput = {
  attributes: Array<{ kind: OnboardingAttributeKind; value: string }>;
  terms_accepted?: boolean;
  privacy_accepted?: boolean;
};

/** Every step answers the onboarding; the phone attribute adds the SMS code's verification id. */
export type AttributeAnswer = Onboarding & { verification_id?: string };

/** `POST /v1/onboarding/{id}/complete`: `approved` or `user_created` carry the new session's token. */
export type OnboardingCompletion = {
  status: "user_created" | "approved";
  token: string;
  expires_at: string;
  project_id: string;
};

const PUBLIC = { withProject: false, session: "none" } as const;
const path = (id: string, suffix = "") => `/onboarding/${encodeURIComponent(id)}${suffix}` as const;

/** A new company: its first user becomes the project owner. */
export const createCompanyOnboarding = (email: string, company: { name: string; kennitala: string }) =>
  rest<OnboardingStart>("POST", "/onboarding", { email, company }, PUBLIC);

/** An invited person who entered their e-mail at /auth (the server answered SIGN_UP_REQUIRED). */
export const createInvitedOnboarding = (email: string) =>
  rest<OnboardingStart>("POST", "/onboarding", { email }, PUBLIC);

export const getOnboarding = (id: string, signal?: AbortSignal) =>
  rest<Onboarding>("GET", path(id), undefined, { ...PUBLIC, signal });

export const postAttributes = (id: string, input: AttributeInput) =>
  rest<AttributeAnswer>("POST", path(id, "/attributes"), input, PUBLIC);

/** Tells the onboarding that one of its codes (the e-mail link, the phone's SMS) was verified. */
export const attachVerification = (id: string, verificationId: string) =>
  rest<unknown>("POST", path(id, "/verifications"), { verification_id: verificationId }, PUBLIC);

export const completeOnboarding = (id: string) => rest<OnboardingCompletion>("POST", path(id, "/complete"), {}, PUBLIC);
