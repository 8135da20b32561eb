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

export type UserImageKeys = { imageId: string | null; fileKey: string | null; thumbnailKey: string | null };

export const userImageKeys = async (db: Db, userId: string): Promise<UserImageKeys | null> => {
  const [row] = await db
    .select({ imageId: users.imageId, fileKey: users.imageBlobKey, thumbnailKey: users.imageThumbnailBlobKey })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
};

/** Points the user at a new photo; answers the keys of the one it replaced (locked, so two uploads cannot both keep it). */
export const setUserImage = (
  db: Db,
  userId: string,
  image: { imageId: string; fileKey: string; thumbnailKey: string; now: Date },
): Promise<UserImageKeys | null> =>
  db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ imageId: users.imageId, fileKey: users.imageBlobKey, thumbnailKey: users.imageThumbnailBlobKey })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    await tx
      .update(users)
      .set({
        imageId: image.imageId,
        imageBlobKey: image.fileKey,
        imageThumbnailBlobKey: image.thumbnailKey,
        updatedAt: image.now,
      })
      .where(eq(users.id, userId));
    return previous?.imageId ? previous : null;
  });

/** The interface language of personal settings, stored so e-mails and PDFs follow it. */
export const setUserLocale = async (db: Db, userId: string, locale: "is-IS" | "en-US", now: Date): Promise<void> => {
  await db.update(users).set({ locale, updatedAt: now }).where(eq(users.id, userId));
};

export type ProfileRecord = { fullName: string; email: string; phone: string | null; locale: string };

/** The signed-in user's own profile as personal settings shows it (read-only there). */
export const profileOf = async (db: Db, userId: string): Promise<ProfileRecord | null> => {
  const [row] = await db
    .select({ fullName: users.fullName, email: users.email, phone: users.phone, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
};
