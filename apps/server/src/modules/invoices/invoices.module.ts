import type { KortModule } from "../../platform/module.ts";
import { seedDemoInvoices } from "./invoices.demo.ts";
import { invoicesRoutes } from "./invoices.rest.ts";
import { INVOICES_QUEUE, queuePeriodEndInvoices, runIssueInvoice } from "./invoices.service.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./invoices.graphql.ts";

/**
 * Invoices from the card provider (issue 15): at each period's end (the 27th, 00:05 UTC, and at start, to catch up
 * after a stop) a job queues one task per company with spend; each task issues that company's invoice.
 */
export const invoicesModule: KortModule = {
  name: "invoices",
  routes: invoicesRoutes,
  tasks: [{ queue: INVOICES_QUEUE, run: runIssueInvoice }],
  jobs: [{ queue: "invoices.period-end", cron: "5 0 27 * *", run: queuePeriodEndInvoices, runAtStart: true }],
  demoData: seedDemoInvoices,
};
