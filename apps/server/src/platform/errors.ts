import { type ErrorBody, type ErrorCode, httpStatusFor } from "@kort/core";
import { z } from "zod";

/**
 * The one error type that handlers throw on purpose. Its code is one of the closed set in
 * `@kort/core`; REST and GraphQL both turn it into the same code, so clients translate codes,
 * never messages.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "AppError";
    this.code = code;
    this.details = details;
  }
}

/** What an error becomes on the wire: the status, the code, and what the client may see. */
export type DescribedError = {
  status: number;
  code: ErrorCode;
  message: string;
  details: unknown;
  /** True for errors nobody threw on purpose: they are logged with their stack and masked. */
  unexpected: boolean;
};

export type ValidationIssue = { path: string; code: string; message: string };

export const zodIssues = (error: z.core.$ZodError): ValidationIssue[] =>
  error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    code: issue.code,
    message: issue.message,
  }));

const described = (code: ErrorCode, message: string, details?: unknown, unexpected = false): DescribedError => ({
  status: httpStatusFor(code),
  code,
  message,
  details,
  unexpected,
});

/** Fastify's own errors carry a `code` like FST_ERR_CTP_INVALID_JSON_BODY and a `statusCode`. */
const frameworkError = (error: unknown): { code: string; statusCode: number; message: string } | undefined => {
  if (!(error instanceof Error)) return undefined;
  const code = "code" in error ? error.code : undefined;
  const statusCode = "statusCode" in error ? error.statusCode : undefined;
  if (typeof code !== "string" || typeof statusCode !== "number") return undefined;
  return { code, statusCode, message: error.message };
};

/** Seconds a client is asked to wait (Retry-After) when the server answers BUSY. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * SQLSTATEs that mean "the database is saturated or a wait ran out", not "the request is wrong": statement and
 * lock timeouts, an idle transaction ended by the server, deadlocks and serialisation failures (both resolve on
 * retry), and a server out of connections or starting up.
 */
const BUSY_SQLSTATES = new Set(["57014", "55P03", "25P03", "40P01", "40001", "53300", "57P03"]);

/** node-postgres' own waits: the pool had no free connection, or a new connection did not open in time. */
const BUSY_DRIVER_MESSAGES = [
  "timeout exceeded when trying to connect",
  "Connection terminated due to connection timeout",
  "Connection terminated unexpectedly",
];

/**
 * Whether the error, or one it wraps (Drizzle wraps the driver's error as `cause`), is the database being busy.
 * Walks at most a few links so a cyclic cause chain cannot loop.
 */
export const isDatabaseBusy = (error: unknown): boolean => {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = "code" in current ? current.code : undefined;
    if (typeof code === "string" && BUSY_SQLSTATES.has(code)) return true;
    if (BUSY_DRIVER_MESSAGES.some((message) => current instanceof Error && current.message.includes(message))) {
      return true;
    }
    current = current.cause;
  }
  return false;
};

/** The driver's error of SQLSTATE `code`: Drizzle wraps it as `cause`, so the chain is walked, at most a few links. */
export const driverError = (error: unknown, code: string): Error | undefined => {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if ("code" in current && current.code === code) return current;
    current = current.cause;
  }
  return undefined;
};

/** The unique constraint a failed insert or update violated (SQLSTATE 23505), or null for any other error. */
export const violatedUniqueConstraint = (error: unknown): string | null => {
  const violation = driverError(error, "23505");
  if (!violation) return null;
  return "constraint" in violation && typeof violation.constraint === "string" ? violation.constraint : "";
};

/**
 * The single mapper from anything thrown to its wire form, shared by the REST error handler and
 * GraphQL's error masking. Unknown errors become INTERNAL with a fixed message, so no stack or SQL
 * text reaches a client.
 */
export const describeError = (error: unknown): DescribedError => {
  if (error instanceof AppError) return described(error.code, error.message, error.details);
  if (error instanceof z.core.$ZodError) {
    return described("VALIDATION_FAILED", "The request is not valid.", { issues: zodIssues(error) });
  }
  const framework = frameworkError(error);
  if (framework) {
    switch (framework.code) {
      case "FST_ERR_CTP_INVALID_JSON_BODY":
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
        return described("MALFORMED_BODY", "The request body is not valid JSON.");
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return described("BAD_REQUEST", "The request body has an unsupported content type.", {
          reason: "unsupported_media_type",
        });
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return described("BAD_REQUEST", "The request body is too large.", { reason: "body_too_large" });
      case "FST_ERR_MAX_PARAM_LENGTH":
        // The message would repeat the whole path back; ids are at most 100 characters (app.ts).
        return described("URI_TOO_LONG", "A part of the address is too long.");
      default:
        // Other 4xx framework errors (bad URL, bad content length, aborted upload) are the client's.
        if (framework.statusCode >= 400 && framework.statusCode < 500) {
          return described("BAD_REQUEST", "The request could not be processed.", { reason: framework.code });
        }
    }
  }
  if (isDatabaseBusy(error)) {
    return described("BUSY", "The system is busy right now. Please try again in a moment.", {
      retry_after_seconds: BUSY_RETRY_AFTER_SECONDS,
    });
  }
  // A write that named a row that does not exist, or another company's (references name the company,
  // docs/scaling.md). The service should have refused it first, so it is logged as unexpected, but for the caller it
  // is what it is: something it named was not found.
  if (driverError(error, "23503")) {
    return described("NOT_FOUND", "Something the request refers to was not found.", undefined, true);
  }
  // JSON.parse failures from body parsers that are not Fastify's (e.g. a raw SyntaxError).
  if (error instanceof SyntaxError && "statusCode" in error && error.statusCode === 400) {
    return described("MALFORMED_BODY", "The request body is not valid JSON.");
  }
  return described("INTERNAL", "Something went wrong. Please try again later.", undefined, true);
};

export const errorBody = (error: DescribedError): ErrorBody => ({
  error: { code: error.code, message: error.message, details: error.details },
});
