import type { KortModule } from "../../platform/module.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./support.graphql.ts";

/** Support (issue 16, docs/support.md): the chat widget's settings, or the support form through the outbox. */
export const supportModule: KortModule = { name: "support" };
