import { authRoutes } from "../../modules/auth/auth.rest.ts";
import { cardsRoutes } from "../../modules/cards/cards.rest.ts";
import { fundingSourcesRoutes } from "../../modules/funding-sources/funding-sources.rest.ts";
import { invitesRoutes } from "../../modules/invites/invites.rest.ts";
import { onboardingRoutes } from "../../modules/onboarding/onboarding.rest.ts";
import { peopleRoutes } from "../../modules/people/people.rest.ts";
import { networkRoutes } from "../../modules/processor/network.rest.ts";
import { projectsRoutes } from "../../modules/projects/projects.rest.ts";
import { devOutboxRoute } from "../outbox/dev-outbox.rest.ts";
import type { RestRoute } from "./rest.ts";
import { docsRoute, versionRoute } from "./system.routes.ts";

/**
 * Every /v1 route, in one list: Fastify registers these and /v1/docs describes exactly these. The dev outbox
 * exists only in demo mode; in production it is not registered at all.
 */
export const apiRoutes = (options: { demoMode: boolean }): RestRoute[] => {
  const routes: RestRoute[] = [
    ...authRoutes,
    ...onboardingRoutes,
    ...invitesRoutes,
    ...peopleRoutes,
    ...projectsRoutes,
    ...networkRoutes,
    ...cardsRoutes,
    ...fundingSourcesRoutes,
    versionRoute,
  ];
  if (options.demoMode) routes.push(devOutboxRoute);
  routes.push(docsRoute(() => routes));
  return routes;
};
