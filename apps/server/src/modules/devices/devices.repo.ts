import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { devices } from "../../platform/db/schema/index.ts";

export type DeviceRow = typeof devices.$inferSelect;

/**
 * Registers the device for the user, or updates it when it is already theirs. A device id another person holds is
 * left alone: the row comes back only when it is the caller's.
 */
export const upsertOwnDevice = async (
  db: Executor,
  userId: string,
  id: string,
  values: { make: string; model: string | null; name: string | null },
  now: Date,
): Promise<DeviceRow | undefined> => {
  const [row] = await db
    .insert(devices)
    .values({ id, userId, ...values, lastSeenAt: now, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: devices.id,
      set: { ...values, lastSeenAt: now, updatedAt: now },
      setWhere: sql`${devices.userId} = ${userId}`,
    })
    .returning();
  return row;
};

export const findOwnDevice = async (db: Executor, userId: string, id: string): Promise<DeviceRow | undefined> => {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.id, id), eq(devices.userId, userId)));
  return row;
};

export const setOwnPushToken = async (
  db: Executor,
  userId: string,
  id: string,
  token: string,
  now: Date,
): Promise<DeviceRow | undefined> => {
  const [row] = await db
    .update(devices)
    .set({ pushToken: token, updatedAt: now, lastSeenAt: now })
    .where(and(eq(devices.id, id), eq(devices.userId, userId)))
    .returning();
  return row;
};

/** Stores the device's public key when the device is the caller's; the row before the change comes back too. */
export const setOwnPublicKey = async (
  db: Executor,
  userId: string,
  id: string,
  publicKey: string,
  now: Date,
): Promise<{ row: DeviceRow; previousKey: string | null } | undefined> => {
  // The old key is read under the row lock so the audit's "from" is the one this update replaced.
  const [before] = await db
    .select({ publicKey: devices.publicKey })
    .from(devices)
    .where(and(eq(devices.id, id), eq(devices.userId, userId)))
    .for("update");
  if (!before) return undefined;
  const [row] = await db
    .update(devices)
    .set({ publicKey, publicKeySetAt: now, updatedAt: now, lastSeenAt: now })
    .where(and(eq(devices.id, id), eq(devices.userId, userId)))
    .returning();
  return row ? { row, previousKey: before.publicKey } : undefined;
};
