import { createHash, createHmac } from "node:crypto";

/**
 * AWS Signature Version 4 for the few S3 calls the blob store makes (PUT, GET, HEAD, DELETE of one object), as
 * S3 and the S3-compatible stores (MinIO, Ceph, R2, Scaleway...) check it. Small enough to read in one sitting,
 * and tested against AWS's own worked example (sigv4.test.ts), so Kort needs no SDK for four calls.
 */

export const sha256Hex = (data: string | Buffer): string => createHash("sha256").update(data).digest("hex");

/** The hash of an empty body, sent with GET, HEAD and DELETE. */
export const EMPTY_PAYLOAD_HASH = sha256Hex("");

const hmac = (key: string | Buffer, data: string): Buffer => createHmac("sha256", key).update(data, "utf8").digest();

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - . _ ~ is %XX, upper case. */
export const uriEncode = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** An S3 object path: each segment encoded, the slashes kept (S3 does not encode the path twice). */
export const encodeS3Path = (path: string): string => path.split("/").map(uriEncode).join("/");

/** `20130524T000000Z`, the form of x-amz-date. */
export const amzDate = (at: Date): string =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

export type SigningInput = {
  method: string;
  url: URL;
  /** Every header to sign, host and x-amz-date included; names in any case. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (also sent as x-amz-content-sha256). */
  payloadHash: string;
  region: string;
  service: string;
  accessKeyId: string;
  secretAccessKey: string;
  at: Date;
};

export type Signature = { authorization: string; canonicalRequest: string; stringToSign: string; signature: string };

const canonicalQuery = (url: URL): string =>
  [...url.searchParams.entries()]
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");

/** Signs a request: the Authorization header value, and the steps (for tests against AWS's example). */
export const signRequest = (input: SigningInput): Signature => {
  const headers = Object.entries(input.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, " ")] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = headers.map(([name]) => name).join(";");
  const canonicalRequest = [
    input.method.toUpperCase(),
    input.url.pathname || "/",
    canonicalQuery(input.url),
    ...headers.map(([name, value]) => `${name}:${value}`),
    "",
    signedHeaders,
    input.payloadHash,
  ].join("\n");
  const date = amzDate(input.at);
  const day = date.slice(0, 8);
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", date, scope, sha256Hex(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), input.service), "aws4_request");
  const signature = createHmac("sha256", key).update(stringToSign, "utf8").digest("hex");
  return {
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
    canonicalRequest,
    stringToSign,
    signature,
  };
};
