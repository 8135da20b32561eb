import type { Locale } from "@kort/core";

export type HeaderInput = {
  method: string;
  token: string | null;
  projectId: string | null;
  locale: Locale;
  hasBody: boolean;
  newKey: () => string;
};

const MUTATING = new Set(["POST", "PATCH"]);

/** The headers of spec 7: bearer token, project id, locale, and an idempotency key on POST and PATCH. */
export const buildHeaders = (input: HeaderInput): Record<string, string> => {
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": input.locale,
  };
  if (input.hasBody) headers["Content-Type"] = "application/json";
  if (input.token) headers.Authorization = `Bearer ${input.token}`;
  if (input.projectId) headers["X-Project-Id"] = input.projectId;
  if (MUTATING.has(input.method.toUpperCase())) headers["Idempotency-Key"] = input.newKey();
  return headers;
};

/** crypto.randomUUID exists only on secure origins; plain-http hosts other than localhost get a v4 UUID by hand. */
export const newIdempotencyKey = (): string => {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
