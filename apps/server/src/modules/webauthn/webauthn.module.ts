import type { KortModule } from "../../platform/module.ts";
import { webauthnRoutes } from "./webauthn.rest.ts";

/** Unlock the employee app with the phone's biometrics (issue 17): WebAuthn credentials per person and device. */
export const webauthnModule: KortModule = {
  name: "webauthn",
  routes: webauthnRoutes,
};
