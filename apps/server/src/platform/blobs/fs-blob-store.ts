import { randomUUID } from "node:crypto";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { assertBlobKey, type BlobStore, InvalidBlobKeyError, type StoredBlob } from "./blob-store.ts";

const isMissing = (error: unknown): boolean =>
  error instanceof Error && "code" in error && (error.code === "ENOENT" || error.code === "ENOTDIR");

/**
 * Blobs as files under one folder (`<dataDir>/blobs` unless KORT_BLOB_DIR says otherwise). Several server
 * processes may share the folder (a network file system mounted on each): a blob is written to a temporary name
 * beside its place, flushed, and renamed into place, which is atomic, so a reader in any process finds the whole
 * file or none. Temporary names start with a dot, which no key can, so they never answer a key.
 */
export const createFsBlobStore = (root: string): BlobStore => {
  const base = path.resolve(root);

  /** The file of a key: checked by the key rule, and again that it resolves inside the folder. */
  const fileOf = (key: string): string => {
    const file = path.resolve(base, assertBlobKey(key));
    if (!file.startsWith(`${base}${path.sep}`)) throw new InvalidBlobKeyError(key);
    return file;
  };

  return {
    kind: "filesystem",

    put: async (key, data) => {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
      const handle = await open(temporary, "wx", 0o600);
      try {
        await handle.writeFile(data);
        await handle.datasync();
      } finally {
        await handle.close();
      }
      try {
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    get: async (key): Promise<StoredBlob | null> => {
      const file = fileOf(key);
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(file, "r");
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        return { stream: handle.createReadStream({ autoClose: true }), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    delete: async (key) => {
      await rm(fileOf(key), { force: true });
    },

    exists: async (key) => {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
};
