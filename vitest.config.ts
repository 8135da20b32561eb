import { defineConfig } from "vitest/config";
import { textGroups } from "./apps/web/text-groups.plugin.ts";

/** Unit and integration tests of every package; the end-to-end suite has its own config in e2e/. */
export default defineConfig({
  // The web app's catalogues in groups (apps/web/src/app/i18n/text-groups.ts), for modules that import i18n.ts.
  plugins: [textGroups()],
  test: {
    include: ["packages/*/src/**/*.test.ts", "apps/*/src/**/*.test.{ts,tsx}", "bench/support/**/*.test.ts"],
    globalSetup: ["apps/server/src/platform/db/testing/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
