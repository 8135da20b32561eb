import type { KortModule } from "../../platform/module.ts";
import { RECEIPT_READ_QUEUE } from "../receipts/receipts.service.ts";
import { readReceipt, sweepUnreadReceipts } from "./reading.service.ts";
// Its GraphQL fields, registered on the shared builder when imported.
import "./reading.graphql.ts";

/**
 * Reading receipts on the company's own server (issue 18): a task per stored receipt (one at a time per server: OCR
 * takes a core), and a sweep every minute for receipts whose task was lost.
 */
export const receiptReadingModule: KortModule = {
  name: "receipt-reading",
  tasks: [{ queue: RECEIPT_READ_QUEUE, run: readReceipt, concurrency: 1, onePerKey: true }],
  jobs: [{ queue: "receipts.read-sweep", cron: "* * * * *", run: sweepUnreadReceipts, runAtStart: true }],
};
