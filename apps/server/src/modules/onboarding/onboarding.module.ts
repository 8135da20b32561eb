import type { KortModule } from "../../platform/module.ts";
import { onboardingRoutes } from "./onboarding.rest.ts";

/** Sign-up (spec 2 and 7, onboarding). */
export const onboardingModule: KortModule = {
  name: "onboarding",
  routes: onboardingRoutes,
};
