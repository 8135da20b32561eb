import webpush from "web-push";
import type { Config } from "../../platform/config.ts";
import type { VapidKeys } from "./vapid.ts";

/** A device's push subscription, as the browser's `PushSubscription.toJSON()` gives it. */
export type PushSubscriptionJson = { endpoint: string; keys: { p256dh: string; auth: string } };

/**
 * Hands one message to a push service. Answers the push service's status; a status of 404 or 410 means the
 * subscription is gone (the person turned notifications off or the browser dropped it). Throws only when the push
 * service could not be reached at all.
 */
export type PushSender = (
  subscription: PushSubscriptionJson,
  payload: string,
  vapid: VapidKeys,
) => Promise<{ statusCode: number }>;

/** web-push, which encrypts the payload for the subscription (RFC 8291) and signs with VAPID (RFC 8292). */
const webPushSender: PushSender = async (subscription, payload, vapid) => {
  try {
    const sent = await webpush.sendNotification(subscription, payload, {
      vapidDetails: vapid,
      // A purchase's push is worth little a day later; the push service may drop it after that.
      TTL: 24 * 60 * 60,
      urgency: "high",
      timeout: 10_000,
    });
    return { statusCode: sent.statusCode };
  } catch (error) {
    if (error instanceof webpush.WebPushError) return { statusCode: error.statusCode };
    throw error;
  }
};

/**
 * The sender of an app, by its configuration: web-push unless a test put its own in (so tests capture what would
 * go out, with no network), the way the processor keeps its card secrets per key.
 */
const senders = new WeakMap<Config, PushSender>();

export const pushSenderOf = (config: Config): PushSender => senders.get(config) ?? webPushSender;

/** Tests only: what `config`'s app sends pushes with from now on. */
export const replacePushSender = (config: Config, sender: PushSender): void => {
  senders.set(config, sender);
};
