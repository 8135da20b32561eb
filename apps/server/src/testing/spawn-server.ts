import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../platform/db/embedded.ts";
import { dropDatabase, withAdmin } from "../platform/db/testing/admin.ts";
import { testDatabaseName, withDatabase } from "../platform/db/testing/provided.ts";
import { TYPESCRIPT_LOADER } from "../platform/runtime/loader.ts";

/**
 * Harness for the end-to-end suite and the benchmarks: a fresh database and the real server started the
 * way `npm start` starts it, as a child process on 127.0.0.1 that stops by itself when its parent dies.
 */
const ROOT = path.resolve(import.meta.dirname, "../../../..");

type Stop = () => Promise<void>;

const quietLog = { debug() {}, info() {}, warn: console.warn, error: console.error };

/**
 * A new empty database: on the server DATABASE_URL names, or an embedded PostgreSQL in a temp folder, without
 * fsync unless `durable` (the benchmarks measure commits as production makes them).
 */
export const startScratchDatabase = async (
  options: { durable?: boolean } = {},
): Promise<{ url: string; stop: Stop }> => {
  const external = process.env.DATABASE_URL;
  if (external) {
    const name = testDatabaseName("test");
    await withAdmin(external, (client) => client.query(`create database ${client.escapeIdentifier(name)}`));
    return {
      url: withDatabase(external, name),
      stop: () => withAdmin(external, (client) => dropDatabase(client, name)),
    };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "kort-scratch-pg-"));
  const pg = await startEmbeddedPostgres({ dataDir, log: quietLog, durable: options.durable ?? false });
  return {
    url: pg.url,
    stop: async () => {
      await pg.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

const waitForHealthy = async (baseUrl: string, server: ChildProcess, output: () => string): Promise<void> => {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`Kort exited with ${server.exitCode} before it was ready:\n${output()}`);
    const healthy = await fetch(`${baseUrl}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Kort was not healthy within 90 s:\n${output()}`);
};

export type SpawnedServer = {
  baseUrl: string;
  /** The port of its SMTP listener for receipts e-mailed to the demo companies. */
  smtpPort: number;
  /** The server's process id (the benchmarks read its CPU time). */
  pid: number | undefined;
  stop: Stop;
  /** Sends `signal` and resolves when the process has exited, with how long that took and its exit code. */
  signal: (signal: NodeJS.Signals) => Promise<{ ms: number; code: number | null }>;
  /** What the server printed so far (stdout and stderr). */
  output: () => string;
};

/**
 * Starts Kort in demo mode on `databaseUrl` (it migrates and seeds the demo company) and waits for /healthz.
 * `env` adds to or overrides the server's environment (e.g. LOG_LEVEL, pool size, timeouts); `nodeArgs` go to
 * Node before the script (e.g. `--cpu-prof`, which NODE_OPTIONS does not take).
 */
export const spawnKortServer = async (
  databaseUrl: string,
  options: { env?: Record<string, string>; nodeArgs?: readonly string[] } = {},
): Promise<SpawnedServer> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "kort-server-data-"));
  const port = await freePort();
  const smtpPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), "--import", TYPESCRIPT_LOADER, "apps/server/src/main.ts"],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: "127.0.0.1",
        KORT_DATA_DIR: dataDir,
        KORT_ENV: "development",
        KORT_STOP_WITH_PARENT: "1",
        KORT_INBOUND_SMTP_PORT: String(smtpPort),
        LOG_LEVEL: "warn",
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  server.stdout?.on("data", collect);
  server.stderr?.on("data", collect);
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  const signal = async (name: NodeJS.Signals) => {
    const started = Date.now();
    if (server.exitCode === null) server.kill(name);
    const code = await exited;
    return { ms: Date.now() - started, code };
  };
  const stop = async () => {
    await signal("SIGTERM");
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealthy(baseUrl, server, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, smtpPort, pid: server.pid, stop, signal, output: () => output };
};
