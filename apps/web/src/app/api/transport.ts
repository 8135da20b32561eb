import { currentLanguage } from "../i18n/i18n.ts";
import { localeOf } from "../i18n/language.ts";
import { ApiError } from "./api-error.ts";
import { buildHeaders, newIdempotencyKey } from "./headers.ts";

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export type Credentials = {
  token: string | null;
  projectId: string | null;
  signal?: AbortSignal | undefined;
  /** For an upload that shows its progress (0 to 1): fetch cannot report it, so the request goes by XHR. */
  onUploadProgress?: ((fraction: number) => void) | undefined;
};

/** An answer as it came: the status and the parsed body (JSON, else the text, else null). */
export type Answer = { ok: boolean; status: number; data: unknown };

const parseText = (body: string): unknown => {
  if (body.length === 0) return null;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
};

const readBody = async (response: Response): Promise<unknown> => parseText(await response.text());

/** A multipart upload by XHR, the one browser API that reports how much of the body has gone. */
const sendWithProgress = (url: string, headers: Record<string, string>, body: FormData, credentials: Credentials) =>
  new Promise<Answer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) credentials.onUploadProgress?.(event.loaded / event.total);
    };
    xhr.onload = () =>
      resolve({ ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status, data: parseText(xhr.responseText) });
    xhr.onerror = () => reject(new ApiError("NETWORK_ERROR", "Network error"));
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    credentials.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });

/**
 * One HTTP round trip (a FormData body goes as multipart, anything else as JSON) with the headers of spec 7. Rejects only when no answer came (NETWORK_ERROR) or the
 * caller aborted; what the answer means is the caller's business.
 */
export const sendRequest = async (method: Method, url: string, body: unknown, credentials: Credentials) => {
  const headers = buildHeaders({
    method,
    token: credentials.token,
    projectId: credentials.projectId,
    locale: localeOf(currentLanguage()),
    // A FormData body sets its own multipart content type (with the boundary): no JSON header for it.
    hasBody: body !== undefined && !(body instanceof FormData),
    newKey: newIdempotencyKey,
  });
  if (credentials.onUploadProgress && method === "POST" && body instanceof FormData) {
    return sendWithProgress(url, headers, body, credentials);
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? null : body instanceof FormData ? body : JSON.stringify(body),
      signal: credentials.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError("NETWORK_ERROR", error instanceof Error ? error.message : "Network error");
  }
  const answer: Answer = { ok: response.ok, status: response.status, data: await readBody(response) };
  return answer;
};
