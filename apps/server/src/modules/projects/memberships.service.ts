import type { RoleName } from "@kort/core";
import type { Executor } from "../../platform/db/client.ts";
import { findLiveTeam, findMemberRole, insertMembership, insertProject, insertTeamMember } from "./memberships.repo.ts";

/** A new company's credit line until the platform sets its own: 1.000.000 kr. (docs/decisions.md). */
export const DEFAULT_CREDIT_LIMIT = 1_000_000;

/** Creates a company (enabled, default credit) with its first user as project owner. Run in a transaction. */
export const createCompanyWithOwner = async (
  tx: Executor,
  input: { title: string; kennitala: string; ownerId: string; now: Date },
): Promise<{ id: string; title: string }> => {
  const project = await insertProject(tx, {
    title: input.title,
    kennitala: input.kennitala,
    creditLimit: DEFAULT_CREDIT_LIMIT,
    createdAt: input.now,
  });
  await insertMembership(tx, {
    projectId: project.id,
    userId: input.ownerId,
    role: "project_owner",
    maxMonthlyLimit: null,
    allowIssuingCardsToSelf: true,
    createdAt: input.now,
  });
  return project;
};

export type NewMember = {
  projectId: string;
  userId: string;
  role: RoleName;
  teamId: string | null;
  maxMonthlyLimit: number | null;
  allowIssuingCardsToSelf: boolean;
  now: Date;
};

/**
 * Adds a member with a role and limit control, and to a team when given one (a team admin becomes that team's
 * admin). A team deleted meanwhile is skipped rather than failing the whole join.
 */
export const addProjectMember = async (tx: Executor, member: NewMember): Promise<void> => {
  await insertMembership(tx, {
    projectId: member.projectId,
    userId: member.userId,
    role: member.role,
    maxMonthlyLimit: member.maxMonthlyLimit,
    allowIssuingCardsToSelf: member.allowIssuingCardsToSelf,
    createdAt: member.now,
  });
  const team = member.teamId ? await findLiveTeam(tx, member.projectId, member.teamId) : null;
  if (team) {
    await insertTeamMember(tx, {
      projectId: member.projectId,
      teamId: team.id,
      userId: member.userId,
      isAdmin: member.role === "team_admin",
      createdAt: member.now,
    });
  }
};

export const isProjectMember = async (db: Executor, projectId: string, userId: string): Promise<boolean> =>
  (await findMemberRole(db, projectId, userId)) !== null;

export const findProjectTeam = findLiveTeam;

/** The member's role in the project, or null when they are not a member of it. */
export const projectRoleOf = (db: Executor, projectId: string, userId: string): Promise<RoleName | null> =>
  findMemberRole(db, projectId, userId);
