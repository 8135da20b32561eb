/**
 * Profile photos (spec 2, personal settings; issue 16): JPEG, PNG or GIF, decided by the file's bytes. A name whose
 * ending claims another image type than the content has is refused too: a PNG renamed .gif is not what the person
 * thinks they are uploading.
 */
export const PROFILE_IMAGE_TYPES = {
  "image/jpeg": ["jpg", "jpeg", "jfif"],
  "image/png": ["png"],
  "image/gif": ["gif"],
} as const;
export type ProfileImageType = keyof typeof PROFILE_IMAGE_TYPES;

export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const isProfileImageType = (mime: string): mime is ProfileImageType => mime in PROFILE_IMAGE_TYPES;

/** The file input's accept list. */
export const PROFILE_IMAGE_ACCEPT = Object.keys(PROFILE_IMAGE_TYPES).join(",");

const KNOWN_ENDINGS: ReadonlySet<string> = new Set([
  ...Object.values(PROFILE_IMAGE_TYPES).flat(),
  "heic",
  "heif",
  "webp",
  "bmp",
  "tif",
  "tiff",
  "svg",
  "pdf",
]);

/** True when the name ends in a known image or document ending that is not the detected type's. */
export const profileImageNameMismatch = (fileName: string, detected: ProfileImageType): boolean => {
  const ending = /\.([^.]{1,16})$/.exec(fileName.trim().toLowerCase())?.[1];
  if (!ending || !KNOWN_ENDINGS.has(ending)) return false;
  return !(PROFILE_IMAGE_TYPES[detected] as readonly string[]).includes(ending);
};
