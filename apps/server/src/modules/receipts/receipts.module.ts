import type { KortModule } from "../../platform/module.ts";
import { seedDemoReceipts } from "./demo-receipts.ts";
import { receiptsRoutes } from "./receipts.rest.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./receipts.graphql.ts";

/** Receipts: files backing transactions, in blob storage, opened through signed links (spec 3, 7; issue 12). */
export const receiptsModule: KortModule = {
  name: "receipts",
  routes: receiptsRoutes,
  demoData: seedDemoReceipts,
};
