import { z } from "zod";

/** Spec 7, devices: the caller's own phones and browsers. */

export const deviceParams = z.object({ id: z.uuid() });

/** PUT /v1/devices/{id}: what the device says of itself; registering again updates it. */
export const putDeviceSchema = z.object({
  make: z.string().trim().min(1).max(40),
  model: z.string().trim().max(100).nullish(),
  name: z.string().trim().max(60).nullish(),
});

/** A push subscription as the browser's `PushSubscription.toJSON()` gives it: an https endpoint and its two keys. */
const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2000),
  keys: z.object({
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]+={0,2}$/)
      .max(200),
    auth: z
      .string()
      .regex(/^[A-Za-z0-9_-]+={0,2}$/)
      .max(100),
  }),
});

const isSubscription = (text: string): boolean => {
  try {
    return pushSubscriptionSchema.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
};

/**
 * POST /v1/devices/tokens: where Web Push reaches the device (a push subscription, as JSON text; issue 17 checks
 * its shape, so the push task never meets a token it cannot use).
 */
export const deviceTokenSchema = z.object({
  device_id: z.uuid(),
  token: z.string().min(1).max(4000).refine(isSubscription, "A push subscription's JSON: {endpoint, keys}."),
});

/**
 * PUT /v1/devices/key: the device's own public key. The spec names the call without its shape; Kort takes what
 * WebCrypto's `exportKey("spki")` gives for a P-256 key, base64url (the service checks it is one, by parsing it).
 * An SPKI P-256 key is 91 bytes (122 characters); the bound leaves room for padding and nothing else.
 */
export const deviceKeySchema = z.object({
  device_id: z.uuid(),
  public_key: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "base64url"),
});

/** A whitelist: the push token never leaves the server again. */
export const deviceSchema = z.object({
  id: z.uuid(),
  make: z.string(),
  model: z.string().nullable(),
  name: z.string().nullable(),
  push_enabled: z.boolean(),
  /** The device's public key as it was stored (base64url SPKI); public by nature, null until sent. */
  public_key: z.string().nullable(),
  last_seen_at: z.date(),
  created_at: z.date(),
});
