import { and, eq, lte } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { idempotencyRecords } from "../db/schema/index.ts";

export type IdempotencyClaim = {
  scope: string;
  key: string;
  userId: string;
  method: string;
  path: string;
  requestHash: string;
  expiresAt: Date;
};

export type StoredAnswer = {
  requestHash: string;
  status: "in_progress" | "completed";
  responseStatus: number | null;
  responseBody: unknown;
};

/** Claims the key; false when another request already holds it (the unique (scope, key) decides, race-free). */
export const claimKey = async (db: Db, claim: IdempotencyClaim): Promise<boolean> => {
  const inserted = await db
    .insert(idempotencyRecords)
    .values({ ...claim, status: "in_progress" })
    .onConflictDoNothing({ target: [idempotencyRecords.scope, idempotencyRecords.key] })
    .returning({ id: idempotencyRecords.id });
  return inserted.length > 0;
};

export const findAnswer = async (db: Db, scope: string, key: string): Promise<StoredAnswer | null> => {
  const [row] = await db
    .select({
      requestHash: idempotencyRecords.requestHash,
      status: idempotencyRecords.status,
      responseStatus: idempotencyRecords.responseStatus,
      responseBody: idempotencyRecords.responseBody,
    })
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key)))
    .limit(1);
  return row ?? null;
};

export const storeAnswer = async (db: Db, scope: string, key: string, status: number, body: unknown) => {
  await db
    .update(idempotencyRecords)
    .set({ status: "completed", responseStatus: status, responseBody: body })
    .where(and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key)));
};

export const releaseKey = async (db: Db, scope: string, key: string) => {
  await db.delete(idempotencyRecords).where(and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key)));
};

/** An expired record no longer binds its key; removing it lets the key be claimed again. */
export const releaseIfExpired = async (db: Db, scope: string, key: string, now: Date) => {
  await db
    .delete(idempotencyRecords)
    .where(
      and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key), lte(idempotencyRecords.expiresAt, now)),
    );
};
