/**
 * Card designs (spec 2, 5 and 9; issue 16): PNG only, the card image exactly 360x720 pixels and its thumbnail
 * exactly 36x72, decided by the image's own header and decoded size, never by the file's name or declared type.
 */
export const CARD_DESIGN_SIZES = {
  main: { width: 360, height: 720 },
  thumbnail: { width: 36, height: 72 },
} as const;
export type CardDesignImage = keyof typeof CARD_DESIGN_SIZES;

/** As profile photos (IMAGE_TOO_LARGE says 5 MB); a 360x720 PNG is far below it. */
export const CARD_DESIGN_MAX_BYTES = 5 * 1024 * 1024;

export const CARD_DESIGN_ACCEPT = "image/png";

/** A design's name as the owner gives it. */
export const CARD_DESIGN_NAME_MAX = 60;
