/**
 * The closed set of error codes that leave the server. The server maps each to an HTTP status
 * (spec section 8) and to GraphQL `extensions.code`; the web app translates each code through
 * its `errors.<CODE>` key in both locale catalogues.
 */
export const ERROR_CODES = [
  "BAD_REQUEST",
  "MALFORMED_BODY",
  "VALIDATION_FAILED",
  "UNAUTHENTICATED",
  "ACCESS_DENIED",
  "NOT_FOUND",
  "ROUTE_NOT_FOUND",
  "PROJECT_NOT_FOUND",
  "CONFLICT",
  "USER_LOCKED",
  "INTERNAL",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type ErrorKind = "general" | "authentication" | "not_found" | "validation" | "internal";

/** Spec section 8: 400 general, 401 authentication, 404 not found, 422 validation, 500 internal. */
export const errorKind = (code: ErrorCode): ErrorKind => {
  switch (code) {
    case "BAD_REQUEST":
    case "MALFORMED_BODY":
    case "CONFLICT":
      return "general";
    case "UNAUTHENTICATED":
      return "authentication";
    case "ACCESS_DENIED":
    case "USER_LOCKED":
      return "general";
    case "NOT_FOUND":
    case "ROUTE_NOT_FOUND":
    case "PROJECT_NOT_FOUND":
      return "not_found";
    case "VALIDATION_FAILED":
      return "validation";
    case "INTERNAL":
      return "internal";
    default:
      return assertUnreachable(code);
  }
};

export const httpStatusFor = (code: ErrorCode): number => {
  if (code === "ACCESS_DENIED" || code === "USER_LOCKED") return 403;
  switch (errorKind(code)) {
    case "general":
      return 400;
    case "authentication":
      return 401;
    case "not_found":
      return 404;
    case "validation":
      return 422;
    case "internal":
      return 500;
    default:
      return 500;
  }
};

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);

/** The JSON body of every error answer, REST and GraphQL alike (`extensions`). */
export type ErrorBody = { error: { code: ErrorCode; message: string; details?: unknown } };

export function assertUnreachable(value: never): never {
  throw new Error(`Unreachable: ${String(value)}`);
}
