import { CARD_TYPES } from "@kort/core";
import { z } from "zod";
import { timeCursorFromText } from "../../platform/db/keyset-cursor.ts";

/** Inputs and output whitelists of the card design calls (issue 16). */

export const cardDesignPageInput = z.object({
  first: z.number().int().min(1).max(100).nullish(),
  after: timeCursorFromText.nullish(),
});

export const chooseDesignInput = z.object({
  card_type: z.enum(CARD_TYPES),
  design_id: z.uuid().nullable(),
});

export const cardDesignSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Signed, expiring links to the card image (360x720) and its thumbnail (36x72; null until uploaded). */
  url: z.string(),
  thumbnail_url: z.string().nullable(),
  card_types: z.array(z.enum(CARD_TYPES)),
  created_at: z.date(),
});
export type CardDesignDto = z.output<typeof cardDesignSchema>;

/** What a card shows of its type's design. */
export type DesignLinks = { id: string; url: string; thumbnail_url: string | null };
export const designLinksSchema = z.object({ id: z.uuid(), url: z.string(), thumbnail_url: z.string().nullable() });

export const uploadQuery = z.object({ name: z.string().max(200).optional() });
