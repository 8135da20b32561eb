import { rest } from "../app/api/client.ts";
import { deviceId } from "./device.ts";
import { APP_SCOPE } from "./offline.ts";

/**
 * Web Push for the employee app (issue 17): the person allows notifications, the app's service worker subscribes
 * with the server's VAPID key, and the subscription is stored for this device (`POST /v1/devices/tokens`). The
 * service worker shows each push and a tap opens the screen it names (public/app-push-sw.js).
 */

export type PushState = "unsupported" | "off" | "on" | "blocked";

const supported = (): boolean => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

const appWorker = async (): Promise<ServiceWorkerRegistration | undefined> =>
  (await navigator.serviceWorker.getRegistration(APP_SCOPE)) ?? undefined;

export const pushState = async (): Promise<PushState> => {
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  const worker = await appWorker();
  const subscription = await worker?.pushManager.getSubscription();
  return subscription && Notification.permission === "granted" ? "on" : "off";
};

/** The VAPID key as the bytes `applicationServerKey` takes. */
const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index++) bytes[index] = text.charCodeAt(index);
  return bytes;
};

/** Asks the person, subscribes and stores the subscription; answers the state it ended in. */
export const turnOnPush = async (): Promise<PushState> => {
  if (!supported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "blocked" : "off";
  const { vapid_public_key: key } = await rest<{ vapid_public_key: string | null }>("GET", "/devices/key");
  const worker = (await appWorker()) ?? (await navigator.serviceWorker.ready);
  if (!key) return "unsupported";
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
  await rest("POST", "/devices/tokens", { device_id: deviceId(), token: JSON.stringify(subscription.toJSON()) });
  return "on";
};
