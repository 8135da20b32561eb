import { randomUUID } from "node:crypto";
import {
  isProfileImageType,
  isUuid,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
  type ProfileImageType,
  profileImageNameMismatch,
} from "@kort/core";
import { fileTypeFromBuffer } from "file-type";
import { AppError } from "../../platform/errors.ts";
import type { UserContext } from "../../platform/http/context.ts";
import type { UploadResult } from "../../platform/http/multipart.ts";
import { type AppDeps, FileAnswer } from "../../platform/http/rest.ts";
import { loadSharp } from "../receipts/receipt-files.ts";
import { setUserImage, userImageKeys } from "./people.repo.ts";

/**
 * The profile photo of personal settings (spec 2, issue 16): JPEG, PNG or GIF by its bytes, a name that does not
 * claim another type, and an image sharp can decode (a file with a GIF's first bytes and garbage after is
 * refused, not stored). A square JPEG thumbnail is what the user menu shows. Both are kept in the blob store
 * under keys made of the user's and image's ids; a new photo replaces the old, whose blobs are deleted after the
 * row points to the new one. Links are signed and expire, as receipts' are.
 */

export type ImageVariant = "file" | "thumbnail";
const THUMBNAIL_PX = 128;
const MAX_INPUT_PIXELS = 50_000_000;

const keyOf = (userId: string, imageId: string, variant: ImageVariant, type: ProfileImageType) =>
  `users/${userId}/${imageId}${variant === "thumbnail" ? "-thumbnail.jpg" : `.${PROFILE_IMAGE_TYPES[type][0]}`}`;

const typeOfKey = (key: string): string =>
  key.endsWith(".png") ? "image/png" : key.endsWith(".gif") ? "image/gif" : "image/jpeg";

export const userImagePath = (userId: string, imageId: string, variant: ImageVariant) =>
  `/v1/users/${userId}/images/${imageId}/${variant}`;

/** The photo's links for the user's answer, or null without one. */
export const userImageOf = (
  deps: Pick<AppDeps, "links" | "now">,
  user: { id: string; imageId: string | null },
): { id: string; url: string; thumbnail_url: string } | null => {
  if (!user.imageId) return null;
  const expiresAt = deps.links.expiryFrom(deps.now());
  return {
    id: user.imageId,
    url: deps.links.sign(userImagePath(user.id, user.imageId, "file"), expiresAt).url,
    thumbnail_url: deps.links.sign(userImagePath(user.id, user.imageId, "thumbnail"), expiresAt).url,
  };
};

const tooLarge = () =>
  new AppError("IMAGE_TOO_LARGE", "The image is too large. It may be at most 5 MB.", {
    max_bytes: PROFILE_IMAGE_MAX_BYTES,
  });

const checkImage = async (upload: UploadResult): Promise<{ type: ProfileImageType; data: Buffer }> => {
  if (upload.status === "too_large") throw tooLarge();
  const { file } = upload;
  if (file.data.length > PROFILE_IMAGE_MAX_BYTES) throw tooLarge();
  const detected = file.data.length === 0 ? undefined : (await fileTypeFromBuffer(file.data))?.mime;
  if (!detected || !isProfileImageType(detected)) {
    throw new AppError("IMAGE_TYPE_NOT_ALLOWED", "A profile photo may be a JPEG, PNG or GIF image.", {
      detected_type: detected ?? null,
      allowed: Object.keys(PROFILE_IMAGE_TYPES),
    });
  }
  if (profileImageNameMismatch(file.fileName, detected)) {
    throw new AppError("IMAGE_TYPE_MISMATCH", "The file's content does not match its name.", {
      detected_type: detected,
    });
  }
  return { type: detected, data: file.data };
};

const thumbnailOf = async (data: Buffer): Promise<Buffer> => {
  const sharp = await loadSharp();
  try {
    return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false })
      .rotate()
      .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: "cover" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 85 })
      .timeout({ seconds: 10 })
      .toBuffer();
  } catch {
    throw new AppError("IMAGE_UNREADABLE", "The image could not be read.");
  }
};

/** Checks, thumbnails and stores the photo, then points the user at it; answers the new links. */
export const setProfileImage = async (deps: AppDeps, ctx: UserContext, upload: () => Promise<UploadResult>) => {
  const image = await checkImage(await upload());
  const thumbnail = await thumbnailOf(image.data);
  const imageId = randomUUID();
  const userId = ctx.user.id;
  const fileKey = keyOf(userId, imageId, "file", image.type);
  const thumbnailKey = keyOf(userId, imageId, "thumbnail", image.type);
  await deps.blobs.put(fileKey, image.data, { contentType: image.type });
  await deps.blobs.put(thumbnailKey, thumbnail, { contentType: "image/jpeg" });
  const previous = await setUserImage(deps.db, userId, { imageId, fileKey, thumbnailKey, now: deps.now() });
  // The old photo's blobs go after the row no longer names them; a failure leaves an orphan, never a broken link.
  if (previous)
    await Promise.allSettled([previous.fileKey, previous.thumbnailKey].map((key) => key && deps.blobs.delete(key)));
  const links = userImageOf(deps, { id: userId, imageId });
  if (!links) throw new Error("The image was just set");
  return links;
};

/** A signed link's target: the photo or its thumbnail, while it is still the user's photo. */
export const openProfileImage = async (
  deps: AppDeps,
  params: { userId: string; imageId: string; variant: ImageVariant },
  query: { expires?: string; signature?: string },
): Promise<FileAnswer> => {
  const now = deps.now();
  deps.links.verify(userImagePath(params.userId, params.imageId, params.variant), query, now);
  const current = isUuid(params.userId) ? await userImageKeys(deps.db, params.userId) : null;
  const key =
    current?.imageId === params.imageId ? current[params.variant === "file" ? "fileKey" : "thumbnailKey"] : null;
  const blob = key ? await deps.blobs.get(key) : null;
  if (!key || !blob) throw new AppError("NOT_FOUND", "The image was not found.");
  return new FileAnswer({
    stream: blob.stream,
    size: blob.size,
    contentType: typeOfKey(key),
    fileName: params.variant === "thumbnail" ? "mynd.jpg" : "mynd",
    disposition: "inline",
    maxAgeSeconds: (Number(query.expires) * 1000 - now.getTime()) / 1000,
  });
};
