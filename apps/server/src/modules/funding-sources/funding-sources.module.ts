import type { KortModule } from "../../platform/module.ts";
import { fundingSourcesRoutes } from "./funding-sources.rest.ts";

/** The employee app's cards over REST (spec 7, funding sources). */
export const fundingSourcesModule: KortModule = {
  name: "funding-sources",
  routes: fundingSourcesRoutes,
};
