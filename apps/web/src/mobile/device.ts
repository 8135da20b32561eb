import { rest } from "../app/api/client.ts";
import { readStored, STORAGE_KEYS, writeStored } from "../app/storage.ts";

/** This browser's device id: made once and kept, so each sign-in registers the same device again. */
export const deviceId = (): string => {
  const stored = readStored(STORAGE_KEYS.device);
  if (stored) return stored;
  const id = crypto.randomUUID();
  writeStored(STORAGE_KEYS.device, id);
  return id;
};

/**
 * After sign-in the app registers the device it runs on (spec 7, `PUT /v1/devices/{id}`). It is background work
 * the person did not ask for, so a failure (offline) is left for the next start rather than shown.
 */
export const registerDevice = (): void => {
  const model = navigator.userAgent.match(/\(([^)]+)\)/)?.[1]?.slice(0, 100) ?? null;
  rest("PUT", `/devices/${deviceId()}`, { make: "web", model }).catch(() => undefined);
};
