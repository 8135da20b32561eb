import { getHeapStatistics } from "node:v8";
import { sql } from "drizzle-orm";
import { serveTasks } from "../task-process-child.ts";

/**
 * A task process for task-process.test.ts: it answers with its database, fails, hangs, sends a task of its own or
 * tells its heap's limit, as the task's data asks, and records each task it ran in the table the test names.
 */
serveTasks(async (deps, data) => {
  if (data.fail) throw new Error(String(data.fail));
  if (data.hang) await new Promise(() => undefined);
  if (typeof data.send === "string") await deps.tasks.send(data.send, { from: process.pid });
  if (data.heap) await deps.tasks.send("heap", { mb: Math.round(getHeapStatistics().heap_size_limit / 2 ** 20) });
  if (typeof data.table === "string" && typeof data.value === "string") {
    await deps.db.execute(
      sql`insert into ${sql.identifier(data.table)} (value, pid) values (${data.value}, ${process.pid})`,
    );
  }
});
