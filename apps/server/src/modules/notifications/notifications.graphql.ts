import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import type { NotificationDto, NotificationPageDto } from "./notifications.schemas.ts";
import {
  markAllNotificationsRead,
  markNotificationsRead,
  notificationsFor,
  unreadNotificationCount,
} from "./notifications.service.ts";

/** The dashboard's bell (issue 16): the same services as spec 7's /v1/notifications. */

const Notification = builder.objectRef<NotificationDto>("Notification").implement({
  description: "A notice for the signed-in person; the client words it by kind (docs/notifications.md).",
  fields: (t) => ({
    id: t.exposeID("id"),
    kind: t.exposeString("kind"),
    payload: t.expose("payload", { type: "JSON" }),
    read_at: t.expose("read_at", { type: "DateTime", nullable: true }),
    created_at: t.expose("created_at", { type: "DateTime" }),
  }),
});

const NotificationPage = builder.objectRef<NotificationPageDto>("NotificationPage").implement({
  fields: (t) => ({
    nodes: t.expose("nodes", { type: [Notification] }),
    next_cursor: t.exposeString("next_cursor", { nullable: true }),
    unread_count: t.exposeInt("unread_count"),
  }),
});

builder.queryField("notifications", (t) =>
  t.field({
    type: NotificationPage,
    description: "The caller's notices in this company, newest first, paged by cursor.",
    args: {
      first: t.arg.int({ required: false }),
      after: t.arg.string({ required: false }),
      unread_only: t.arg.boolean({ required: false }),
    },
    resolve: (_root, args, { kort, deps }) => notificationsFor(deps, requireProject(kort), args),
  }),
);

builder.queryField("unread_notification_count", (t) =>
  t.int({
    description: "How many of the caller's notices in this company are unread (the bell's badge).",
    resolve: (_root, _args, { kort, deps }) => unreadNotificationCount(deps, requireProject(kort)),
  }),
);

builder.mutationField("mark_notifications_read", (t) =>
  t.int({
    description: "Marks the caller's given notices read; answers the unread count left.",
    args: { ids: t.arg.idList({ required: true }) },
    resolve: async (_root, args, { kort, deps }) =>
      (await markNotificationsRead(deps, requireProject(kort), { ids: args.ids.map(String) })).unread_count,
  }),
);

builder.mutationField("mark_all_notifications_read", (t) =>
  t.int({
    description: "Marks all the caller's notices in this company read; answers the unread count left (0).",
    resolve: async (_root, _args, { kort, deps }) =>
      (await markAllNotificationsRead(deps, requireProject(kort))).unread_count,
  }),
);
