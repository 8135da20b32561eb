import { defineRoute } from "../../platform/http/rest.ts";
import {
  markReadInput,
  markReadSchema,
  notificationPageQuery,
  notificationPageSchema,
} from "./notifications.schemas.ts";
import { markAllNotificationsRead, markNotificationsRead, notificationsFor } from "./notifications.service.ts";

const tag = "notifications";

/** Spec 7: GET /notifications for the employee app, and marking read (issue 16). */
export const notificationRoutes = [
  defineRoute({
    method: "GET",
    path: "/v1/notifications",
    summary: "The caller's notifications in the X-Project-Id company, newest first, by cursor, with the unread count",
    tag,
    access: "project",
    query: notificationPageQuery,
    response: notificationPageSchema,
    handler: ({ ctx, query, deps }) => notificationsFor(deps, ctx, query),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/notifications/read",
    summary: "Mark the caller's notifications {ids} read",
    tag,
    access: "project",
    checkedBody: markReadInput,
    response: markReadSchema,
    handler: ({ ctx, body, deps }) => markNotificationsRead(deps, ctx, body),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/notifications/read-all",
    summary: "Mark all the caller's notifications in the company read",
    tag,
    access: "project",
    response: markReadSchema,
    handler: ({ ctx, deps }) => markAllNotificationsRead(deps, ctx),
  }),
];
