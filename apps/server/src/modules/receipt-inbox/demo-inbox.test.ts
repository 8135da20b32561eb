import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../app/seed/seed.ts";
import { createFsBlobStore } from "../../platform/blobs/fs-blob-store.ts";
import { projects, receiptSuggestions, receipts } from "../../platform/db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { seedDemoInbox } from "./demo-inbox.ts";

let database: TestDatabase;
let dir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), "kort-demo-inbox-"));
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the demo's e-mailed receipts", () => {
  it("show one matched with its reason, one suggested and one waiting, added once", async () => {
    const { db } = database;
    const now = new Date();
    await seedDemo(db, { cardKey: randomBytes(32), now });
    const blobs = createFsBlobStore(dir);
    expect(await seedDemoInbox(db, { now, blobs })).toBe(3);
    expect(await seedDemoInbox(db, { now, blobs })).toBe(0);

    const [demo] = await db.select().from(projects).where(eq(projects.title, "Demo ehf."));
    const emailed = await db
      .select()
      .from(receipts)
      .where(and(eq(receipts.projectId, demo?.id ?? ""), eq(receipts.source, "email")));
    expect(emailed).toHaveLength(3);
    const attached = emailed.filter((receipt) => receipt.transactionId !== null);
    expect(attached).toHaveLength(1);
    expect(attached[0]?.matchedBy).toMatchObject({ currency: "ISK" });
    const suggestions = await db
      .select()
      .from(receiptSuggestions)
      .where(eq(receiptSuggestions.projectId, demo?.id ?? ""));
    const suggested = new Set(suggestions.map((row) => row.receiptId));
    expect(suggested.size).toBe(1);
    expect(emailed.filter((receipt) => receipt.transactionId === null && !suggested.has(receipt.id))).toHaveLength(1);
  });
});
