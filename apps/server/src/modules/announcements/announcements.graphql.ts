import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import type { AnnouncementDto, AnnouncementPageDto } from "./announcements.schemas.ts";
import { acknowledgeAnnouncement, announcementsFor, publishAnnouncement } from "./announcements.service.ts";

/** Announcements in the dashboard (issue 16): the same services as spec 7's /v1/announcements. */

const Announcement = builder.objectRef<AnnouncementDto>("Announcement").implement({
  description: "A message from the platform's owners.",
  fields: (t) => ({
    id: t.exposeID("id"),
    title: t.exposeString("title"),
    body: t.exposeString("body"),
    url: t.exposeString("url", { nullable: true }),
    locale: t.exposeString("locale", { nullable: true, description: "is-IS, en-US, or null for both." }),
    published_at: t.expose("published_at", { type: "DateTime" }),
    expires_at: t.expose("expires_at", { type: "DateTime", nullable: true }),
    acknowledged_at: t.expose("acknowledged_at", { type: "DateTime", nullable: true }),
  }),
});

const AnnouncementPage = builder.objectRef<AnnouncementPageDto>("AnnouncementPage").implement({
  fields: (t) => ({
    nodes: t.expose("nodes", { type: [Announcement] }),
    next_cursor: t.exposeString("next_cursor", { nullable: true }),
  }),
});

const PublishAnnouncementInput = builder.inputType("PublishAnnouncementInput", {
  fields: (t) => ({
    title: t.string({ required: true }),
    body: t.string({ required: true }),
    url: t.string({ required: false }),
    locale: t.string({ required: false, description: "is-IS or en-US; none for both." }),
    project_id: t.id({ required: false, description: "One company; none for every company." }),
    expires_at: t.field({ type: "DateTime", required: false }),
  }),
});

builder.queryField("announcements", (t) =>
  t.field({
    type: AnnouncementPage,
    description: "Announcements addressed to the caller, newest first, paged by cursor.",
    args: {
      first: t.arg.int({ required: false }),
      after: t.arg.string({ required: false }),
      unacknowledged_only: t.arg.boolean({ required: false }),
    },
    resolve: (_root, args, { kort, deps }) => announcementsFor(deps, requireProject(kort), args),
  }),
);

builder.mutationField("acknowledge_announcement", (t) =>
  t.field({
    type: "DateTime",
    description: "Acknowledges an announcement addressed to the caller; answers when.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, { kort, deps }) =>
      (await acknowledgeAnnouncement(deps, requireProject(kort), String(args.id))).acknowledged_at,
  }),
);

builder.mutationField("publish_announcement", (t) =>
  t.field({
    type: Announcement,
    description: "Platform owners: publish an announcement to every company or one.",
    args: { input: t.arg({ type: PublishAnnouncementInput, required: true }) },
    resolve: (_root, args, { kort, deps }) =>
      publishAnnouncement(deps, kort, { ...args.input, project_id: args.input.project_id ?? undefined }),
  }),
);
