import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { rest } from "../app/api/client.ts";
import { type StoredAuth, storeAuth } from "../app/session/auth-token.ts";
import { deviceId } from "./device.ts";
import { forgetUnlockHere, UNLOCK_FLAG } from "./unlock-flag.ts";

/**
 * Unlock with the phone's biometrics (issue 17), on @simplewebauthn/browser: turning it on registers a platform
 * credential for this device (after the passcode again); unlocking signs the server's challenge with it and gets a
 * session exactly as the passcode gives. This browser remembers only that unlock is on (`kort.unlock`), never a
 * secret: the key stays in the phone's authenticator.
 */

const remember = (on: boolean): void => {
  if (!on) {
    forgetUnlockHere();
    return;
  }
  try {
    localStorage.setItem(UNLOCK_FLAG, deviceId());
  } catch {
    // Storage refused (a private window): unlock is simply not offered next time.
  }
};

type Options<T> = { challenge_id: string; options: T };
type CreationOptions = Parameters<typeof startRegistration>[0]["optionsJSON"];
type RequestOptions = Parameters<typeof startAuthentication>[0]["optionsJSON"];

const device = () => `/devices/${encodeURIComponent(deviceId())}` as const;

export const turnOnUnlock = async (passcode: string): Promise<void> => {
  const { challenge_id, options } = await rest<Options<CreationOptions>>(
    "POST",
    `${device()}/webauthn/registration/options`,
    { passcode },
  );
  const response = await startRegistration({ optionsJSON: options });
  await rest("POST", `${device()}/webauthn/registration/verify`, { challenge_id, response });
  remember(true);
};

export const turnOffUnlock = async (): Promise<void> => {
  remember(false);
  await rest("DELETE", `${device()}/webauthn`);
};

/** No session is sent (this makes one); a device the server no longer knows turns the offer off here. */
export const unlockWithBiometrics = async (): Promise<void> => {
  const started = await rest<Options<RequestOptions>>(
    "POST",
    "/auth/webauthn/authentication/options",
    { device_id: deviceId() },
    { session: "none" },
  ).catch((error: unknown) => {
    if (typeof error === "object" && error !== null && "code" in error && error.code === "NOT_FOUND") remember(false);
    throw error;
  });
  const response = await startAuthentication({ optionsJSON: started.options });
  const approved = await rest<StoredAuth>(
    "POST",
    "/auth/webauthn/authentication/verify",
    { challenge_id: started.challenge_id, response },
    { session: "none" },
  );
  storeAuth({ token: approved.token, expires_at: approved.expires_at, status: approved.status });
};
