import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { and, eq, isNotNull } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../app/seed/seed.ts";
import { createFsBlobStore } from "../../platform/blobs/fs-blob-store.ts";
import { projects, receipts, transactions } from "../../platform/db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { seedDemoReceipts } from "./demo-receipts.ts";

let database: TestDatabase;
let dir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), "kort-demo-blobs-"));
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

describe("demo receipts", () => {
  it("back some of Demo ehf.'s booked purchases with till slips in the blob store, once", async () => {
    const { db } = database;
    const now = new Date();
    await seedDemo(db, { cardKey: randomBytes(32), now });
    const blobs = createFsBlobStore(dir);
    // Two servers starting at once on one database: one of them adds the receipts.
    const results = await Promise.all([seedDemoReceipts(db, { now, blobs }), seedDemoReceipts(db, { now, blobs })]);
    const added = Math.max(...results);
    expect(Math.min(...results)).toBe(0);
    expect(added).toBeGreaterThan(5);
    expect(await seedDemoReceipts(db, { now, blobs })).toBe(0);

    const [demo] = await db.select().from(projects).where(eq(projects.title, "Demo ehf."));
    const rows = await db
      .select({ receipt: receipts, count: transactions.receiptCount, categoryId: transactions.categoryId })
      .from(receipts)
      .innerJoin(transactions, eq(transactions.id, receipts.transactionId))
      .where(eq(receipts.projectId, demo?.id ?? ""));
    expect(rows).toHaveLength(added);
    // The other server's files were discarded: the folder holds exactly the rows' blobs.
    const files = await readdir(path.join(dir, "receipts", demo?.id ?? ""));
    const keys = rows.flatMap(({ receipt }) => [receipt.blobKey, receipt.thumbnailKey]).filter((key) => key !== null);
    expect(files.sort()).toEqual(keys.map((key) => path.basename(key)).sort());
    expect(rows.every((row) => row.count === 1 && row.categoryId !== null)).toBe(true);
    const types = new Set(rows.map((row) => row.receipt.fileType));
    expect(types).toEqual(new Set(["image/png", "application/pdf"]));
    for (const { receipt } of rows) {
      const blob = await blobs.get(receipt.blobKey);
      const data = blob ? await buffer(blob.stream) : Buffer.alloc(0);
      expect((await fileTypeFromBuffer(data))?.mime).toBe(receipt.fileType);
      expect(data.length).toBe(receipt.fileSize);
    }
    // Some booked purchases older than a week are left without one, for the MissingReceipt list.
    const booked = await db
      .select({ id: transactions.id })
      .from(transactions)
      .where(
        and(
          eq(transactions.projectId, demo?.id ?? ""),
          isNotNull(transactions.categoryId),
          eq(transactions.receiptCount, 0),
        ),
      );
    expect(booked.length).toBeGreaterThan(0);
  });
});
