import type { Readable } from "node:stream";

/**
 * Where files live (receipts now; exports and invoices later): a folder by default (fs-blob-store.ts), an
 * S3-compatible bucket when configured (s3-blob-store.ts). Rows in PostgreSQL name their blobs by key; the store
 * knows nothing of what a key means. Keys are written once and never changed in place.
 */
export type BlobStore = {
  readonly kind: "filesystem" | "s3";
  /** Writes the whole blob; a reader sees it complete or not at all. */
  put: (key: string, data: Buffer, options: { contentType: string }) => Promise<void>;
  /**
   * Writes a blob from a file of known size, streamed (an export of a million rows): memory holds a chunk, not the
   * file. `stream` may be called more than once (S3 reads the file to sign it, then to send it).
   */
  putFile: (key: string, file: BlobSource, options: { contentType: string }) => Promise<void>;
  /** The blob as a stream with its size, or null when there is none under the key. */
  get: (key: string) => Promise<StoredBlob | null>;
  /** Removes the blob; a key with no blob is not an error. */
  delete: (key: string) => Promise<void>;
  exists: (key: string) => Promise<boolean>;
};

export type StoredBlob = { stream: Readable; size: number };

export type BlobSource = {
  size: number;
  stream: () => Readable;
  /** The file's path on this machine, when it is one: a folder store copies it in the kernel, not through streams. */
  path?: string;
};

/**
 * A key is slash-separated segments of letters, digits, `.`, `_` and `-`, each starting with a letter or digit: no
 * empty segment, no `.` or `..`, no leading slash, no backslash, nothing a file system or an object store reads as
 * anything but a name. Keys are made by the server (ids), never taken from a client.
 */
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
const KEY_MAX_LENGTH = 512;

export class InvalidBlobKeyError extends Error {
  constructor(key: string) {
    super(`Not a blob key: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = "InvalidBlobKeyError";
  }
}

export const assertBlobKey = (key: string): string => {
  if (key.length > KEY_MAX_LENGTH || !KEY.test(key)) throw new InvalidBlobKeyError(key);
  return key;
};
