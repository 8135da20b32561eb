import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** Where the API server listens in development; `vite dev` and `vite preview` proxy the API paths to it. */
const apiTarget = "http://127.0.0.1:3000";
const proxy = {
  "/graphql": { target: apiTarget, changeOrigin: false },
  "/v1": { target: apiTarget, changeOrigin: false },
  "/healthz": { target: apiTarget, changeOrigin: false },
};

export default defineConfig({
  base: "/",
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: "hidden",
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: "mantine", test: /node_modules[\\/]@mantine[\\/]/ },
            { name: "vendor", test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: { host: "127.0.0.1", proxy },
  preview: { host: "127.0.0.1", proxy },
});
