import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { textGroups } from "./text-groups.plugin.ts";

/** Where the API server listens in development; `vite dev` and `vite preview` proxy the API paths to it. */
const apiTarget = "http://127.0.0.1:3000";
const proxy = {
  "/graphql": { target: apiTarget, changeOrigin: false },
  "/v1": { target: apiTarget, changeOrigin: false },
  "/healthz": { target: apiTarget, changeOrigin: false },
};

export default defineConfig({
  base: "/",
  plugins: [
    react(),
    textGroups(),
    // The employee app's service worker (issue 17): it precaches the shell (every built file, so any page opens
    // offline) and keeps the last answers of the app's reads for offline, read-only use. The app registers it
    // itself with the scope /app (AppShell.tsx), so the dashboard never runs under it; the manifest is
    // public/app.webmanifest, linked only by the app's pages.
    VitePWA({
      strategies: "generateSW",
      injectRegister: false,
      manifest: false,
      filename: "sw.js",
      workbox: {
        globPatterns: ["**/*.{js,css,html,png,webmanifest}"],
        navigateFallback: "/index.html",
        navigateFallbackAllowlist: [/^\/app(\/|$)/],
        clientsClaim: true,
        skipWaiting: true,
        cleanupOutdatedCaches: true,
        // Web Push (issue 17): showing a push and opening its screen on a tap (public/app-push-sw.js).
        importScripts: ["/app-push-sw.js"],
        runtimeCaching: [
          {
            // The app's own reads (its cards, purchases, a purchase, categories, receipts lists): the network
            // first, the last answer when offline. The card reveal is a POST and is never cached; sign-out empties
            // this cache (mobile/offline.ts).
            urlPattern: ({ url, request }) =>
              request.method === "GET" &&
              /^\/v1\/(funding_sources|transactions|categories)(\/|\?|$)/.test(url.pathname + url.search),
            handler: "NetworkFirst",
            options: {
              cacheName: "kort-app-data",
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 200 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: "hidden",
    // scripts/first-load.mjs reads it to find every chunk.
    manifest: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own chunk stays cached across releases. Other libraries
        // are split by where they are used, so a library only a lazy page needs (qrcode, date pickers) is not part
        // of the first load (scripts/first-load.mjs checks the budget).
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: "router", test: /node_modules[\\/]react-router[\\/]/ },
          ],
        },
      },
    },
  },
  server: { host: "127.0.0.1", proxy },
  preview: { host: "127.0.0.1", proxy },
});
