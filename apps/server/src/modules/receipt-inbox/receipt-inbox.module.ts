import type { KortModule } from "../../platform/module.ts";
import { seedDemoInbox } from "./demo-inbox.ts";
import { receiptsMailHandler } from "./inbox.mail.ts";
import { inboxRoutes } from "./inbox.rest.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./inbox.graphql.ts";

/**
 * Receipts by e-mail (issue 12): each company's receipts address, Kort's SMTP listener and the relays' endpoint,
 * the matcher that attaches or suggests, and the waiting list people work through.
 */
export const receiptInboxModule: KortModule = {
  name: "receipt-inbox",
  routes: inboxRoutes,
  inboundMail: receiptsMailHandler,
  demoData: seedDemoInbox,
};
