import { z } from "zod";
import { defineRoute } from "../../platform/http/rest.ts";
import { ackSchema, announcementPageQuery, announcementPageSchema } from "./announcements.schemas.ts";
import { acknowledgeAnnouncement, announcementsFor } from "./announcements.service.ts";

const tag = "announcements";

/** Spec 7: GET /announcements and POST /announcements/{id}/ack (issue 16). */
export const announcementRoutes = [
  defineRoute({
    method: "GET",
    path: "/v1/announcements",
    summary: "Announcements addressed to the caller in the X-Project-Id company, newest first, by cursor",
    tag,
    access: "project",
    query: announcementPageQuery,
    response: announcementPageSchema,
    handler: ({ ctx, query, deps }) => announcementsFor(deps, ctx, query),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/announcements/:id/ack",
    summary: "Acknowledge an announcement (once; again answers the first acknowledgement)",
    tag,
    access: "project",
    params: z.object({ id: z.string().max(100) }),
    response: ackSchema,
    handler: ({ ctx, params, deps }) => acknowledgeAnnouncement(deps, ctx, params.id),
  }),
];
