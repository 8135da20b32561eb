import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "./embedded.ts";
import { silentLog } from "./embedded-support.ts";
import { isAlive, postmasterPid } from "./stale.ts";

const childScript = fileURLToPath(new URL("./testing/embedded-crash-child.ts", import.meta.url));
const repoRoot = fileURLToPath(new URL("../../../../../", import.meta.url));

/** Resolves with the first line the child writes to stdout. */
const firstLine = (child: ChildProcess): Promise<string> =>
  new Promise((resolve, reject) => {
    let buffered = "";
    let errors = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const end = buffered.indexOf("\n");
      if (end >= 0) resolve(buffered.slice(0, end));
    });
    child.once("exit", (code) => reject(new Error(`child exited (${code}) before reporting: ${errors}`)));
  });

const exited = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });

describe("embedded PostgreSQL", () => {
  let dataDir = "";
  let server: EmbeddedDatabase | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "kort-embedded-test-"));
  });

  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("starts cleanly with the data intact after the Node process that started it was killed with SIGKILL", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", childScript, dataDir], {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const report = JSON.parse(await firstLine(child)) as { port: number; pid: number };

    child.kill("SIGKILL");
    await exited(child);
    // The crash leaves PostgreSQL running, holding the folder and the port.
    expect(isAlive(report.pid)).toBe(true);
    expect(postmasterPid(path.join(dataDir, "pg"))).toBe(report.pid);

    server = await startEmbeddedPostgres({ dataDir, log: silentLog });

    expect(isAlive(report.pid)).toBe(false);
    // The port was persisted in the data folder and was free again once the stale server stopped.
    expect(server.port).toBe(report.port);
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const { rows } = await client.query("select note from crash_probe where id = 1");
    await client.end();
    expect(rows).toEqual([{ note: "written before the crash" }]);
  });

  it("stops cleanly: the postmaster exits and removes its pid file", async () => {
    const running = server;
    if (running === undefined) throw new Error("the previous test did not start the server");
    const pid = postmasterPid(running.clusterDir);
    expect(pid).toBeDefined();
    await running.stop();
    server = undefined;
    expect(pid !== undefined && isAlive(pid)).toBe(false);
    expect(existsSync(path.join(running.clusterDir, "postmaster.pid"))).toBe(false);
  });

  it("listens on 127.0.0.1 only", async () => {
    server = await startEmbeddedPostgres({ dataDir, log: silentLog });
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const { rows } = await client.query<{ setting: string }>(
      "select setting from pg_settings where name = 'listen_addresses'",
    );
    await client.end();
    expect(rows[0]?.setting).toBe("127.0.0.1");
  });
});
