import { MS_PER_DAY, RECEIPT_LOCK_LIFT_MS } from "@kort/core";
import { writeAudit } from "../../platform/audit/audit.ts";
import type { Db, Executor } from "../../platform/db/client.ts";
import { cursorFromText, encodeCursor, pageOf } from "../../platform/db/keyset-cursor.ts";
import { AppError } from "../../platform/errors.ts";
import { authorize, policyFor } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { notify } from "../../platform/notifications/notify.ts";
import {
  clearReceiptLocks,
  findProjectSpendRules,
  findReceiptLock,
  liftReceiptLock,
  listReceiptLocks,
  lockReceiptLockDays,
  projectsWithReceiptLock,
  recountReceiptLocks,
  writeProjectMerchantDefault,
  writeReceiptLockDays,
} from "./spend-rules.repo.ts";
import {
  controlsDto,
  type MyReceiptLockDto,
  optionalMerchantControlsSchema,
  type ReceiptLockDto,
  receiptLockDaysSchema,
  type SpendRulesDto,
  userIdSchema,
} from "./spend-rules.schemas.ts";

/**
 * Spend rules (issue 19, docs/spend-rules.md): the company's default merchant controls and its receipt lock, and
 * the locks. A card's own controls are changed through card-controls.service.ts (they are a card change).
 *
 * Who may: the company's default merchant controls follow `card manage-limits` asked about the company as a whole
 * (no team), so project owners; the receipt lock, the list of locked people and lifting a lock are decisions about
 * who may spend, taken with `user set-limit-control` (project owners), as a person's limit control is.
 */

type Deps = Pick<AppDeps, "db" | "now">;

const projectOf = (ctx: ProjectContext) => ({ project_id: ctx.membership.projectId });

const audit = (
  tx: Executor,
  ctx: ProjectContext,
  now: Date,
  action: string,
  objectType: string,
  objectId: string,
  data: Record<string, unknown>,
) =>
  writeAudit(tx, {
    action,
    objectType,
    objectId,
    projectId: ctx.membership.projectId,
    actorUserId: ctx.user.id,
    requestId: ctx.requestId,
    data,
    at: now,
  });

/** The company's spend rules and what the caller may change; whoever may read cards may read them. */
export const spendRulesFor = async (deps: Deps, ctx: ProjectContext): Promise<SpendRulesDto> => {
  if (!policyFor(ctx, "card", "read").possibly_allowed) {
    throw new AppError("ACCESS_DENIED", "Access denied. Please contact your team admin.", { resource: "card" });
  }
  const rules = await findProjectSpendRules(deps.db, ctx.membership.projectId);
  return {
    merchant_default: controlsDto(rules.merchantDefault),
    receipt_lock_days: rules.receiptLockDays,
    can_manage_merchant_default: policyFor(ctx, "card", "manage-limits", projectOf(ctx)).allowed,
    can_manage_receipt_lock: policyFor(ctx, "user", "set-limit-control", projectOf(ctx)).allowed,
  };
};

export const setProjectMerchantDefault = async (
  deps: Deps,
  ctx: ProjectContext,
  input: unknown,
): Promise<SpendRulesDto> => {
  authorize(ctx, "card", "manage-limits", projectOf(ctx));
  const controls = optionalMerchantControlsSchema.parse(input);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const before = await findProjectSpendRules(tx, ctx.membership.projectId);
    await writeProjectMerchantDefault(tx, ctx.membership.projectId, controls, ctx.user.id, now);
    await audit(tx, ctx, now, "project.set_merchant_controls", "project", ctx.membership.projectId, {
      from: controlsDto(before.merchantDefault),
      to: controlsDto(controls),
    });
  });
  return spendRulesFor(deps, ctx);
};

/**
 * Recounts a company's locks (in the caller's transaction) and tells each person whose lock starts now, in the same
 * transaction, so the notice exists exactly when the lock does. Returns how many are locked.
 */
const recountAndTell = async (tx: Executor, projectId: string, days: number, now: Date): Promise<number> => {
  const { locked, newlyLocked } = await recountReceiptLocks(tx, projectId, cutoffOf(now, days), now);
  // One notice per person newly locked in this run: a handful at a time, not a list.
  for (const person of newlyLocked) {
    await notify(tx, {
      projectId,
      userId: person.userId,
      kind: "card.receipts_locked",
      payload: { missing_count: person.missingCount, days },
      at: now,
      dedupeKey: `receipts_locked:${now.toISOString()}`,
    });
  }
  return locked;
};

/** The cut-off of a grace period of `days` at `now`: purchases dated before it count as late. */
const cutoffOf = (now: Date, days: number): Date => new Date(now.getTime() - days * MS_PER_DAY);

/**
 * Turns the receipt lock on (N days) or off (null). On: the company's people are counted at once in the same
 * transaction, so the rule holds from the answer on; off: every lock goes.
 */
export const setReceiptLock = async (deps: Deps, ctx: ProjectContext, days: unknown): Promise<SpendRulesDto> => {
  authorize(ctx, "user", "set-limit-control", projectOf(ctx));
  const next = receiptLockDaysSchema.parse(days ?? null);
  const now = deps.now();
  const projectId = ctx.membership.projectId;
  await deps.db.transaction(async (tx) => {
    const before = await findProjectSpendRules(tx, projectId);
    await writeReceiptLockDays(tx, projectId, next, ctx.user.id, now);
    if (next === null) await clearReceiptLocks(tx, projectId);
    else await recountAndTell(tx, projectId, next, now);
    await audit(tx, ctx, now, "project.set_receipt_lock", "project", projectId, {
      from: before.receiptLockDays,
      to: next,
    });
  });
  return spendRulesFor(deps, ctx);
};

/**
 * The receipt-lock job's work: each company with the lock on is recounted in its own transaction (one aggregate
 * statement each, spend-rules.repo.ts). Returns how many people are locked in all.
 */
export const recountAllReceiptLocks = async (db: Db, now: Date): Promise<number> => {
  let locked = 0;
  for (const { projectId } of await projectsWithReceiptLock(db)) {
    locked += await db.transaction(async (tx) => {
      // Read again under the row's lock: the owner may have changed or turned it off since the list was read.
      const days = await lockReceiptLockDays(tx, projectId);
      return days === null ? 0 : recountAndTell(tx, projectId, days, now);
    });
  }
  return locked;
};

const LOCKS_PAGE_MAX = 100;

/** Locked people of the company, by name, keyset-paged (owners). */
export const receiptLocksFor = async (
  deps: Deps,
  ctx: ProjectContext,
  page: { first?: number | null; after?: string | null },
): Promise<{ nodes: ReceiptLockDto[]; next_cursor: string | null }> => {
  authorize(ctx, "user", "set-limit-control", projectOf(ctx));
  const limit = Math.min(Math.max(page.first ?? 50, 1), LOCKS_PAGE_MAX);
  const after = page.after ? cursorFromText.parse(page.after) : null;
  const rows = await listReceiptLocks(deps.db, ctx.membership.projectId, { limit, after });
  const { nodes, next_cursor } = pageOf(rows, limit, (last) => encodeCursor({ value: last.name, id: last.userId }));
  return {
    nodes: nodes.map((row) => ({
      user_id: row.userId,
      name: row.name,
      missing_count: row.missingCount,
      since: row.since,
      lifted_until: row.liftedUntil,
    })),
    next_cursor,
  };
};

/** An owner lets a locked person pay for 24 hours (audited); the count stays, and the lock returns after. */
export const liftReceiptLockFor = async (deps: Deps, ctx: ProjectContext, userId: unknown): Promise<Date> => {
  const id = userIdSchema.parse(userId);
  authorize(ctx, "user", "set-limit-control", { project_id: ctx.membership.projectId, user_id: id });
  const now = deps.now();
  const until = new Date(now.getTime() + RECEIPT_LOCK_LIFT_MS);
  await deps.db.transaction(async (tx) => {
    const lifted = await liftReceiptLock(tx, {
      projectId: ctx.membership.projectId,
      userId: id,
      until,
      by: ctx.user.id,
      now,
    });
    if (!lifted) throw new AppError("NOT_FOUND", "The person has no receipt lock.");
    await audit(tx, ctx, now, "user.lift_receipt_lock", "user", id, { lifted_until: until.toISOString() });
  });
  return until;
};

/** The caller's own lock, for the employee app: whether their cards decline for receipts and how many are missing. */
export const myReceiptLock = async (deps: Deps, ctx: ProjectContext): Promise<MyReceiptLockDto> => {
  authorize(ctx, "transaction", "read", { project_id: ctx.membership.projectId, user_id: ctx.user.id, team_id: null });
  const projectId = ctx.membership.projectId;
  const [lock, rules] = await Promise.all([
    findReceiptLock(deps.db, projectId, ctx.user.id),
    findProjectSpendRules(deps.db, projectId),
  ]);
  const missing = lock?.missingCount ?? 0;
  const lifted = lock?.liftedUntil && lock.liftedUntil.getTime() > deps.now().getTime() ? lock.liftedUntil : null;
  return {
    locked: missing > 0 && lifted === null,
    missing_count: missing,
    lifted_until: lifted,
    days: rules.receiptLockDays,
  };
};
