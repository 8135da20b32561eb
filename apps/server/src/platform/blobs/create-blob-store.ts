import type { BlobConfig } from "../config.ts";
import type { BlobStore } from "./blob-store.ts";
import { createFsBlobStore } from "./fs-blob-store.ts";
import { createS3BlobStore } from "./s3-blob-store.ts";

/** The store the configuration names: an S3-compatible bucket when KORT_S3_BUCKET is set, else a folder. */
export const createBlobStore = (config: BlobConfig): BlobStore =>
  config.kind === "s3" ? createS3BlobStore(config) : createFsBlobStore(config.dir);
