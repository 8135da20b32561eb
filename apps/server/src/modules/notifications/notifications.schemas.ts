import { z } from "zod";
import { timeCursorFromText } from "../../platform/db/keyset-cursor.ts";

/** Inputs and output whitelists of the notification calls (spec 7, GET /notifications; issue 16). */

export const notificationPageInput = z.object({
  first: z.number().int().min(1).max(100).nullish(),
  after: timeCursorFromText.nullish(),
  unread_only: z.boolean().nullish(),
});

/** The query string of GET /v1/notifications: numbers and booleans arrive as text. */
export const notificationPageQuery = z.object({
  first: z.coerce.number().int().min(1).max(100).optional(),
  after: z.string().max(200).optional(),
  unread_only: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional(),
});

export const notificationSchema = z.object({
  id: z.string(),
  /** What happened: `export.completed`, `team.budget_alert`, ... (docs/notifications.md lists them). */
  kind: z.string(),
  /** The ids and figures the client words the notice with; no secrets, no bodies. */
  payload: z.record(z.string(), z.unknown()),
  read_at: z.date().nullable(),
  created_at: z.date(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  nodes: z.array(notificationSchema),
  next_cursor: z.string().nullable(),
  unread_count: z.number().int(),
});
export type NotificationPageDto = z.infer<typeof notificationPageSchema>;

export const markReadSchema = z.object({ updated: z.number().int(), unread_count: z.number().int() });

/** POST /v1/notifications/read: which of the caller's notifications to mark read. */
export const markReadInput = z.object({ ids: z.array(z.uuid()).min(1).max(100) });
