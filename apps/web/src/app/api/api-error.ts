import { type ErrorCode, isErrorCode } from "@kort/core";

/** Codes the browser adds to the server's: the request never got an answer, or the answer made no sense. */
export const CLIENT_ERROR_CODES = ["NETWORK_ERROR", "UNKNOWN"] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/** Every failed API call rejects with this: a code to translate and the server's own message for logs. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number | null;
  /** The server's `error.details`, e.g. `locked_until` of a temporary lock. */
  readonly details: unknown;

  constructor(code: ApiErrorCode, message: string, status: number | null = null, details: unknown = undefined) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

const codeForStatus = (status: number): ApiErrorCode => {
  if (status === 400) return "BAD_REQUEST";
  if (status === 401) return "UNAUTHENTICATED";
  if (status === 403) return "ACCESS_DENIED";
  if (status === 404) return "NOT_FOUND";
  if (status === 422) return "VALIDATION_FAILED";
  // A proxy or load balancer answering for a server that is down or restarting.
  if (status === 502 || status === 503 || status === 504) return "NETWORK_ERROR";
  if (status >= 500) return "INTERNAL";
  return "UNKNOWN";
};

const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;

const text = (value: unknown, fallback: string): string => (typeof value === "string" ? value : fallback);

/** REST errors arrive as `{ error: { code, message } }`; without a known code the HTTP status decides. */
export const parseRestError = (status: number, body: unknown): ApiError => {
  const error = field(body, "error");
  const code = field(error, "code");
  const message = text(field(error, "message"), `HTTP ${status}`);
  return new ApiError(isErrorCode(code) ? code : codeForStatus(status), message, status, field(error, "details"));
};

/** GraphQL errors carry the code in `errors[0].extensions.code`; null when the answer has no errors. */
export const parseGraphqlErrors = (errors: unknown, status: number): ApiError | null => {
  if (!Array.isArray(errors) || errors.length === 0) return null;
  const first: unknown = errors[0];
  const code = field(field(first, "extensions"), "code");
  const message = text(field(first, "message"), "GraphQL error");
  return new ApiError(isErrorCode(code) ? code : "UNKNOWN", message, status);
};

export const toApiError = (error: unknown): ApiError =>
  error instanceof ApiError ? error : new ApiError("UNKNOWN", error instanceof Error ? error.message : String(error));
