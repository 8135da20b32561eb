import type { ApprovalStatus } from "@kort/core";
import { and, asc, desc, eq, gt, inArray, isNotNull, like, or } from "drizzle-orm";
import type { Executor, Tx } from "../../platform/db/client.ts";
import { afterTimeCursor, type KeysetCursor, timeKey } from "../../platform/db/keyset-cursor.ts";
import { containsPattern } from "../../platform/db/like.ts";
import { projectMembers, projects, users } from "../../platform/db/schema/index.ts";

/** A company waiting for approval, with its `created_at` as the list's cursor carries it (`timeKey`). */
export type PendingCompanyRow = {
  id: string;
  title: string;
  kennitala: string;
  createdAt: Date;
  timeKey: string;
};

/** The waiting list, oldest first, `limit` rows after the cursor (read by the partial index `projects_pending_idx`). */
export const listPendingCompanies = async (
  db: Executor,
  input: { after: KeysetCursor | null; limit: number },
): Promise<PendingCompanyRow[]> =>
  db
    .select({
      id: projects.id,
      title: projects.title,
      kennitala: projects.kennitala,
      createdAt: projects.createdAt,
      timeKey: timeKey(projects.createdAt),
    })
    .from(projects)
    .where(
      and(
        eq(projects.approvalStatus, "pending"),
        input.after ? afterTimeCursor(projects.createdAt, projects.id, input.after, { oldestFirst: true }) : undefined,
      ),
    )
    .orderBy(asc(projects.createdAt), asc(projects.id))
    .limit(input.limit);

export type CompanyOwnerRow = { projectId: string; userId: string; fullName: string; email: string };

/** The first project owner of each project: the person who signed the company up. */
export const findFirstOwners = async (db: Executor, projectIds: readonly string[]): Promise<CompanyOwnerRow[]> => {
  if (projectIds.length === 0) return [];
  return db
    .selectDistinctOn([projectMembers.projectId], {
      projectId: projectMembers.projectId,
      userId: users.id,
      fullName: users.fullName,
      email: users.email,
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(inArray(projectMembers.projectId, [...projectIds]), eq(projectMembers.role, "project_owner")))
    .orderBy(projectMembers.projectId, asc(projectMembers.createdAt), asc(projectMembers.id));
};

export type DecidedProjectRow = {
  id: string;
  title: string;
  kennitala: string;
  approvalStatus: ApprovalStatus;
  creditLimit: number;
  enabled: boolean;
  isPlatformOperator: boolean;
  decidedAt: Date | null;
};

const decidedColumns = {
  id: projects.id,
  title: projects.title,
  kennitala: projects.kennitala,
  approvalStatus: projects.approvalStatus,
  creditLimit: projects.creditLimit,
  enabled: projects.enabled,
  isPlatformOperator: projects.isPlatformOperator,
  decidedAt: projects.decidedAt,
};

/** The project under FOR UPDATE: two platform owners deciding at once take turns, and the second sees the first. */
export const lockProject = async (tx: Tx, projectId: string): Promise<DecidedProjectRow | null> => {
  const [row] = await tx.select(decidedColumns).from(projects).where(eq(projects.id, projectId)).for("update");
  return row ?? null;
};

export const setDecision = async (
  tx: Tx,
  projectId: string,
  decision: { approvalStatus: ApprovalStatus; creditLimit?: number; enabled: boolean; by: string; at: Date },
): Promise<DecidedProjectRow> => {
  const [row] = await tx
    .update(projects)
    .set({
      approvalStatus: decision.approvalStatus,
      ...(decision.creditLimit === undefined ? {} : { creditLimit: decision.creditLimit }),
      enabled: decision.enabled,
      decidedBy: decision.by,
      decidedAt: decision.at,
      updatedAt: decision.at,
    })
    .where(eq(projects.id, projectId))
    .returning(decidedColumns);
  if (!row) throw new Error(`Project ${projectId} vanished under its lock`);
  return row;
};

/** Whether the project is the platform operator's own (Kort hf.), whose platform owners run the console. */
export const isPlatformOperatorProject = async (db: Executor, projectId: string): Promise<boolean> => {
  const [row] = await db
    .select({ operator: projects.isPlatformOperator })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.enabled, true)))
    .limit(1);
  return row?.operator === true;
};

export type LockedUserRow = {
  id: string;
  fullName: string;
  email: string;
  lockedPermanently: boolean;
  lockedUntil: Date | null;
};

const lockedColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  lockedPermanently: users.lockedPermanently,
  lockedUntil: users.lockedUntil,
};

/**
 * Users locked out of sign-in at `now` (permanently, or temporarily until later), newest change first, at most
 * `limit`; with `email`, those whose address contains it. The first condition matches the partial index
 * `users_locked_idx`, so only ever-locked rows are read.
 */
export const listLockedUsers = (
  db: Executor,
  input: { email: string | null; now: Date; limit: number },
): Promise<LockedUserRow[]> =>
  db
    .select(lockedColumns)
    .from(users)
    .where(
      and(
        or(eq(users.lockedPermanently, true), isNotNull(users.lockedUntil)),
        or(eq(users.lockedPermanently, true), gt(users.lockedUntil, input.now)),
        input.email ? like(users.email, containsPattern(input.email)) : undefined,
      ),
    )
    .orderBy(desc(users.updatedAt), desc(users.id))
    .limit(input.limit);

/** The user under FOR UPDATE, so an unlock and a failed sign-in counting against them take turns. */
export const lockUserRow = async (tx: Tx, userId: string): Promise<LockedUserRow | null> => {
  const [row] = await tx.select(lockedColumns).from(users).where(eq(users.id, userId)).for("update");
  return row ?? null;
};
