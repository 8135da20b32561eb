import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { writeAudit } from "../../platform/audit/audit.ts";
import type { Executor } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import type { RequestContext, UserContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { publicBaseUrl } from "../../platform/outbox/links.ts";
import { type Outcome, refusal, success, unwrap } from "../../platform/outcome.ts";
import { beginUnlockedSession } from "../auth/device-unlock.service.ts";
import { confirmPasscode } from "../auth/passcode-check.service.ts";
import { enforceRateLimits, signInLimits } from "../auth/rate-limit.ts";
import { getDevice } from "../devices/devices.service.ts";
import {
  advanceCounter,
  credentialOf,
  credentialsOfDevice,
  deleteCredentials,
  deviceOwner,
  insertChallenge,
  replaceCredential,
  takeChallenge,
} from "./webauthn.repo.ts";
import {
  authenticationOptionsSchema,
  authenticationVerifySchema,
  registrationOptionsSchema,
  registrationVerifySchema,
} from "./webauthn.schemas.ts";

/**
 * Issue 17: after signing in, the employee app may offer to unlock later with the phone's biometrics (a WebAuthn
 * platform authenticator with user verification) instead of the passcode. The relying party is the server's
 * public address (KORT_PUBLIC_URL; in demo mode the request's own origin): its host name is the RP ID and its
 * origin the only origin accepted. Challenges live in the database for 5 minutes and are good once.
 */

const CHALLENGE_TTL_MS = 5 * 60 * 1000;

const relyingParty = (deps: AppDeps, ctx: RequestContext) => {
  const base = new URL(publicBaseUrl(deps.config, ctx.origin));
  return { rpID: base.hostname, origin: base.origin };
};

const failed = () => new AppError("WEBAUTHN_FAILED", "The phone's answer could not be verified.");

/** The refusal's audit line, in the transaction that spent the challenge (both commit; the error is thrown after). */
const refused = async (deps: AppDeps, tx: Executor, ctx: RequestContext, userId: string | null, reason: string) => {
  await writeAudit(tx, {
    action: "auth.webauthn.refused",
    objectType: "user",
    objectId: userId,
    actorUserId: userId,
    data: { reason },
    requestId: ctx.requestId,
    at: deps.now(),
  });
  return failed();
};

/** Step 1 of turning unlock on, for the caller's own device, after the passcode again. */
export const registrationOptions = async (deps: AppDeps, ctx: UserContext, deviceId: string, body: unknown) => {
  await getDevice(deps, ctx, deviceId);
  const { passcode } = registrationOptionsSchema.parse(body ?? {});
  await confirmPasscode(deps, ctx, ctx.user.id, passcode);
  const { rpID } = relyingParty(deps, ctx);
  const existing = await credentialsOfDevice(deps.db, deviceId);
  const options = await generateRegistrationOptions({
    rpName: "Kort",
    rpID,
    userName: ctx.user.email,
    userDisplayName: ctx.user.fullName,
    userID: new TextEncoder().encode(ctx.user.id),
    attestationType: "none",
    timeout: CHALLENGE_TTL_MS,
    excludeCredentials: existing.map((row) => ({ id: row.id })),
    // The phone's own authenticator with its biometrics or screen lock: a roaming key is not "this phone".
    authenticatorSelection: {
      authenticatorAttachment: "platform",
      userVerification: "required",
      residentKey: "discouraged",
    },
  });
  const now = deps.now();
  const challengeId = await insertChallenge(
    deps.db,
    {
      purpose: "registration",
      challenge: options.challenge,
      userId: ctx.user.id,
      deviceId,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    },
    now,
  );
  return { challenge_id: challengeId, options: { ...options } };
};

/** Step 2: the authenticator's new credential, checked against the challenge, stored for this person and device. */
export const verifyRegistration = async (deps: AppDeps, ctx: UserContext, deviceId: string, body: unknown) => {
  await getDevice(deps, ctx, deviceId);
  const input = registrationVerifySchema.parse(body ?? {});
  const now = deps.now();
  const { rpID, origin } = relyingParty(deps, ctx);
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome<true>> => {
    const challenge = await takeChallenge(tx, input.challenge_id, "registration", now);
    if (!challenge || challenge.userId !== ctx.user.id || challenge.deviceId !== deviceId) {
      return refusal(await refused(deps, tx, ctx, ctx.user.id, "challenge"));
    }
    const verified = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    }).catch(() => undefined);
    if (!verified?.verified) return refusal(await refused(deps, tx, ctx, ctx.user.id, "registration"));
    const { credential } = verified.registrationInfo;
    await replaceCredential(
      tx,
      {
        id: credential.id,
        userId: ctx.user.id,
        deviceId,
        publicKey: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
      },
      now,
    );
    await writeAudit(tx, {
      action: "auth.webauthn.registered",
      objectType: "user",
      objectId: ctx.user.id,
      actorUserId: ctx.user.id,
      data: { device_id: deviceId },
      requestId: ctx.requestId,
      at: now,
    });
    return success(true);
  });
  unwrap(outcome);
  return { device_id: deviceId, unlock_enabled: true };
};

/** Turns unlock off for the caller's device (also what sign-out on a shared phone should do). */
export const removeRegistration = async (deps: AppDeps, ctx: UserContext, deviceId: string) => {
  await getDevice(deps, ctx, deviceId);
  await deleteCredentials(deps.db, ctx.user.id, deviceId);
  return { device_id: deviceId, unlock_enabled: false };
};

/**
 * Unlock, step 1 (no session: that is what it makes): a challenge for the device's credential. Rate-limited by
 * address like a sign-in. A device without a credential is NOT_FOUND, and the app falls back to the passcode.
 */
export const authenticationOptions = async (deps: AppDeps, ctx: RequestContext, body: unknown) => {
  const { device_id: deviceId } = authenticationOptionsSchema.parse(body ?? {});
  const now = deps.now();
  await enforceRateLimits(deps.db, signInLimits(undefined, ctx.address), now);
  const userId = await deviceOwner(deps.db, deviceId);
  const credentials = userId
    ? (await credentialsOfDevice(deps.db, deviceId)).filter((row) => row.userId === userId)
    : [];
  if (!userId || credentials.length === 0) {
    throw new AppError("NOT_FOUND", "Unlock with biometrics is not set up on this device.");
  }
  const { rpID } = relyingParty(deps, ctx);
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: "required",
    timeout: CHALLENGE_TTL_MS,
    allowCredentials: credentials.map((row) => ({ id: row.id, transports: row.transports })),
  });
  const challengeId = await insertChallenge(
    deps.db,
    {
      purpose: "authentication",
      challenge: options.challenge,
      userId,
      deviceId,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    },
    now,
  );
  return { challenge_id: challengeId, options: { ...options } };
};

/**
 * Unlock, step 2: the assertion must sign this device's open challenge with this person's credential on this
 * device, with user verification, from our origin, and with a signature counter above the stored one (a lower or
 * equal one is a replayed or cloned answer). Then a session begins as after the passcode, in the same transaction
 * as the counter moves on; a locked person is refused as at sign-in.
 */
export const verifyAuthentication = async (deps: AppDeps, ctx: RequestContext, body: unknown) => {
  const input = authenticationVerifySchema.parse(body ?? {});
  const now = deps.now();
  const { rpID, origin } = relyingParty(deps, ctx);
  const outcome = await deps.db.transaction(async (tx) => {
    const challenge = await takeChallenge(tx, input.challenge_id, "authentication", now);
    if (!challenge) return refusal(await refused(deps, tx, ctx, null, "challenge"));
    const credential = await credentialOf(tx, {
      id: input.response.id,
      userId: challenge.userId,
      deviceId: challenge.deviceId,
    });
    if (!credential) return refusal(await refused(deps, tx, ctx, challenge.userId, "credential"));
    const verified = await verifyAuthenticationResponse({
      response: input.response as AuthenticationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: credential.id,
        publicKey: new Uint8Array(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports,
      },
    }).catch(() => undefined);
    if (!verified?.verified) return refusal(await refused(deps, tx, ctx, challenge.userId, "assertion"));
    await advanceCounter(tx, credential.id, verified.authenticationInfo.newCounter, now);
    const approved = await beginUnlockedSession(tx, {
      userId: challenge.userId,
      deviceId: challenge.deviceId,
      now,
      requestId: ctx.requestId,
    });
    return approved instanceof AppError ? refusal(approved) : success(approved);
  });
  return unwrap(outcome);
};
