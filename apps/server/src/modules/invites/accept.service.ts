import { AppError } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { type Outcome, refusal, success, unwrap } from "../../platform/outcome.ts";
import { startInvitedOnboarding } from "../onboarding/onboarding.service.ts";
import {
  inviteeMembership,
  inviteTokenMatches,
  inviteUnusable,
  joinThroughInvite,
  lockInviteForUse,
} from "./invites.service.ts";

export type AcceptedInvite =
  | { status: "accepted"; project_id: string }
  | { status: "onboarding"; onboarding_id: string; steps: 4 };

const notFound = () => new AppError("INVITATION_NOT_FOUND", "The invitation was not found.");

/**
 * POST /v1/invites/{id}/accept {token}. A wrong token and a revoked invitation read alike (not found). A person
 * with a user joins at once (and signs in next); anyone else begins a 4-step sign-up, the e-mail counting as
 * verified since the link came by e-mail.
 */
export const acceptInvitation = async (
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  token: string,
): Promise<AcceptedInvite> => {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome<AcceptedInvite>> => {
    const invite = await lockInviteForUse(tx, id);
    if (!invite || invite.revokedAt || !inviteTokenMatches(invite, token)) return refusal(notFound());
    const invitee = await inviteeMembership(tx, invite);
    if (invitee.member) return refusal(new AppError("ALREADY_MEMBER", "This user is already a member."));
    const unusable = inviteUnusable(invite, now);
    if (unusable) return refusal(unusable);
    if (invitee.userId) {
      await joinThroughInvite(tx, invite, invitee.userId, now, ctx.requestId);
      return success({ status: "accepted" as const, project_id: invite.projectId });
    }
    const onboarding = await startInvitedOnboarding(tx, { email: invite.email, inviteId: invite.id, now });
    return success({ status: "onboarding" as const, onboarding_id: onboarding.id, steps: onboarding.steps });
  });
  return unwrap(outcome);
};
