import type { FastifyBaseLogger } from "fastify";
import { pino } from "pino";
import type { Config } from "../config.ts";

/** Fastify's view of pino: what the app, hooks and Yoga log through. */
export type Logger = FastifyBaseLogger;

/**
 * Field paths that must never reach a log line: session credentials and card secrets. The request
 * log writes its own small object (no headers, no bodies), so these guard against an error or a
 * debug line that carries a request or an entity by accident.
 */
const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "headers.authorization",
  "headers.cookie",
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
  pino({ level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: "[redacted]" } }, destination);

/** Runs of 12 to 19 digits look like card numbers: the logged path keeps only the last four. */
export const maskCardNumbers = (text: string): string =>
  text.replace(/\d{12,19}/g, (digits) => `${"*".repeat(digits.length - 4)}${digits.slice(-4)}`);

/** The path without its query string (signed links and filters stay out of the log), card numbers masked. */
export const loggablePath = (url: string): string => maskCardNumbers(url.split("?")[0] ?? "");
