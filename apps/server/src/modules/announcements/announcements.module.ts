import type { KortModule } from "../../platform/module.ts";
import { announcementRoutes } from "./announcements.rest.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./announcements.graphql.ts";

/** Announcements (issue 16): platform owners publish; members list and acknowledge, in the dashboard and on /v1. */
export const announcementsModule: KortModule = { name: "announcements", routes: announcementRoutes };
