import type { JobDefinition } from "../../platform/jobs/jobs.ts";
import { recountAllReceiptLocks } from "./spend-rules.service.ts";

export const RECEIPT_LOCK_QUEUE = "spend-rules.receipt-locks";

/**
 * Every five minutes, and at start: recounts the receipt locks of the companies that have the lock on, so a purchase
 * that passes its grace period locks its holder within minutes. A receipt arriving lifts a lock at once, without
 * waiting for this (the trigger of migration 0026_merchant_controls).
 */
export const receiptLockJob: JobDefinition = {
  queue: RECEIPT_LOCK_QUEUE,
  cron: "*/5 * * * *",
  runAtStart: true,
  run: async ({ db, now, logger }) => {
    const locked = await recountAllReceiptLocks(db, now);
    if (locked > 0) logger.info({ locked }, "receipt lock job counted people with missing receipts");
  },
};
