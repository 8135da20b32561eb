import { defineConfig } from "vitest/config";

/** Unit and integration tests of every package; the end-to-end suite has its own config in e2e/. */
export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "apps/*/src/**/*.test.{ts,tsx}"],
    globalSetup: ["apps/server/src/platform/db/testing/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
