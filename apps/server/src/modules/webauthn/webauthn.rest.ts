import { defineRoute, type RestRoute } from "../../platform/http/rest.ts";
import {
  approvedTokenSchema,
  authenticationOptionsSchema,
  authenticationVerifySchema,
  deviceParams,
  optionsAnswerSchema,
  registeredSchema,
  registrationOptionsSchema,
  registrationVerifySchema,
} from "./webauthn.schemas.ts";
import {
  authenticationOptions,
  registrationOptions,
  removeRegistration,
  verifyAuthentication,
  verifyRegistration,
} from "./webauthn.service.ts";

/** Issue 17: unlock the employee app with the phone's biometrics (WebAuthn). Bodies are parsed by the service. */

const tag = "devices";

export const webauthnRoutes: RestRoute[] = [
  defineRoute({
    method: "POST",
    path: "/v1/devices/:id/webauthn/registration/options",
    summary: "Turn on unlock with biometrics for the caller's device, step 1: {passcode} → {challenge_id, options}",
    tag,
    access: "user",
    params: deviceParams,
    checkedBody: registrationOptionsSchema,
    response: optionsAnswerSchema,
    replayable: false,
    handler: ({ ctx, params, body, deps }) => registrationOptions(deps, ctx, params.id, body),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/devices/:id/webauthn/registration/verify",
    summary: "Step 2: {challenge_id, response (startRegistration's answer)} → the device's unlock is on",
    tag,
    access: "user",
    params: deviceParams,
    checkedBody: registrationVerifySchema,
    response: registeredSchema,
    replayable: false,
    handler: ({ ctx, params, body, deps }) => verifyRegistration(deps, ctx, params.id, body),
  }),
  defineRoute({
    method: "DELETE",
    path: "/v1/devices/:id/webauthn",
    summary: "Turn unlock with biometrics off for the caller's device",
    tag,
    access: "user",
    params: deviceParams,
    response: registeredSchema,
    handler: ({ ctx, params, deps }) => removeRegistration(deps, ctx, params.id),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/auth/webauthn/authentication/options",
    summary: "Unlock, step 1 (no session): {device_id} → {challenge_id, options}; NOT_FOUND without a credential",
    tag: "auth",
    access: "public",
    checkedBody: authenticationOptionsSchema,
    response: optionsAnswerSchema,
    replayable: false,
    handler: ({ ctx, body, deps }) => authenticationOptions(deps, ctx, body),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/auth/webauthn/authentication/verify",
    summary: "Unlock, step 2: {challenge_id, response (startAuthentication's answer)} → a token, as the passcode gives",
    tag: "auth",
    access: "public",
    checkedBody: authenticationVerifySchema,
    response: approvedTokenSchema,
    replayable: false,
    handler: ({ ctx, body, deps }) => verifyAuthentication(deps, ctx, body),
  }),
];
