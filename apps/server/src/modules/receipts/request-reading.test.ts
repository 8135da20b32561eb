import { describe, expect, it } from "vitest";
import type { TaskOptions } from "../../platform/jobs/task-queue.ts";
import { FRESH_RECEIPT_PRIORITY, RECEIPT_READ_QUEUE, requestReading } from "./receipts.service.ts";

/**
 * A receipt just stored is read ahead of the sweep's backlog (at the default priority, 0): in a clean-clone run the
 * demo's 27 receipts, sent by the first sweep, held an uploaded receipt's reading for over 30 s.
 */
describe("requestReading", () => {
  it("sends a stored receipt to be read ahead of the backlog", async () => {
    const sent: { queue: string; data: Record<string, unknown>; options?: TaskOptions }[] = [];
    const tasks = {
      send: async (queue: string, data: Record<string, unknown>, options?: TaskOptions) =>
        void sent.push({ queue, data, options }),
    };
    await requestReading({ tasks }, { projectId: "company", id: "receipt" });
    expect(FRESH_RECEIPT_PRIORITY).toBeGreaterThan(0);
    expect(sent).toEqual([
      {
        queue: RECEIPT_READ_QUEUE,
        data: { project_id: "company", receipt_id: "receipt" },
        options: { priority: FRESH_RECEIPT_PRIORITY, key: "receipt" },
      },
    ]);
  });
});
