import { createReadStream } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBlobKey, type BlobStore, InvalidBlobKeyError } from "./blob-store.ts";
import { createFsBlobStore } from "./fs-blob-store.ts";

let root: string;
let store: BlobStore;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "kort-blobs-"));
  store = createFsBlobStore(path.join(root, "blobs"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const read = async (key: string) => {
  const blob = await store.get(key);
  return blob ? { size: blob.size, text: await text(blob.stream) } : null;
};

describe("the filesystem blob store", () => {
  it("puts, reads, tells and deletes a blob", async () => {
    const key = "receipts/p1/r1";
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.put(key, Buffer.from("kvittun"), { contentType: "application/pdf" });
    expect(await store.exists(key)).toBe(true);
    expect(await read(key)).toEqual({ size: 7, text: "kvittun" });
    await store.delete(key);
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
  });

  it("puts a file by its path or by its stream, readable only by the server, and no temporary file is left", async () => {
    const file = path.join(root, "export.csv");
    await writeFile(file, "Fylgiskjal;Dagsetning\r\n1;2026-11-03\r\n");
    const source = { size: 37, stream: () => createReadStream(file) };
    await store.putFile("exports/p1/by-path.csv", { ...source, path: file }, { contentType: "text/csv" });
    await store.putFile("exports/p1/by-stream.csv", source, { contentType: "text/csv" });
    for (const key of ["exports/p1/by-path.csv", "exports/p1/by-stream.csv"]) {
      expect(await read(key)).toEqual({ size: 37, text: "Fylgiskjal;Dagsetning\r\n1;2026-11-03\r\n" });
      expect((await stat(path.join(root, "blobs", key))).mode & 0o777).toBe(0o600);
    }
    expect(await readdir(path.join(root, "blobs", "exports", "p1"))).toEqual(["by-path.csv", "by-stream.csv"]);
  });

  it("refuses keys that could leave its folder or name anything but a blob", async () => {
    await writeFile(path.join(root, "secret"), "leyndó");
    for (const key of [
      "../secret",
      "receipts/../../secret",
      "/etc/passwd",
      "receipts//r1",
      "receipts/./r1",
      ".hidden",
      "receipts\\..\\secret",
      "receipts/%2e%2e/secret",
      "",
      "a".repeat(513),
    ]) {
      expect(() => assertBlobKey(key), key).toThrow(InvalidBlobKeyError);
      await expect(store.get(key), key).rejects.toThrow(InvalidBlobKeyError);
      await expect(store.put(key, Buffer.from("x"), { contentType: "text/plain" }), key).rejects.toThrow(
        InvalidBlobKeyError,
      );
      await expect(store.delete(key), key).rejects.toThrow(InvalidBlobKeyError);
    }
    expect(await readFile(path.join(root, "secret"), "utf8")).toBe("leyndó");
  });

  it("leaves a whole blob under a key that concurrent writers race for, and no temporary files", async () => {
    const key = "receipts/p1/race";
    const versions = Array.from({ length: 12 }, (_, n) => Buffer.alloc(64 * 1024, 65 + n));
    await Promise.all(versions.map((data) => store.put(key, data, { contentType: "image/png" })));
    const blob = await read(key);
    expect(blob?.size).toBe(64 * 1024);
    expect(new Set(blob?.text)).toHaveProperty("size", 1);
    expect(await readdir(path.join(root, "blobs", "receipts", "p1"))).toEqual(["race"]);
  });

  it("is shared by two stores on one folder, as two server processes would share it", async () => {
    const other = createFsBlobStore(path.join(root, "blobs"));
    await store.put("shared/one", Buffer.from("frá fyrsta"), { contentType: "text/plain" });
    expect((await other.get("shared/one"))?.size).toBe(Buffer.byteLength("frá fyrsta"));
    await other.delete("shared/one");
    expect(await store.exists("shared/one")).toBe(false);
  });
});
