import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../db/testing/test-db.ts";
import { createLogger } from "../http/logger.ts";
import { TYPESCRIPT_LOADER } from "../runtime/loader.ts";
import { startTaskProcess, type TaskProcessOptions } from "./task-process.ts";

let database: TestDatabase;
let dataDir: string;
const table = `task_runs_${randomUUID().replaceAll("-", "")}`;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), "kort-task-process-"));
  await database.db.execute(sql`create table ${sql.identifier(table)} (value text not null, pid int not null)`);
});
afterAll(async () => {
  await database.db.execute(sql`drop table if exists ${sql.identifier(table)}`);
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const sent: { queue: string; data: Record<string, unknown> }[] = [];

const child = (options: Partial<TaskProcessOptions> = {}) =>
  startTaskProcess({
    name: "echo",
    entry: new URL("./testing/echo-task-process.ts", import.meta.url),
    databaseUrl: database.url,
    logger: createLogger({ logLevel: "silent" }),
    tasks: { send: async (queue, data) => void sent.push({ queue, data }) },
    timeoutMs: 20_000,
    idleMs: 60_000,
    // Its own data folder and card key: the child reads its configuration as the server does.
    env: { ...process.env, KORT_DATA_DIR: dataDir, KORT_CARD_KEY: randomBytes(32).toString("base64") },
    ...options,
  });

const rows = async () =>
  (await database.db.execute<{ value: string; pid: number }>(sql`select value, pid from ${sql.identifier(table)}`))
    .rows;

describe("a task process", () => {
  it("runs tasks in a process of its own, with its own pool on the same database, one process for many tasks", async () => {
    const tasks = child();
    try {
      expect(tasks.pid()).toBeUndefined();
      await Promise.all(["a", "b", "c"].map((value) => tasks.run({ table, value })));
      const pid = tasks.pid();
      expect(pid).toBeTypeOf("number");
      expect(pid).not.toBe(process.pid);
      const stored = await rows();
      expect(stored.map((row) => row.value).sort()).toEqual(["a", "b", "c"]);
      expect(new Set(stored.map((row) => row.pid))).toEqual(new Set([pid]));
      // A task the child sends reaches the server's queue.
      await tasks.run({ send: "other.queue" });
      expect(sent).toEqual([{ queue: "other.queue", data: { from: pid } }]);
    } finally {
      await tasks.stop();
    }
  });

  it("starts the child with the Node options its queue asks for", async () => {
    const tasks = child({ nodeOptions: ["--max-old-space-size=96"] });
    try {
      await tasks.run({ heap: true });
      // The old space asked for plus the young generation's; without the option it is gigabytes.
      expect(sent.find((task) => task.queue === "heap")?.data.mb).toBeLessThan(200);
    } finally {
      await tasks.stop();
    }
  });

  it("fails a task with the child's error and keeps serving the next", async () => {
    const tasks = child();
    try {
      await expect(tasks.run({ fail: "EXPORT_ROWS_UNFIT" })).rejects.toThrow("EXPORT_ROWS_UNFIT");
      const pid = tasks.pid();
      await tasks.run({ table, value: "after-failure" });
      expect(tasks.pid()).toBe(pid);
    } finally {
      await tasks.stop();
    }
  });

  it("ends a process whose task runs past its time, fails what it held, and starts a fresh one for the next", async () => {
    const tasks = child({ timeoutMs: 1_500 });
    try {
      await tasks.run({ table, value: "warm" });
      const first = tasks.pid() as number;
      await expect(tasks.run({ hang: true })).rejects.toThrow(/ended/);
      await expect.poll(() => alive(first), { timeout: 10_000, interval: 25 }).toBe(false);
      await tasks.run({ table, value: "fresh" });
      expect(tasks.pid()).not.toBe(first);
    } finally {
      await tasks.stop();
    }
  });

  it("ends after a while without work, and on stop", async () => {
    const tasks = child({ idleMs: 300 });
    await tasks.run({ table, value: "idle" });
    const first = tasks.pid() as number;
    await expect.poll(() => tasks.pid() === undefined && !alive(first), { timeout: 10_000, interval: 25 }).toBe(true);
    await tasks.run({ table, value: "again" });
    const second = tasks.pid() as number;
    expect(second).not.toBe(first);
    await tasks.stop();
    await expect.poll(() => alive(second), { timeout: 10_000, interval: 25 }).toBe(false);
  });

  it("does not start a child the server did not start", async () => {
    const entry = new URL("./testing/echo-task-process.ts", import.meta.url);
    const { execFileSync } = await import("node:child_process");
    expect(() =>
      execFileSync(process.execPath, ["--import", TYPESCRIPT_LOADER, entry.pathname], {
        stdio: "pipe",
        timeout: 20_000,
      }),
    ).toThrow(/started by the server/);
  });
});
