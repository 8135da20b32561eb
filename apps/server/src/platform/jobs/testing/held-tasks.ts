import type { TaskDefinition, TaskDeps, TaskQueue } from "../jobs.ts";

/**
 * Tasks held in memory for a test instead of pg-boss: the test sees what was sent and runs it when it chooses
 * (`drain`), with the same function a worker runs, so nothing happens behind its back.
 */
export type HeldTasks = {
  queue: TaskQueue;
  sent: { queue: string; data: Record<string, unknown>; key?: string }[];
  /**
   * Runs every task sent so far, and those they send, in order; with a queue, only that queue's tasks (a test of
   * exports need not read the receipts its scene uploaded).
   */
  drain: (queue?: string) => Promise<void>;
};

export const holdTasks = (tasks: readonly TaskDefinition[], deps: () => TaskDeps): HeldTasks => {
  const sent: HeldTasks["sent"] = [];
  return {
    queue: {
      // As on pg-boss, a keyed task is not queued twice while it waits.
      send: async (queue, data, options = {}) => {
        const { key } = options;
        if (key !== undefined && sent.some((task) => task.queue === queue && task.key === key)) return;
        sent.push(key === undefined ? { queue, data } : { queue, data, key });
      },
    },
    sent,
    drain: async (only) => {
      const take = () => {
        const index = sent.findIndex((task) => only === undefined || task.queue === only);
        return index < 0 ? undefined : sent.splice(index, 1)[0];
      };
      for (let next = take(); next; next = take()) {
        const { queue } = next;
        const task = tasks.find((candidate) => candidate.queue === queue);
        if (!task) throw new Error(`No task runs queue ${queue}`);
        await task.run(deps(), next.data);
      }
    },
  };
};
