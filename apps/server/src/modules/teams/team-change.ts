import { writeAudit } from "../../platform/audit/audit.ts";
import type { Tx } from "../../platform/db/client.ts";
import { AppError, violatedUniqueConstraint } from "../../platform/errors.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { categoryCodeTaken, isCategoryCodeViolation } from "../accounting/accounting-access.ts";
import { lockTeamFor, type TeamAction } from "./team-access.ts";
import type { LockedTeam } from "./teams.repo.ts";
import type { TeamDeps } from "./teams.service.ts";

const NAME_CONSTRAINT = "teams_project_name_live_key";

export const nameTaken = (): AppError =>
  new AppError("TEAM_NAME_TAKEN", "A team with this name already exists.", {
    issues: [{ path: "name", code: "TEAM_NAME_TAKEN", message: "A team with this name already exists." }],
  });

/**
 * Runs a change; two requests racing for one name meet the unique index, which reads as TEAM_NAME_TAKEN, and two
 * racing for one account code meet the category code's index (a team's category has its account code as code),
 * which reads as CATEGORY_CODE_TAKEN.
 */
export const withNameGuard = async <T>(run: () => Promise<T>, accountCode?: string): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    if (violatedUniqueConstraint(error) === NAME_CONSTRAINT) throw nameTaken();
    if (isCategoryCodeViolation(error)) throw categoryCodeTaken(accountCode ?? "");
    throw error;
  }
};

export type AuditedChange = { auditAction: string; data: Record<string, unknown> };

/**
 * One change to an existing team, in one transaction: lock the team (NOT_FOUND outside the caller's project),
 * ask the policy with it, apply the change and append the audit row. Nothing is kept when any step fails.
 */
export const changeTeam = (
  deps: TeamDeps,
  ctx: ProjectContext,
  teamId: string,
  action: TeamAction,
  apply: (tx: Tx, team: LockedTeam, now: Date) => Promise<AuditedChange>,
): Promise<void> => {
  const now = deps.now();
  return withNameGuard(() =>
    deps.db.transaction(async (tx) => {
      const team = await lockTeamFor(tx, ctx, teamId, action);
      const change = await apply(tx, team, now);
      await writeAudit(tx, {
        action: change.auditAction,
        objectType: "team",
        objectId: team.id,
        projectId: team.projectId,
        actorUserId: ctx.user.id,
        data: change.data,
        requestId: ctx.requestId,
        at: now,
      });
    }),
  );
};
