import { timePageOf } from "../../platform/db/keyset-cursor.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { markRead, notificationsPage, unreadCount } from "./notifications.repo.ts";
import { markReadInput, type NotificationPageDto, notificationPageInput } from "./notifications.schemas.ts";

/**
 * A person's notices (spec 2, the bell; spec 7, GET /notifications; issue 16). Notices are written by notify()
 * in the transaction of what they tell (platform/notifications/notify.ts); here they are only read and marked read.
 * Every call reads and changes the caller's own notices in the X-Project-Id company they belong to, so there is
 * no object of another person to ask the policy about (listed in app/authorization-coverage.test.ts).
 */

const scopeOf = (ctx: ProjectContext) => ({ projectId: ctx.membership.projectId, userId: ctx.user.id });

/** A page of the caller's notices, newest first, with the unread count the bell shows; one transaction. */
export const notificationsFor = async (
  deps: AppDeps,
  ctx: ProjectContext,
  args: unknown,
): Promise<NotificationPageDto> => {
  const { first, after, unread_only } = notificationPageInput.parse(args);
  const limit = first ?? 20;
  const scope = scopeOf(ctx);
  return deps.db.transaction(async (tx) => {
    const rows = await notificationsPage(tx, scope, { cursor: after ?? null, limit, unreadOnly: unread_only ?? false });
    const { nodes, next_cursor } = timePageOf(rows, limit);
    return {
      nodes: nodes.map(({ timeKey: _key, ...row }) => row),
      next_cursor,
      unread_count: await unreadCount(tx, scope),
    };
  });
};

export const unreadNotificationCount = (deps: AppDeps, ctx: ProjectContext): Promise<number> =>
  unreadCount(deps.db, scopeOf(ctx));

/** Marks the caller's given notices read; ids that are not theirs (or not in this company) change nothing. */
export const markNotificationsRead = async (deps: AppDeps, ctx: ProjectContext, input: unknown) => {
  const { ids } = markReadInput.parse(input);
  const scope = scopeOf(ctx);
  return deps.db.transaction(async (tx) => {
    const updated = await markRead(tx, scope, ids, deps.now());
    return { updated, unread_count: await unreadCount(tx, scope) };
  });
};

export const markAllNotificationsRead = async (deps: AppDeps, ctx: ProjectContext) => {
  const scope = scopeOf(ctx);
  return deps.db.transaction(async (tx) => {
    const updated = await markRead(tx, scope, "all", deps.now());
    return { updated, unread_count: 0 };
  });
};
