import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
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
  plugins: [react(), textGroups()],
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
