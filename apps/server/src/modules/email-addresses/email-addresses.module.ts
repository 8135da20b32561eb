import type { KortModule } from "../../platform/module.ts";
import { emailAddressRoutes } from "./email-addresses.rest.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./email-addresses.graphql.ts";

/** E-mail aliases of personal settings (issue 16). */
export const emailAddressesModule: KortModule = { name: "email-addresses", routes: emailAddressRoutes };
