/**
 * The employee app as an installed, offline-capable app (issue 17). The service worker (built by vite-plugin-pwa,
 * vite.config.ts) is registered with the scope /app only, so the dashboard never runs under it, and the manifest
 * is linked only while the app is on screen.
 */

export const APP_SCOPE = "/app";
/** The service worker's cache of the app's last reads; emptied on sign-out, so the next person sees nothing. */
export const APP_DATA_CACHE = "kort-app-data";

export const registerAppWorker = (): void => {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js", { scope: APP_SCOPE }).catch(() => {
    // No worker (a private window, an old browser): the app works online as a plain page.
  });
};

/** Adds the manifest link while the app is shown; the returned function removes it. */
export const linkManifest = (): (() => void) => {
  const link = document.createElement("link");
  link.rel = "manifest";
  link.href = "/app.webmanifest";
  document.head.append(link);
  return () => link.remove();
};

export const clearAppData = async (): Promise<void> => {
  if ("caches" in window) await caches.delete(APP_DATA_CACHE);
};

/**
 * The app's changes are tried even offline, so they fail at once with NETWORK_ERROR ("check your connection")
 * instead of waiting in a queue the person cannot see: nothing is sent later behind their back.
 */
export const FAIL_OFFLINE = { networkMode: "always" } as const;

/** The app's reads go out even when the browser says it is offline: the service worker answers from its cache. */
export const OFFLINE_FIRST = { networkMode: "offlineFirst" } as const;
