import type { KortModule } from "../../platform/module.ts";
import { receiptLockJob } from "./receipt-lock.job.ts";
import { spendRulesRoutes } from "./spend-rules.rest.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./spend-rules.graphql.ts";

/** Issue 19: merchant controls and the receipt lock, which the card decision reads (docs/spend-rules.md). */
export const spendRulesModule: KortModule = {
  name: "spend-rules",
  routes: spendRulesRoutes,
  jobs: [receiptLockJob],
};
