import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

/** `npm run bench:browser`: the browser measurements (measure/), on the e2e suite's server and Chromium. */
export default defineConfig({ ...base, test: { ...base.test, include: ["measure/**/*.measure.ts"] } });
