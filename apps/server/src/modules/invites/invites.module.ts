import type { KortModule } from "../../platform/module.ts";
import { seedDemoInvite } from "./demo-invite.ts";
import { invitesRoutes } from "./invites.rest.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./project-invites.graphql.ts";

/** Invitations: send, revoke, accept. */
export const invitesModule: KortModule = {
  name: "invites",
  routes: invitesRoutes,
  demoSeed: seedDemoInvite,
};
