import { isUuid } from "@kort/core";
import { writeAudit } from "../../platform/audit/audit.ts";
import { timePageOf } from "../../platform/db/keyset-cursor.ts";
import { AppError } from "../../platform/errors.ts";
import type { ProjectContext, RequestContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { requirePlatformOwner } from "../platform/platform-access.ts";
import {
  acknowledge,
  announcementsPage,
  insertAnnouncement,
  projectExists,
  type Reader,
} from "./announcements.repo.ts";
import {
  type AnnouncementDto,
  type AnnouncementPageDto,
  announcementPageInput,
  publishAnnouncementInput,
} from "./announcements.schemas.ts";

/**
 * Announcements (spec 1 and 7, issue 16): the platform's owners publish them to every company or one, in one
 * language or both; every signed-in member lists those addressed to them and acknowledges each once. Reading and
 * acknowledging concern only what is addressed to the caller (listed in app/authorization-coverage.test.ts);
 * publishing goes through the platform console's gate (requirePlatformOwner: the policy, then the operator's project).
 */

const readerOf = (deps: AppDeps, ctx: ProjectContext): Reader => ({
  projectId: ctx.membership.projectId,
  userId: ctx.user.id,
  now: deps.now(),
});

export const announcementsFor = async (
  deps: AppDeps,
  ctx: ProjectContext,
  args: unknown,
): Promise<AnnouncementPageDto> => {
  const { first, after, unacknowledged_only } = announcementPageInput.parse(args);
  const limit = first ?? 20;
  const rows = await announcementsPage(deps.db, readerOf(deps, ctx), {
    cursor: after ?? null,
    limit,
    unacknowledgedOnly: unacknowledged_only ?? false,
  });
  const { nodes, next_cursor } = timePageOf(rows, limit);
  return { nodes: nodes.map(({ timeKey: _key, ...row }) => row), next_cursor };
};

const notFound = () => new AppError("NOT_FOUND", "The announcement was not found.");

/** Acknowledges an announcement addressed to the caller; again changes nothing; one not addressed to them is NOT_FOUND. */
export const acknowledgeAnnouncement = async (deps: AppDeps, ctx: ProjectContext, id: string) => {
  if (!isUuid(id)) throw notFound();
  const at = await deps.db.transaction((tx) => acknowledge(tx, readerOf(deps, ctx), id));
  if (!at) throw notFound();
  return { id, acknowledged_at: at };
};

export const publishAnnouncement = async (
  deps: AppDeps,
  kort: RequestContext,
  input: unknown,
): Promise<AnnouncementDto> => {
  const ctx = await requirePlatformOwner(deps, kort, "companies");
  const args = publishAnnouncementInput.parse(input);
  const now = deps.now();
  if (args.expires_at && args.expires_at <= now) {
    throw new AppError("VALIDATION_FAILED", "An announcement must expire after it is published.", {
      issues: [{ path: "expires_at", code: "too_small", message: "In the past." }],
    });
  }
  return deps.db.transaction(async (tx) => {
    if (args.project_id && !(await projectExists(tx, args.project_id))) {
      throw new AppError("PROJECT_NOT_FOUND", "The project was not found.");
    }
    const row = await insertAnnouncement(tx, {
      title: args.title,
      body: args.body,
      url: args.url ?? null,
      locale: args.locale ?? null,
      projectId: args.project_id ?? null,
      expiresAt: args.expires_at ?? null,
      now,
    });
    await writeAudit(tx, {
      action: "announcement.publish",
      objectType: "announcement",
      objectId: row.id,
      projectId: ctx.membership.projectId,
      actorUserId: ctx.user.id,
      data: { project_id: args.project_id ?? null, locale: row.locale },
      requestId: ctx.requestId,
      at: now,
    });
    return row;
  });
};
