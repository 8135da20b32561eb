import { writeAudit } from "../../platform/audit/audit.ts";
import { AppError } from "../../platform/errors.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { handOverCardsOfLeavingMember } from "../cards/card-handover.service.ts";
import { lockMemberFor, lockProjectMemberships } from "./member-access.ts";
import { countProjectOwners, deleteMembership, deleteTeamMemberships } from "./member-changes.repo.ts";
import { type UserIdInput, type UserRemovalDto, userIdSchema } from "./members.schemas.ts";
import type { PeopleDeps } from "./members.service.ts";

/**
 * Spec 6 and 7, remove user from project, in one transaction: the member leaves the project and its teams,
 * their employee-expense cards are closed and their business-expense cards go to the person removing them.
 * Nobody removes themselves (CANNOT_REMOVE_SELF): their business cards would have nobody to go to. Their
 * transactions, receipts and the audit log stay; the user keeps their other companies.
 */
export const removeMemberFromProject = async (
  deps: PeopleDeps,
  ctx: ProjectContext,
  input: UserIdInput,
): Promise<UserRemovalDto> => {
  const args = userIdSchema.parse(input);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await lockProjectMemberships(tx, ctx.membership.projectId);
    const member = await lockMemberFor(tx, ctx, args.user_id, "remove");
    if (member.userId === ctx.user.id) {
      throw new AppError("CANNOT_REMOVE_SELF", "You cannot remove yourself from the company.");
    }
    if (member.role === "project_owner" && (await countProjectOwners(tx, member.projectId)) <= 1) {
      throw new AppError("LAST_PROJECT_OWNER", "The company needs at least one administrator.");
    }
    const cards = await handOverCardsOfLeavingMember(tx, {
      projectId: member.projectId,
      userId: member.userId,
      removedBy: ctx.user.id,
      requestId: ctx.requestId,
      now,
    });
    const teamIds = await deleteTeamMemberships(tx, member.projectId, member.userId);
    await deleteMembership(tx, member.projectId, member.userId);
    await writeAudit(tx, {
      action: "user.remove_from_project",
      objectType: "user",
      objectId: member.userId,
      projectId: member.projectId,
      actorUserId: ctx.user.id,
      data: {
        role: member.role,
        team_ids: teamIds,
        closed_card_ids: cards.closedCardIds,
        reassigned_card_ids: cards.reassignedCardIds,
      },
      requestId: ctx.requestId,
      at: now,
    });
    return {
      user_id: member.userId,
      closed_cards: cards.closedCardIds.length,
      reassigned_cards: cards.reassignedCardIds.length,
    };
  });
};
