import { defineConfig } from "vitest/config";

/**
 * End-to-end suite: one real Kort server (embedded PostgreSQL, or DATABASE_URL) for the run,
 * driven through Debian's Chromium. Files run one at a time: the machine has two cores and the
 * server, the database and the browser already share them.
 */
export default defineConfig({
  test: {
    include: ["flows/**/*.e2e.ts"],
    globalSetup: ["support/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page that loads its chunk and data on a machine busy with the server, the database and the browser can take
    // seconds to show a value: expect.poll's own default (1 s) failed a settings field on a clean-clone CI run.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
