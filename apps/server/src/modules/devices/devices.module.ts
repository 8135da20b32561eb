import type { KortModule } from "../../platform/module.ts";
import { devicesRoutes } from "./devices.rest.ts";

/** The caller's phones and browsers (spec 7, devices): registered by the employee app after sign-in. */
export const devicesModule: KortModule = {
  name: "devices",
  routes: devicesRoutes,
};
