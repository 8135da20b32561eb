/*
 * The employee app's Web Push (issue 17), imported by the Workbox service worker (vite.config.ts importScripts).
 * A push carries {title, body, url, tag} (apps/server/src/modules/push/push.messages.ts); it is shown as a
 * notification, and a tap opens its screen in the app: an open app window goes there, else a new one opens.
 */

/** Only the app's own paths are opened: a push can never send the phone to another site. */
const appPath = (value) => (typeof value === "string" && /^\/app(\/|$)/.test(value) ? value : "/app");

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  const title = typeof message.title === "string" ? message.title : "Kort";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      tag: typeof message.tag === "string" ? message.tag : undefined,
      icon: "/icons/icon-192.png",
      data: { url: appPath(message.url) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(appPath(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const app = windows.find((client) => new URL(client.url).pathname.startsWith("/app"));
      if (app) {
        await app.focus();
        return app.navigate(url);
      }
      return self.clients.openWindow(url);
    })(),
  );
});
