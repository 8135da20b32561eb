import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { TaskQueue } from "../../platform/jobs/task-queue.ts";
import { PUSH_QUEUE, queueDecisionPush } from "./push.service.ts";

/**
 * The decisions' pushes are gathered (push.service.ts): decisions of the next 25 ms share one task, and a task holds
 * at most 200. Told here with a queue that keeps what it is given, so that how fast a loaded machine decides does not
 * decide the test: push.test.ts checks that each real decision reaches a task and a push.
 */
const recordingQueue = () => {
  const sent: { queue: string; data: Record<string, unknown> }[] = [];
  const tasks: TaskQueue = {
    send: async (queue, data) => {
      sent.push({ queue, data });
    },
  };
  return { tasks, sent };
};

describe("gathering the decisions' pushes", () => {
  it("gives decisions that come together one task", async () => {
    const { tasks, sent } = recordingQueue();
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) queueDecisionPush(tasks, id);
    expect(sent).toEqual([]);
    await expect.poll(() => sent.length).toBe(1);
    expect(sent).toEqual([{ queue: PUSH_QUEUE, data: { kind: "decisions", authorization_ids: ids } }]);
  });

  it("sends a full task at once and gathers the rest into the next", async () => {
    const { tasks, sent } = recordingQueue();
    const ids = Array.from({ length: 201 }, () => randomUUID());
    for (const id of ids) queueDecisionPush(tasks, id);
    expect(sent.map((task) => task.data.authorization_ids)).toEqual([ids.slice(0, 200)]);
    await expect.poll(() => sent.length).toBe(2);
    expect(sent[1]?.data.authorization_ids).toEqual(ids.slice(200));
  });

  it("keeps each queue's gathering apart", async () => {
    const first = recordingQueue();
    const second = recordingQueue();
    const [one, two] = [randomUUID(), randomUUID()];
    queueDecisionPush(first.tasks, one);
    queueDecisionPush(second.tasks, two);
    await expect.poll(() => first.sent.length + second.sent.length).toBe(2);
    expect(first.sent[0]?.data.authorization_ids).toEqual([one]);
    expect(second.sent[0]?.data.authorization_ids).toEqual([two]);
  });
});
