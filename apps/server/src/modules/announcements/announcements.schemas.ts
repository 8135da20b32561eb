import { z } from "zod";
import { timeCursorFromText } from "../../platform/db/keyset-cursor.ts";

/** Inputs and output whitelists of the announcement calls (spec 7, GET /announcements, POST ack; issue 16). */

export const announcementPageInput = z.object({
  first: z.number().int().min(1).max(100).nullish(),
  after: timeCursorFromText.nullish(),
  unacknowledged_only: z.boolean().nullish(),
});

export const announcementPageQuery = z.object({
  first: z.coerce.number().int().min(1).max(100).optional(),
  after: z.string().max(200).optional(),
  unacknowledged_only: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional(),
});

const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);

export const publishAnnouncementInput = z.object({
  title: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(5000),
  url: httpUrl.nullish(),
  /** `is-IS` or `en-US` for readers of one language; none for everyone. */
  locale: z.enum(["is-IS", "en-US"]).nullish(),
  /** One company only; none for every company. */
  project_id: z.uuid().nullish(),
  expires_at: z.coerce.date().nullish(),
});

export const announcementSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string().nullable(),
  locale: z.string().nullable(),
  published_at: z.date(),
  expires_at: z.date().nullable(),
  acknowledged_at: z.date().nullable(),
});
export type AnnouncementDto = z.infer<typeof announcementSchema>;

export const announcementPageSchema = z.object({
  nodes: z.array(announcementSchema),
  next_cursor: z.string().nullable(),
});
export type AnnouncementPageDto = z.infer<typeof announcementPageSchema>;

export const ackSchema = z.object({ id: z.string(), acknowledged_at: z.date() });
