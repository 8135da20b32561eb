import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../platform/db/client.ts";
import { receipts, transactions } from "../../platform/db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { authorizePayment } from "../processor/authorize-payment.service.ts";
import { createProcessorScene } from "../processor/testing/processor-scene.ts";

/**
 * `transactions.receipt_count`, which the ledger reads instead of looking for receipts row by row: the triggers of
 * migration 0008 keep it equal to the live receipts however they change, one at a time or in a burst.
 */

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

/** A settled purchase of a new company, or of `scene`'s: receipts move only between one company's purchases. */
const purchase = async (scene?: Awaited<ReturnType<typeof createProcessorScene>>) => {
  scene ??= await createProcessorScene(db);
  const card = await scene.issue();
  const answer = await authorizePayment(scene.deps, card.request());
  const [row] = await db
    .select()
    .from(transactions)
    .where(eq(transactions.authorizationId, answer.id ?? ""));
  if (!row) throw new Error("The purchase is not in the ledger");
  const receipt = (transactionId: string | null) => ({
    projectId: row.projectId,
    transactionId,
    userId: row.userId,
    fileName: "kvittun.png",
    fileSize: 100,
    fileType: "image/png",
    blobKey: `test/${Math.random()}`,
  });
  return { row, receipt, scene };
};

const countOf = async (id: string) =>
  (await db.select({ n: transactions.receiptCount }).from(transactions).where(eq(transactions.id, id)))[0]?.n;

/** What the count must be: the receipts attached and not removed. */
const liveReceipts = async (id: string) =>
  (await db.select().from(receipts).where(eq(receipts.transactionId, id))).filter((r) => r.deletedAt === null).length;

describe("a transaction's receipt count", () => {
  it("follows receipts added, removed, moved, matched and deleted", async () => {
    const a = await purchase();
    const b = await purchase(a.scene);
    expect(await countOf(a.row.id)).toBe(0);
    const [first] = await db.insert(receipts).values(a.receipt(a.row.id)).returning();
    await db.insert(receipts).values([a.receipt(a.row.id), a.receipt(a.row.id)]);
    expect(await countOf(a.row.id)).toBe(3);
    await db
      .update(receipts)
      .set({ deletedAt: new Date() })
      .where(eq(receipts.id, first?.id ?? ""));
    expect(await countOf(a.row.id)).toBe(2);
    // An unmatched receipt counts nowhere until it is attached.
    const [waiting] = await db.insert(receipts).values(b.receipt(null)).returning();
    expect(await countOf(b.row.id)).toBe(0);
    await db
      .update(receipts)
      .set({ transactionId: b.row.id })
      .where(eq(receipts.id, waiting?.id ?? ""));
    expect(await countOf(b.row.id)).toBe(1);
    await db.update(receipts).set({ transactionId: b.row.id }).where(eq(receipts.transactionId, a.row.id));
    expect([await countOf(a.row.id), await countOf(b.row.id)]).toEqual([0, 3]);
    await db.delete(receipts).where(eq(receipts.transactionId, b.row.id));
    expect(await countOf(b.row.id)).toBe(0);
  });

  it("stays exact under a burst of concurrent uploads and removals on one transaction", async () => {
    const { row, receipt } = await purchase();
    await Promise.all(Array.from({ length: 20 }, () => db.insert(receipts).values(receipt(row.id))));
    const some = await db.select({ id: receipts.id }).from(receipts).where(eq(receipts.transactionId, row.id));
    await Promise.all([
      ...some
        .slice(0, 8)
        .map(({ id }) => db.update(receipts).set({ deletedAt: new Date() }).where(eq(receipts.id, id))),
      ...Array.from({ length: 10 }, () => db.insert(receipts).values(receipt(row.id))),
    ]);
    expect(await countOf(row.id)).toBe(22);
    expect(await countOf(row.id)).toBe(await liveReceipts(row.id));
  });
});
