import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFsBlobStore } from "../../platform/blobs/fs-blob-store.ts";
import { receiptReadings } from "../../platform/db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { createLogger } from "../../platform/http/logger.ts";
import { startTaskProcess } from "../../platform/jobs/task-process.ts";
import { tillSlipPng } from "../receipts/demo-receipts.ts";
import { RECEIPT_READ_QUEUE, storeReceipt } from "../receipts/receipts.service.ts";
import { createTeamsScene } from "../teams/teams.fixtures.ts";
import { receiptReadingModule } from "./receipt-reading.module.ts";

/**
 * Receipts are read in a process of their own (reading-process.ts), as a server's worker hands them over: the OCR
 * engine never lives in the API's process. The other reading tests run the task in the test's process, as the held
 * task queue does; this one runs it through the module's own process, on the same database and files.
 */

let database: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), "kort-reading-process-"));
});
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("the reading process", () => {
  it("reads a stored receipt in a child process on the same database and files", { timeout: 90_000 }, async () => {
    const task = receiptReadingModule.tasks?.find((candidate) => candidate.queue === RECEIPT_READ_QUEUE);
    if (!task?.process) throw new Error("Receipts are read in the API's process");
    const scene = await createTeamsScene(database.db);
    const blobDir = path.join(dataDir, "blobs");
    const receipt = await storeReceipt(
      { db: database.db, blobs: createFsBlobStore(blobDir), now: () => new Date(), tasks: { send: async () => {} } },
      {
        projectId: scene.project.id,
        transactionId: null,
        source: "email",
        userId: scene.owner.id,
        receipt: {
          type: "image/png",
          fileName: "kvittun.png",
          data: await tillSlipPng(["Bónus Skeifunni", "Kt. 540595-2409", "", "Samtals        6.480 kr."]),
        },
      },
    );
    const child = startTaskProcess({
      name: task.queue,
      ...task.process,
      databaseUrl: database.url,
      logger: createLogger({ logLevel: "silent" }),
      tasks: { send: async () => {} },
      env: {
        ...process.env,
        KORT_DATA_DIR: dataDir,
        KORT_BLOB_DIR: blobDir,
        KORT_CARD_KEY: randomBytes(32).toString("base64"),
      },
    });
    try {
      await child.run({ project_id: scene.project.id, receipt_id: receipt.id });
      expect(child.pid()).not.toBe(process.pid);
      const [reading] = await database.db
        .select({ status: receiptReadings.status, total: receiptReadings.totalAmount })
        .from(receiptReadings)
        .where(and(eq(receiptReadings.projectId, scene.project.id), eq(receiptReadings.receiptId, receipt.id)));
      expect(reading).toEqual({ status: "read", total: 6480 });
    } finally {
      await child.stop();
    }
  });
});
