import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
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

/** A PUT's body: bytes in memory (a receipt), or a file streamed (an export), with its hash and length. */
type Payload = { contentType: string; hash: string; length: number } & ({ data: Buffer } | { stream: () => Readable });

const bodyInit = (payload: Payload): RequestInit =>
  "data" in payload
    ? // A copy as a plain Uint8Array: fetch's types take no Buffer (at most 10 MB, once per upload).
      { body: Uint8Array.from(payload.data) }
    : // A stream body needs half duplex in Node's fetch; its length is the content-length header above.
      ({ body: Readable.toWeb(payload.stream()) as ReadableStream<Uint8Array>, duplex: "half" } as RequestInit);

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

  const send = async (method: "PUT" | "GET" | "HEAD" | "DELETE", key: string, body?: Payload): Promise<Response> => {
    const url = objectUrl(config, assertBlobKey(key));
    const at = now();
    const payloadHash = body ? body.hash : EMPTY_PAYLOAD_HASH;
    const headers: Record<string, string> = {
      host: url.host,
      "x-amz-content-sha256": payloadHash,
      "x-amz-date": amzDate(at),
      ...(body ? { "content-type": body.contentType, "content-length": String(body.length) } : {}),
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
      ...(body ? bodyInit(body) : {}),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  };

  const fail = async (method: string, response: Response): Promise<never> => {
    throw new S3Error(method, response.status, await errorCodeOf(response));
  };

  return {
    kind: "s3",

    put: async (key, data, { contentType }) => {
      const response = await send("PUT", key, { contentType, hash: sha256Hex(data), length: data.length, data });
      if (!response.ok) await fail("PUT", response);
      await response.body?.cancel();
    },

    putFile: async (key, source, { contentType }) => {
      // SigV4 signs the payload's hash: the file is read once to hash it, then again as the body.
      const hash = createHash("sha256");
      await pipeline(source.stream(), hash);
      const payload = { contentType, hash: hash.digest("hex"), length: source.size, stream: source.stream };
      const response = await send("PUT", key, payload);
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
