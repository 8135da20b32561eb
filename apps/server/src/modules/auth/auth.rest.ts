import { z } from "zod";
import { defineRoute } from "../../platform/http/rest.ts";
import {
  approvedTokenSchema,
  createTokenBodySchema,
  idParamsSchema,
  passcodeChangeBodySchema,
  passcodeChangedSchema,
  pendingTokenSchema,
  phoneChangeBodySchema,
  phoneChangeConfirmBodySchema,
  phoneChangedSchema,
  phoneChangeStartedSchema,
  sessionStatusSchema,
  tokenSecretBodySchema,
  verificationDataBodySchema,
  verificationResultSchema,
  verificationStatusSchema,
} from "./auth.schemas.ts";
import { changePasscode } from "./passcode-change.service.ts";
import { confirmPhoneChange, startPhoneChange } from "./phone-change.service.ts";
import { renewSession, signOut, verifySession } from "./sessions.service.ts";
import { approveWithPasscode, startSignIn } from "./sign-in.service.ts";
import { getVerificationStatus, resendCode } from "./verification-resend.service.ts";
import { submitCode } from "./verifications.service.ts";

/**
 * Sign-in and sessions (docs/auth.md). These are "public": the caller has no session yet, or presents one
 * that may have expired (renewal, sign-out); each service checks what it needs. The passcode change is the
 * signed-in person's own.
 */
export const authRoutes = [
  defineRoute({
    method: "POST",
    path: "/v1/tokens",
    summary: "Sign-in step 1: a token in status created, and a 6-digit code by SMS to the user's phone",
    tag: "auth",
    access: "public",
    status: 201,
    body: createTokenBodySchema,
    response: pendingTokenSchema,
    handler: ({ ctx, body, deps }) => startSignIn(deps, ctx, body),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/verifications/:id/data",
    summary: "Check a verification code (SMS code of sign-in or sign-up, or the code of an e-mail link)",
    tag: "auth",
    access: "public",
    params: idParamsSchema,
    body: verificationDataBodySchema,
    response: verificationResultSchema,
    handler: ({ ctx, params, body, deps }) => submitCode(deps, ctx, params.id, body.code),
  }),
  defineRoute({
    method: "GET",
    path: "/v1/verifications/:id",
    summary: "Where a verification stands: status, channel, a hint of where the code went, expiry, attempts left",
    tag: "auth",
    access: "public",
    params: idParamsSchema,
    response: verificationStatusSchema,
    handler: ({ params, deps }) => getVerificationStatus(deps, params.id),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/verifications/:id/start",
    summary:
      "Send a new SMS code for a sign-in or sign-up verification still waiting (at most 3 in 15 minutes); the old code stops working and tried codes still count",
    tag: "auth",
    access: "public",
    params: idParamsSchema,
    response: verificationStatusSchema,
    // Each call is a new code: a retry must not answer the stored one and send nothing.
    replayable: false,
    handler: ({ ctx, params, deps }) => resendCode(deps, ctx, params.id),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/tokens/:id/secret",
    summary: "Sign-in step 3: the 4-digit passcode approves the token and answers the bearer token",
    tag: "auth",
    access: "public",
    params: idParamsSchema,
    body: tokenSecretBodySchema,
    response: approvedTokenSchema,
    replayable: false,
    handler: ({ ctx, params, body, deps }) => approveWithPasscode(deps, ctx, params.id, body.pin),
  }),
  defineRoute({
    method: "DELETE",
    path: "/v1/tokens",
    summary: "Sign out: the presented token (Bearer, or Basic with the token as user name) stops working",
    tag: "auth",
    access: "public",
    status: 204,
    response: z.undefined(),
    handler: async ({ ctx, deps }) => {
      await signOut(deps, ctx);
      return undefined;
    },
  }),
  defineRoute({
    method: "POST",
    path: "/v1/sessions",
    summary: "Renew a session: a new token for a renewable one, which is retired",
    tag: "auth",
    access: "public",
    response: approvedTokenSchema,
    replayable: false,
    handler: ({ ctx, deps }) => renewSession(deps, ctx),
  }),
  defineRoute({
    method: "GET",
    path: "/v1/sessions/verify",
    summary: "Whether the presented token is a session that works now or can be renewed",
    tag: "auth",
    access: "public",
    response: sessionStatusSchema,
    handler: ({ ctx, deps }) => verifySession(deps, ctx),
  }),
  defineRoute({
    method: "PUT",
    path: "/v1/users/current/passcode",
    summary:
      "Change the signed-in person's passcode {passcode, new_passcode}: the other sessions end, biometric unlock must be turned on again, and an e-mail tells the person",
    tag: "auth",
    access: "user",
    body: passcodeChangeBodySchema,
    response: passcodeChangedSchema,
    handler: ({ ctx, body, deps }) => changePasscode(deps, ctx, body),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/users/current/phone",
    summary:
      "Change the signed-in person's phone, step 1 {phone, passcode}: a 6-digit code by SMS to the new mobile number",
    tag: "auth",
    access: "user",
    status: 201,
    body: phoneChangeBodySchema,
    response: phoneChangeStartedSchema,
    // Replayable, as POSTs are: a retry with the same Idempotency-Key gets the first answer, not a second SMS.
    handler: ({ ctx, body, deps }) => startPhoneChange(deps, ctx, body),
  }),
  defineRoute({
    method: "PUT",
    path: "/v1/users/current/phone",
    summary:
      "Change the signed-in person's phone, step 2 {verification_id, code}: the number is theirs, sign-in codes go to it, and an e-mail tells them",
    tag: "auth",
    access: "user",
    body: phoneChangeConfirmBodySchema,
    response: phoneChangedSchema,
    handler: ({ ctx, body, deps }) => confirmPhoneChange(deps, ctx, body),
  }),
];
