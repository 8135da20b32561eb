import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { userInfo } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import pg from "pg";
import {
  type DbLog,
  findFreePort,
  isPortFree,
  loadEmbeddedPostgres,
  pollUntil,
  utf8Locale,
} from "./embedded-support.ts";
import { isAlive, postmasterPid, stopStalePostgres } from "./stale.ts";

export type { DbLog };

export type EmbeddedOptions = {
  /** The server's data folder; the cluster lives in `<dataDir>/pg`. */
  dataDir: string;
  log: DbLog;
  /** Tests turn durability off (fsync, synchronous commit, full-page writes) for speed. */
  durable?: boolean;
};

export type EmbeddedDatabase = {
  /** URL of the `kort` database. */
  url: string;
  /** URL of the `postgres` maintenance database (creating and dropping databases). */
  adminUrl: string;
  port: number;
  /** The cluster folder. */
  clusterDir: string;
  stop(): Promise<void>;
};

/**
 * The generated password and the last port, kept in the cluster folder (after initdb, which wants it empty)
 * so they can never describe another cluster. The password keeps other local users out of 127.0.0.1.
 */
type ClusterState = { port: number; password: string };
const STATE_FILE = "kort-embedded.json";
const APP_DATABASE = "kort";
const USER = "postgres";
/** Start attempts after a stale server was stopped or a port was taken between our check and postgres' bind. */
const START_ATTEMPTS = 10;

const readState = async (clusterDir: string): Promise<ClusterState | undefined> => {
  try {
    const parsed: unknown = JSON.parse(await readFile(path.join(clusterDir, STATE_FILE), "utf8"));
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const { port, password } = parsed as Record<string, unknown>;
    return typeof port === "number" && typeof password === "string" ? { port, password } : undefined;
  } catch {
    return undefined;
  }
};

/** Written aside and renamed into place, so a crash mid-write cannot leave a half file. */
async function writeState(clusterDir: string, state: ClusterState): Promise<void> {
  const target = path.join(clusterDir, STATE_FILE);
  await writeFile(`${target}.tmp`, JSON.stringify(state), { mode: 0o600 });
  await rename(`${target}.tmp`, target);
}

/**
 * Starts (and on first use creates) the embedded PostgreSQL of `<dataDir>/pg`, listening on 127.0.0.1 only,
 * on the port it used last time when that port is still free. A server left running by a killed Node process
 * is stopped first.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const { log } = options;
  const clusterDir = path.resolve(options.dataDir, "pg");
  const asRoot = userInfo().uid === 0;
  await prepareFolders(options.dataDir, asRoot);

  await stopStalePostgres(clusterDir, log);

  let state = await readState(clusterDir);
  if (existsSync(path.join(clusterDir, "PG_VERSION"))) {
    if (state === undefined) {
      // Not a cluster we made (or its state file was lost): never delete someone's data to recover.
      throw new Error(
        `${clusterDir} holds a PostgreSQL cluster without ${STATE_FILE}. Move it away to let Kort create a new one.`,
      );
    }
  } else {
    // No PG_VERSION: initdb never finished here, so there is nothing to keep, and initdb needs an empty folder.
    if (existsSync(clusterDir)) {
      log.warn(`Removing the incomplete PostgreSQL cluster at ${clusterDir}`);
      await rm(clusterDir, { recursive: true, force: true });
    }
    state = { port: await findFreePort(), password: randomBytes(18).toString("base64url") };
    const started = Date.now();
    await initialise(clusterDir, state.password, asRoot, log);
    await writeState(clusterDir, state);
    log.info(`Created a PostgreSQL cluster at ${clusterDir} in ${Date.now() - started} ms`);
  }

  const server = await startServer(clusterDir, state, asRoot, options.durable ?? true, log);
  const adminUrl = `postgres://${USER}:${encodeURIComponent(state.password)}@127.0.0.1:${server.port}/postgres`;
  await ensureDatabase(adminUrl, APP_DATABASE);
  const url = `postgres://${USER}:${encodeURIComponent(state.password)}@127.0.0.1:${server.port}/${APP_DATABASE}`;
  return { url, adminUrl, port: server.port, clusterDir, stop: server.stop };
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to walk into the data folder
 * (mkdtemp and a 077 umask both lock it out): give the data folder execute permission for others, and
 * say plainly when a parent folder is closed.
 */
async function prepareFolders(dataDir: string, asRoot: boolean): Promise<void> {
  const folder = path.resolve(dataDir);
  await mkdir(folder, { recursive: true });
  if (!asRoot) return;
  const { mode } = await stat(folder);
  if ((mode & 0o001) === 0) await chmod(folder, (mode & 0o7777) | 0o011);
  for (let parent = path.dirname(folder); ; parent = path.dirname(parent)) {
    if (((await stat(parent)).mode & 0o001) === 0) {
      throw new Error(`The postgres user cannot enter ${parent}; run chmod o+x on it or choose another KORT_DATA_DIR`);
    }
    if (parent === path.dirname(parent)) break;
  }
}

async function initialise(clusterDir: string, password: string, asRoot: boolean, log: DbLog): Promise<void> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pgInstance = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: USER,
    password,
    authMethod: "scram-sha-256",
    createPostgresUser: asRoot,
    // UTF-8 with a libc locale that case-folds Icelandic letters (ILIKE 'jón%' finds "Jónsdóttir").
    initdbFlags: ["--encoding=UTF8", `--locale=${utf8Locale()}`, "--no-sync"],
    onLog: (message) => log.debug(message.trim()),
    onError: (error) => log.error(String(error)),
  });
  await pgInstance.initialise();
}

type RunningServer = { port: number; stop(): Promise<void> };

async function startServer(
  clusterDir: string,
  state: ClusterState,
  asRoot: boolean,
  durable: boolean,
  log: DbLog,
): Promise<RunningServer> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  let lastError: unknown;
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
    if (!(await isPortFree(state.port))) {
      const port = await findFreePort();
      log.info(`Port ${state.port} is taken; the embedded PostgreSQL moves to ${port}`);
      state.port = port;
      await writeState(clusterDir, state);
    }
    const output: string[] = [];
    const pgInstance = new EmbeddedPostgres({
      databaseDir: clusterDir,
      port: state.port,
      user: USER,
      password: state.password,
      createPostgresUser: asRoot,
      postgresFlags: serverFlags(durable),
      onLog: (message) => {
        output.push(message);
        log.debug(message.trim());
      },
      onError: (error) => log.error(String(error)),
    });
    const started = Date.now();
    try {
      await pgInstance.start();
      log.info(`PostgreSQL started on 127.0.0.1:${state.port} in ${Date.now() - started} ms`);
      return { port: state.port, stop: trackRunning(pgInstance, postmasterPid(clusterDir)) };
    } catch (error) {
      // The library rejects without a reason when postgres exits; its own output says why.
      lastError = error ?? new Error(output.join("").trim().split("\n").slice(-3).join(" "));
      log.warn(`PostgreSQL did not start (attempt ${attempt + 1}): ${String(lastError)}`);
      // About a second in all: a just-stopped server may still hold its lock file or shared memory.
      await delay(100);
    }
  }
  throw new Error(`Could not start the embedded PostgreSQL in ${clusterDir}: ${String(lastError)}`);
}

const serverFlags = (durable: boolean): string[] => {
  const flags = [
    ["listen_addresses", "127.0.0.1"],
    // TCP only: no socket files in /tmp or /var/run to collide with another PostgreSQL on the machine.
    ["unix_socket_directories", ""],
  ];
  if (!durable) flags.push(["fsync", "off"], ["synchronous_commit", "off"], ["full_page_writes", "off"]);
  return flags.flatMap(([name, value]) => ["-c", `${name}=${value}`]);
};

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

type Running = { pid: number | undefined; stop(): Promise<void> };
const running = new Set<Running>();

const exitOf = (pid: number | undefined): Promise<void> =>
  pid === undefined ? new Promise<void>(() => {}) : pollUntil(() => !isAlive(pid), 60_000, 50);

/**
 * Stops the servers on SIGINT/SIGTERM when nobody else handles the signal. When the application has its own
 * handler (closing HTTP first), it owns the order and calls `stop()` itself.
 */
const onSignal = (signal: NodeJS.Signals) => {
  if (process.listenerCount(signal) > 1) return;
  void Promise.allSettled([...running].map((server) => server.stop())).then(() => {
    unlisten();
    // With our handlers gone, the re-raised signal ends the process the default way (exit status 128 + n).
    process.kill(process.pid, signal);
  });
};

/** Whatever way Node exits, a server it started gets a fast-shutdown request rather than living on. */
const onExit = () => {
  for (const { pid } of running) {
    if (pid !== undefined && isAlive(pid)) process.kill(pid, "SIGINT");
  }
};

const listen = () => {
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  process.on("exit", onExit);
};

const unlisten = () => {
  process.off("SIGINT", onSignal);
  process.off("SIGTERM", onSignal);
  process.off("exit", onExit);
};

/**
 * The library's stop() waits for an `exit` event that never comes when PostgreSQL already died on its own,
 * so the wait also ends when the postmaster's pid is gone.
 */
function trackRunning(pgInstance: { stop(): Promise<void> }, pid: number | undefined): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  const server: Running = {
    pid,
    stop: () => {
      stopping ??= Promise.race([pgInstance.stop(), exitOf(pid)]).finally(() => {
        running.delete(server);
        if (running.size === 0) unlisten();
      });
      return stopping;
    },
  };
  if (running.size === 0) listen();
  running.add(server);
  return server.stop;
}
