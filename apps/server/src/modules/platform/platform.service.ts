import {
  approveCompanySchema,
  LOCKED_USERS_MAX,
  lockedUserSearchSchema,
  PLATFORM_PAGE_MAX,
  pendingCompaniesArgsSchema,
  reapproveUserSchema,
  rejectCompanySchema,
} from "@kort/core";
import { writeAudit } from "../../platform/audit/audit.ts";
import { timeCursorFromText, timePageOf } from "../../platform/db/keyset-cursor.ts";
import { AppError } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { isSignInLocked, unlockUser } from "../auth/lockout.ts";
import { violatedKennitalaKey } from "../projects/memberships.service.ts";
import {
  type DecidedProjectRow,
  findFirstOwners,
  type LockedUserRow,
  listLockedUsers,
  listPendingCompanies,
  lockProject,
  lockUserRow,
  setDecision,
} from "./platform.repo.ts";
import type { DecidedCompanyDto, LockedUserDto, PendingCompaniesDto } from "./platform.schemas.ts";
import { requirePlatformOwner } from "./platform-access.ts";

const DEFAULT_PAGE = 50;

/** The waiting list's cursor (keyset-cursor.ts); anything else is refused on `after` with a code the console reads. */
const decodeCursor = (cursor: string) => {
  const parsed = timeCursorFromText.safeParse(cursor);
  if (parsed.success) return parsed.data;
  throw new AppError("VALIDATION_FAILED", "The cursor is not valid.", {
    issues: [{ path: "after", code: "custom", message: "validation.invalid" }],
  });
};

/** Companies waiting for approval, oldest first, a page at a time (keyset, never OFFSET: the list can grow). */
export const pendingCompanies = async (
  deps: AppDeps,
  kort: RequestContext,
  input: unknown,
): Promise<PendingCompaniesDto> => {
  await requirePlatformOwner(deps, kort, "companies");
  const args = pendingCompaniesArgsSchema.parse(input);
  const limit = Math.min(args.limit ?? DEFAULT_PAGE, PLATFORM_PAGE_MAX);
  const after = args.after ? decodeCursor(args.after) : null;
  // One more than asked tells whether there is a next page.
  const rows = await listPendingCompanies(deps.db, { after, limit: limit + 1 });
  const { nodes: page, next_cursor } = timePageOf(rows, limit);
  const owners = new Map(
    (
      await findFirstOwners(
        deps.db,
        page.map((row) => row.id),
      )
    ).map((o) => [o.projectId, o]),
  );
  return {
    nodes: page.map((row) => {
      const owner = owners.get(row.id);
      return {
        id: row.id,
        title: row.title,
        kennitala: row.kennitala,
        created_at: row.createdAt,
        owner: owner ? { user_id: owner.userId, full_name: owner.fullName, email: owner.email } : null,
      };
    }),
    next_cursor,
  };
};

const toDecidedDto = (row: DecidedProjectRow): DecidedCompanyDto => ({
  id: row.id,
  title: row.title,
  approval_status: row.approvalStatus,
  credit_limit: String(row.creditLimit),
  enabled: row.enabled,
  decided_at: row.decidedAt,
});

const notFound = () => new AppError("NOT_FOUND", "The company was not found.");

/**
 * Approves a waiting (or a rejected) company with its credit limit, in one transaction under the project's row
 * lock: it is enabled, may issue cards, and its owner's dashboard drops the waiting notice. Audited as
 * `platform.company.approved`. An approved company answers CONFLICT, so a second platform owner's click that lost
 * the race changes nothing.
 */
export const approveCompany = async (
  deps: AppDeps,
  kort: RequestContext,
  input: unknown,
): Promise<DecidedCompanyDto> => {
  const ctx = await requirePlatformOwner(deps, kort, "companies");
  const args = approveCompanySchema.parse(input);
  const now = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const project = await lockProject(tx, args.project_id);
      if (!project) throw notFound();
      if (project.approvalStatus === "approved") {
        throw new AppError("CONFLICT", "The company is already approved.", { approval_status: project.approvalStatus });
      }
      const decided = await setDecision(tx, project.id, {
        approvalStatus: "approved",
        creditLimit: args.credit_limit,
        enabled: true,
        by: ctx.user.id,
        at: now,
      });
      await writeAudit(tx, {
        action: "platform.company.approved",
        objectType: "project",
        objectId: project.id,
        projectId: project.id,
        actorUserId: ctx.user.id,
        data: {
          from: project.approvalStatus,
          credit_limit: { from: project.creditLimit, to: args.credit_limit },
          platform_project_id: ctx.membership.projectId,
        },
        requestId: ctx.requestId,
        at: now,
      });
      return toDecidedDto(decided);
    });
  } catch (error) {
    // A rejected company set aside by migration 0006 whose kennitala another company now holds.
    if (violatedKennitalaKey(error)) {
      throw new AppError("CONFLICT", "Another company holds this kennitala.", { reason: "kennitala_taken" });
    }
    throw error;
  }
};

/**
 * Rejects a waiting company, in one transaction under the project's row lock: it is disabled, so its members
 * reach none of its data and their dashboard says the registration was declined. Only a pending company can be
 * rejected (an approved one may have cards and a balance); anything else is CONFLICT. Audited as
 * `platform.company.rejected`.
 */
export const rejectCompany = async (
  deps: AppDeps,
  kort: RequestContext,
  input: unknown,
): Promise<DecidedCompanyDto> => {
  const ctx = await requirePlatformOwner(deps, kort, "companies");
  const args = rejectCompanySchema.parse(input);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const project = await lockProject(tx, args.project_id);
    if (!project) throw notFound();
    if (project.approvalStatus !== "pending") {
      throw new AppError("CONFLICT", "Only a company waiting for approval can be rejected.", {
        approval_status: project.approvalStatus,
      });
    }
    const decided = await setDecision(tx, project.id, {
      approvalStatus: "rejected",
      enabled: false,
      by: ctx.user.id,
      at: now,
    });
    await writeAudit(tx, {
      action: "platform.company.rejected",
      objectType: "project",
      objectId: project.id,
      projectId: project.id,
      actorUserId: ctx.user.id,
      data: { platform_project_id: ctx.membership.projectId },
      requestId: ctx.requestId,
      at: now,
    });
    return toDecidedDto(decided);
  });
};

const toLockedDto = (row: LockedUserRow, now: Date): LockedUserDto => ({
  user_id: row.id,
  full_name: row.fullName,
  email: row.email,
  locked_permanently: row.lockedPermanently,
  locked_until: row.lockedUntil,
  locked: isSignInLocked(row, now),
});

/** People locked out of sign-in in any company, newest first, at most 50; `email` narrows to addresses containing it. */
export const lockedUsers = async (deps: AppDeps, kort: RequestContext, input: unknown): Promise<LockedUserDto[]> => {
  await requirePlatformOwner(deps, kort, "users");
  const args = lockedUserSearchSchema.parse(input);
  const now = deps.now();
  const rows = await listLockedUsers(deps.db, { email: args.email, now, limit: LOCKED_USERS_MAX });
  return rows.map((row) => toLockedDto(row, now));
};

/**
 * user reapprove across companies: lifts a person's temporary or permanent sign-in lock, in one transaction
 * under the user's row lock (a failed sign-in counting against them waits). The lock is the person's, so this is
 * the console's to do for people whose own company cannot (a locked sole administrator). Auth's unlock writes
 * `auth.user.unlocked` with the platform's project on it. Unlocking someone not locked changes nothing harmful.
 */
export const reapproveUser = async (deps: AppDeps, kort: RequestContext, input: unknown): Promise<LockedUserDto> => {
  const ctx = await requirePlatformOwner(deps, kort, "users");
  const args = reapproveUserSchema.parse(input);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const user = await lockUserRow(tx, args.user_id);
    if (!user) throw new AppError("NOT_FOUND", "The user was not found.");
    await unlockUser(tx, user.id, now, {
      requestId: ctx.requestId,
      actorUserId: ctx.user.id,
      projectId: ctx.membership.projectId,
    });
    return toLockedDto({ ...user, lockedPermanently: false, lockedUntil: null }, now);
  });
};
