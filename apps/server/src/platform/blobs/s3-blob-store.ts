import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { S3Config } from "../config.ts";
import { assertBlobKey, type BlobStore } from "./blob-store.ts";
import { amzDate, EMPTY_PAYLOAD_HASH, encodeS3Path, sha256Hex, signRequest } from "./sigv4.ts";

/** One S3 call may take this long before it is given up (the request that made it then fails). */
const CALL_TIMEOUT_MS = 30_000;

export type S3BlobStoreOptions = {
  /** Tests pass their own; the default is Node's. */
  fetch?: typeof fetch;
  now?: () => Date;
};

/** The object's address: path style (`endpoint/bucket/key`) or virtual-hosted (`bucket.host/key`). */
const objectUrl = (config: S3Config, key: string): URL => {
  const endpoint = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  const path = encodeS3Path(`${config.prefix}${key}`);
  if (config.forcePathStyle) {
    const base = endpoint.pathname.replace(/\/+$/, "");
    return new URL(`${endpoint.protocol}//${endpoint.host}${base}/${config.bucket}/${path}`);
  }
  return new URL(`${endpoint.protocol}//${config.bucket}.${endpoint.host}/${path}`);
};

class S3Error extends Error {
  constructor(method: string, status: number, detail: string) {
    // The key is left out: it names a company and a receipt. S3's own error code says what went wrong.
    super(`S3 ${method} answered ${status}${detail ? `: ${detail}` : ""}`);
    this.name = "S3Error";
  }
}

/** S3's error code from its XML body (`<Code>AccessDenied</Code>`), nothing else of it. */
const errorCodeOf = async (response: Response): Promise<string> => {
  const text = await response.text().catch(() => "");
  return /<Code>([A-Za-z0-9.]{1,64})<\/Code>/.exec(text)?.[1] ?? "";
};

/**
 * Blobs in an S3-compatible bucket, over plain HTTP calls signed with SigV4 (sigv4.ts). Every server process
 * reaches the same bucket, so they share blobs with no folder in common. A whole blob is sent in one PUT (receipts
 * are at most 10 MB; S3 takes up to 5 GB in one), which S3 stores atomically.
 */
export const createS3BlobStore = (config: S3Config, options: S3BlobStoreOptions = {}): BlobStore => {
  const call = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());

  const send = async (
    method: "PUT" | "GET" | "HEAD" | "DELETE",
    key: string,
    body?: { data: Buffer; contentType: string },
  ): Promise<Response> => {
    const url = objectUrl(config, assertBlobKey(key));
    const at = now();
    const payloadHash = body ? sha256Hex(body.data) : EMPTY_PAYLOAD_HASH;
    const headers: Record<string, string> = {
      host: url.host,
      "x-amz-content-sha256": payloadHash,
      "x-amz-date": amzDate(at),
      ...(body ? { "content-type": body.contentType } : {}),
    };
    const { authorization } = signRequest({
      method,
      url,
      headers,
      payloadHash,
      region: config.region,
      service: "s3",
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      at,
    });
    const { host: _host, ...sent } = headers;
    return call(url, {
      method,
      headers: { ...sent, authorization },
      // A copy as a plain Uint8Array: fetch's types take no Buffer (at most 10 MB, once per upload).
      ...(body ? { body: Uint8Array.from(body.data) } : {}),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  };

  const fail = async (method: string, response: Response): Promise<never> => {
    throw new S3Error(method, response.status, await errorCodeOf(response));
  };

  return {
    kind: "s3",

    put: async (key, data, { contentType }) => {
      const response = await send("PUT", key, { data, contentType });
      if (!response.ok) await fail("PUT", response);
      await response.body?.cancel();
    },

    get: async (key) => {
      const response = await send("GET", key);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) return fail("GET", response);
      const size = Number(response.headers.get("content-length"));
      if (!Number.isSafeInteger(size) || size < 0) {
        await response.body.cancel();
        throw new S3Error("GET", response.status, "no Content-Length");
      }
      return { stream: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), size };
    },

    delete: async (key) => {
      const response = await send("DELETE", key);
      if (!response.ok && response.status !== 404) await fail("DELETE", response);
      await response.body?.cancel();
    },

    exists: async (key) => {
      const response = await send("HEAD", key);
      await response.body?.cancel();
      if (response.status === 404) return false;
      if (!response.ok) throw new S3Error("HEAD", response.status, "");
      return true;
    },
  };
};
