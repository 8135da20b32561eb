import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { users } from "../../platform/db/schema/index.ts";

const userColumns = {
  id: users.id,
  fullName: users.fullName,
  preferredName: users.preferredName,
  email: users.email,
  imageId: users.imageId,
  createdAt: users.createdAt,
};

export type UserRecord = {
  id: string;
  fullName: string;
  preferredName: string | null;
  email: string;
  imageId: string | null;
  createdAt: Date;
};

export const updateUserNames = async (
  db: Db,
  userId: string,
  patch: { fullName?: string; preferredName?: string | null },
): Promise<UserRecord | null> => {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning(userColumns);
  return row ?? null;
};
