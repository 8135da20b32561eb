import type { RoleName } from "@kort/core";
import type { Executor } from "../../platform/db/client.ts";
import { AppError, violatedUniqueConstraint } from "../../platform/errors.ts";
import { seedTaxCategories } from "../accounting/accounting.service.ts";
import { seedDefaultRules } from "../categorisation/categorisation.service.ts";
import {
  findLiveTeam,
  findMemberRole,
  insertMembership,
  insertProject,
  insertTeamMember,
  kennitalaTaken,
  lockKennitala,
} from "./memberships.repo.ts";

/**
 * A new company has no credit until a platform owner approves it and sets its credit limit (issue 9,
 * docs/decisions.md "Platform approval").
 */
export const NEW_COMPANY_CREDIT_LIMIT = 0;

/** The refusal of a second sign-up with a company's kennitala: the person should ask for an invitation instead. */
export const companyAlreadyRegistered = (): AppError =>
  new AppError(
    "COMPANY_ALREADY_REGISTERED",
    "A company with this national ID is already registered with Kort. Ask the company's administrator for an invitation.",
    { path: "company.kennitala" },
  );

/** The unique key that refuses a second live company with one kennitala: the company registry's (migration 0041). */
const KENNITALA_KEY = "project_registry_kennitala_key";

/** Whether a write failed because another live company holds the kennitala. */
export const violatedKennitalaKey = (error: unknown): boolean => violatedUniqueConstraint(error) === KENNITALA_KEY;

/** Throws COMPANY_ALREADY_REGISTERED when a project has the kennitala (10 digits). */
export const assertKennitalaFree = async (db: Executor, kennitala: string): Promise<void> => {
  if (await kennitalaTaken(db, kennitala)) throw companyAlreadyRegistered();
};

/**
 * Creates a company (enabled, pending approval, no credit) with its first user as project owner and the Icelandic
 * VAT rates as its tax categories (24%, 11%, 0%) and the default categorisation rules. Run in a
 * transaction: it takes the kennitala's advisory lock and checks again, so of two sign-ups racing with one
 * kennitala the second gets COMPANY_ALREADY_REGISTERED; the unique kennitala key (`violatedKennitalaKey`) is the
 * backstop.
 */
export const createCompanyWithOwner = async (
  tx: Executor,
  input: { title: string; kennitala: string; ownerId: string; now: Date },
): Promise<{ id: string; title: string }> => {
  await lockKennitala(tx, input.kennitala);
  await assertKennitalaFree(tx, input.kennitala);
  const project = await insertProject(tx, {
    title: input.title,
    kennitala: input.kennitala,
    creditLimit: NEW_COMPANY_CREDIT_LIMIT,
    approvalStatus: "pending",
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
  await seedTaxCategories(tx, { projectId: project.id, now: input.now });
  // Fuel, food and travel categorised by MCC from the first purchase (issue 19), with the VAT just made.
  await seedDefaultRules(tx, { projectId: project.id, now: input.now });
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
