import type { KortModule } from "../../platform/module.ts";
import { authRoutes } from "./auth.rest.ts";

/** Sign-in, sessions and tokens (docs/auth.md). */
export const authModule: KortModule = {
  name: "auth",
  routes: authRoutes,
};
