import type { KortModule } from "../../platform/module.ts";
import { referralsRoutes } from "./referrals.rest.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./referrals.graphql.ts";

/** Referrals (spec 7, issue 16): a company invites another; the new company redeems the code at sign-up. */
export const referralsModule: KortModule = {
  name: "referrals",
  routes: referralsRoutes,
};
