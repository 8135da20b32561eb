import type { FastifyBaseLogger } from "fastify";
import { pino } from "pino";
import type { Config } from "../config.ts";
import { maskCardNumbers, serializeError, serializeLogArguments } from "./log-serializers.ts";

export { maskCardNumbers };

/** Fastify's view of pino: what the app, hooks and Yoga log through. */
export type Logger = FastifyBaseLogger;

/**
 * Field paths that must never reach a log line: session credentials, request bodies and card
 * secrets. The request log writes its own small object (no headers, no bodies) and errors go through
 * log-serializers.ts, so these guard against a debug line that carries a request or an entity by
 * accident.
 */
const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-network-key"]',
  'req.headers["x-mail-relay-key"]',
  'req.headers["idempotency-key"]',
  "req.body",
  "headers.authorization",
  "headers.cookie",
  'headers["x-network-key"]',
  'headers["x-mail-relay-key"]',
  'headers["idempotency-key"]',
  "*.headers.authorization",
  "*.headers.cookie",
  'headers["set-cookie"]',
  "body",
  "*.body",
  "params",
  "*.params",
  "variables",
  "*.variables",
  "*.authorization",
  "*.token",
  "*.secret",
  "*.pin",
  "*.passcode",
  "*.pan",
  "*.card_number",
  "*.cardNumber",
  "*.cvc",
  "*.cvv",
];

/** `destination` defaults to stdout; tests pass a stream to read what was logged. */
export const createLogger = (config: Pick<Config, "logLevel">, destination?: pino.DestinationStream): Logger =>
  pino(
    {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      serializers: { err: serializeError, yoga: serializeLogArguments },
    },
    destination,
  );

/**
 * Whether `logger` writes lines of `level`: callers skip building what a disabled level would throw away. Pino's own
 * isLevelEnabled is not on Fastify's view of the logger, hence the levels' numbers.
 */
export const logsAt = (logger: Pick<Logger, "level">, level: LogMethod): boolean => {
  const current = pino.levels.values[logger.level];
  return current !== undefined && current <= (pino.levels.values[level] ?? 0);
};

type LogMethod = "fatal" | "error" | "warn" | "info" | "debug" | "trace";
type Bindings = pino.Bindings;
type ChildOptions = pino.ChildLoggerOptions;

/**
 * A request's logger (Fastify's `request.log`), whose pino child is made on its first line at an enabled level.
 * Fastify makes one per request, and a pino child with redaction serialises its bindings through the redactor:
 * about 3% of a session lookup's CPU, for a logger that at level warn or above never writes a line.
 */
class RequestLogger {
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  readonly #options: ChildOptions;
  #child: Logger | undefined;

  constructor(parent: Logger, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #logger(): Logger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  #write(level: LogMethod, args: unknown[]): void {
    if (!logsAt(this, level)) return;
    (this.#logger()[level] as (...line: unknown[]) => void)(...args);
  }

  /** A route's own level (Fastify passes it as an option) before the child exists, else the parent's. */
  get level(): string {
    const own = this.#options.level;
    return this.#child?.level ?? (typeof own === "string" ? own : this.#parent.level);
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  child(bindings: Bindings, options?: ChildOptions): Logger {
    return this.#logger().child(bindings, options);
  }

  fatal(...args: unknown[]): void {
    this.#write("fatal", args);
  }
  error(...args: unknown[]): void {
    this.#write("error", args);
  }
  warn(...args: unknown[]): void {
    this.#write("warn", args);
  }
  info(...args: unknown[]): void {
    this.#write("info", args);
  }
  debug(...args: unknown[]): void {
    this.#write("debug", args);
  }
  trace(...args: unknown[]): void {
    this.#write("trace", args);
  }
  silent(): void {}
}

/** Fastify's `childLoggerFactory`: request loggers that cost nothing until they write (RequestLogger). */
export const requestLogger = (parent: Logger, bindings: Bindings, options: ChildOptions): Logger =>
  new RequestLogger(parent, bindings, options) as unknown as Logger;

/** Paths whose last segment is a secret (a referral code redeems once): the segment is logged as `[code]`. */
const SECRET_SEGMENT = /^(\/v1\/referrals\/redeem\/)[^/]+$/;

/**
 * The path without its query string (signed links and filters stay out of the log), card numbers and secret
 * segments masked.
 */
export const loggablePath = (url: string): string =>
  maskCardNumbers((url.split("?")[0] ?? "").replace(SECRET_SEGMENT, "$1[code]"));
