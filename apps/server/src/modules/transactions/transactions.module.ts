import type { KortModule } from "../../platform/module.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./ledger.graphql.ts";
import "./transaction-edits.graphql.ts";
import { transactionsRoutes } from "./transactions.rest.ts";

/** The expenses ledger: card purchases and refunds as the accountant books them (spec 3, Transaction). */
export const transactionsModule: KortModule = {
  name: "transactions",
  routes: transactionsRoutes,
};
