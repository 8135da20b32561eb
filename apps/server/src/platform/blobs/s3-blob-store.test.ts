import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { buffer, text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { S3Config } from "../config.ts";
import { createS3BlobStore } from "./s3-blob-store.ts";
import { sha256Hex, signRequest } from "./sigv4.ts";

/**
 * The S3 blob store against a small S3 of our own on 127.0.0.1 (nothing outside this machine): it checks each
 * call's SigV4 signature and payload hash as S3 would, and keeps objects in memory. The signing itself is checked
 * against AWS's published example in sigv4.test.ts.
 */

const credentials = { accessKeyId: "KORTTESTKEY", secretAccessKey: "kort/test/secret" };
const objects = new Map<string, { data: Buffer; type: string }>();
const seen: { method: string; path: string }[] = [];
let server: Server;
let config: S3Config;
let denyAll = false;

const header = (request: IncomingMessage, name: string): string => String(request.headers[name] ?? "");

/** What S3 does first: recompute the signature from the request as it arrived, and compare. */
const signatureHolds = (request: IncomingMessage, body: Buffer): boolean => {
  const authorization = header(request, "authorization");
  const signedHeaders = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(";") ?? [];
  const date = header(request, "x-amz-date");
  const at = new Date(
    `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
  );
  const payloadHash = header(request, "x-amz-content-sha256");
  if (payloadHash !== sha256Hex(body)) return false;
  const expected = signRequest({
    method: request.method ?? "",
    url: new URL(request.url ?? "/", `http://${header(request, "host")}`),
    headers: Object.fromEntries(signedHeaders.map((name) => [name, header(request, name)])),
    payloadHash,
    region: "eu-west-1",
    service: "s3",
    ...credentials,
    at,
  });
  return signedHeaders.includes("host") && expected.authorization === authorization;
};

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await buffer(request);
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://s3").pathname);
    seen.push({ method: request.method ?? "", path });
    if (denyAll || !signatureHolds(request, body)) {
      response.writeHead(403, { "content-type": "application/xml" });
      response.end("<Error><Code>SignatureDoesNotMatch</Code><Message>no</Message></Error>");
      return;
    }
    const object = objects.get(path);
    switch (request.method) {
      case "PUT":
        objects.set(path, { data: body, type: header(request, "content-type") });
        response.writeHead(200).end();
        return;
      case "GET":
      case "HEAD":
        if (!object) {
          response.writeHead(404, { "content-type": "application/xml" });
          response.end(request.method === "GET" ? "<Error><Code>NoSuchKey</Code></Error>" : undefined);
          return;
        }
        response.writeHead(200, { "content-type": object.type, "content-length": object.data.length });
        response.end(request.method === "GET" ? object.data : undefined);
        return;
      case "DELETE":
        objects.delete(path);
        response.writeHead(204).end();
        return;
      default:
        response.writeHead(405).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  config = {
    bucket: "kort-kvittanir",
    region: "eu-west-1",
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    prefix: "prof/",
    ...credentials,
  };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the S3 blob store", () => {
  it("puts, reads, tells and deletes objects, signed as S3 checks them", async () => {
    const store = createS3BlobStore(config);
    const key = "receipts/p1/r1";
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.put(key, Buffer.from("kvittun frá Bónus"), { contentType: "application/pdf" });
    expect(objects.get("/kort-kvittanir/prof/receipts/p1/r1")?.type).toBe("application/pdf");
    expect(await store.exists(key)).toBe(true);
    const blob = await store.get(key);
    expect(blob?.size).toBe(Buffer.byteLength("kvittun frá Bónus"));
    expect(blob ? await text(blob.stream) : null).toBe("kvittun frá Bónus");
    await store.delete(key);
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    expect(seen.every((call) => call.path.startsWith("/kort-kvittanir/prof/"))).toBe(true);
  });

  it("streams a file of known size in one signed PUT (an export), read twice: to hash it and to send it", async () => {
    const store = createS3BlobStore(config);
    const content = Buffer.from("Fylgiskjal;Dagsetning\r\n1;2026-11-24\r\n".repeat(2000));
    let reads = 0;
    const source = {
      size: content.length,
      stream: () => {
        reads += 1;
        return Readable.from([content.subarray(0, 1000), content.subarray(1000)]);
      },
    };
    await store.putFile("exports/p1/e1.csv", source, { contentType: "text/csv; charset=utf-8" });
    expect(reads).toBe(2);
    const blob = await store.get("exports/p1/e1.csv");
    expect(blob?.size).toBe(content.length);
    expect(blob ? await text(blob.stream) : null).toBe(content.toString("utf8"));
  });

  it("fails loudly, with S3's code and without the key, when S3 refuses", async () => {
    const store = createS3BlobStore({ ...config, secretAccessKey: "wrong" });
    await expect(store.put("receipts/p1/secret-name", Buffer.from("x"), { contentType: "image/png" })).rejects.toThrow(
      /S3 PUT answered 403: SignatureDoesNotMatch$/,
    );
    denyAll = true;
    try {
      await expect(createS3BlobStore(config).get("receipts/p1/r2")).rejects.toThrow(/^S3 GET answered 403/);
      await expect(createS3BlobStore(config).exists("receipts/p1/r2")).rejects.toThrow(/S3 HEAD answered 403/);
    } finally {
      denyAll = false;
    }
  });

  it("addresses AWS itself virtual-hosted by default, and refuses unsafe keys before any call", async () => {
    const urls: string[] = [];
    const store = createS3BlobStore(
      { ...config, endpoint: undefined, forcePathStyle: false, prefix: "" },
      {
        fetch: async (input) => {
          urls.push(String(input));
          return new Response(null, { status: 404 });
        },
      },
    );
    expect(await store.exists("receipts/p1/r1")).toBe(false);
    expect(urls).toEqual(["https://kort-kvittanir.s3.eu-west-1.amazonaws.com/receipts/p1/r1"]);
    await expect(store.get("../r1")).rejects.toThrow(/Not a blob key/);
    expect(urls).toHaveLength(1);
  });
});
