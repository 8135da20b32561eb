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
  tasks: [
    {
      queue: RECEIPT_READ_QUEUE,
      run: readReceipt,
      concurrency: 1,
      onePerKey: true,
      // Read in a process of its own (reading-process.ts). Once it had read one receipt, the OCR engine kept about
      // 300 MB of the API's process for good (528 MB resident against 207 MB for a server that had read none).
      // A receipt takes at most three pages' OCR (30 s each at most, ocr.ts): a task past five minutes is stuck,
      // and ending the process frees it.
      process: {
        entry: new URL("./reading-process.ts", import.meta.url),
        timeoutMs: 5 * 60_000,
        idleMs: 5 * 60_000,
      },
    },
  ],
  jobs: [{ queue: "receipts.read-sweep", cron: "* * * * *", run: sweepUnreadReceipts, runAtStart: true }],
};
