import { writeAudit } from "../../platform/audit/audit.ts";
import { AppError, type ValidationIssue, violatedUniqueConstraint } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { type Outcome, refusal, success, unwrap } from "../../platform/outcome.ts";
import { beginSession } from "../auth/sessions.service.ts";
import { inviteUnusable, joinThroughInvite, lockInviteForUse } from "../invites/invites.service.ts";
import {
  companyAlreadyRegistered,
  createCompanyWithOwner,
  violatedKennitalaKey,
} from "../projects/memberships.service.ts";
import {
  type AttributeRow,
  findAttributes,
  insertUser,
  lockOnboarding,
  ninInUse,
  type OnboardingRow,
  updateOnboarding,
  userExistsWithEmail,
} from "./onboarding.repo.ts";
import { attributeMap, isOpen, onboardingNotFound, restartSignUp } from "./onboarding.view.ts";

export type CompletedOnboarding = {
  status: "user_created";
  token: string;
  expires_at: Date;
  project_id: string;
};

type Ready = { fullName: string; preferredName: string | null; nin: string; phone: string; passcodeHash: string };

/** Everything sign-up must have gathered, or the issues naming what is missing. */
const readiness = (onboarding: OnboardingRow, rows: AttributeRow[]): Ready | ValidationIssue[] => {
  const attributes = attributeMap(rows);
  const missing = (path: string): ValidationIssue => ({ path, code: "missing", message: "validation.required" });
  const issues: ValidationIssue[] = [];
  if (!attributes.get("email")?.verifiedAt) issues.push(missing("attributes.email"));
  if (!onboarding.termsAcceptedAt || !onboarding.privacyAcceptedAt) issues.push(missing("terms_accepted"));
  const fullName = attributes.get("full_name")?.value;
  const nin = attributes.get("national_id")?.value;
  const passcodeHash = attributes.get("app_pin")?.value;
  const phone = attributes.get("phone");
  if (!fullName) issues.push(missing("attributes.full_name"));
  if (!nin) issues.push(missing("attributes.national_id"));
  if (!passcodeHash) issues.push(missing("attributes.app_pin"));
  if (!phone?.verifiedAt) issues.push(missing("attributes.phone"));
  if (!fullName || !nin || !passcodeHash || !phone?.verifiedAt || issues.length > 0) return issues;
  const preferredName = attributes.get("preferred_name")?.value ?? null;
  return { fullName, preferredName, nin, phone: phone.value, passcodeHash };
};

const conflict = () =>
  new AppError("CONFLICT", "This person has a user already. Please sign in.", { reason: "user_exists" });

/**
 * POST /v1/onboarding/{id}/complete, in one transaction: the user; then the company with the user as project
 * owner, or the invitation's membership (role, team, limit control) with the invitation accepted; and the
 * first session. Answers the bearer token.
 */
export const completeOnboarding = async (
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<CompletedOnboarding> => {
  const now = deps.now();
  const run = () =>
    deps.db.transaction(async (tx): Promise<Outcome<CompletedOnboarding>> => {
      const onboarding = await lockOnboarding(tx, id);
      if (!onboarding) return refusal(onboardingNotFound());
      if (!isOpen(onboarding, now)) return refusal(restartSignUp());
      const ready = readiness(onboarding, await findAttributes(tx, id));
      if (Array.isArray(ready)) {
        return refusal(new AppError("VALIDATION_FAILED", "The sign-up is not finished.", { issues: ready }));
      }
      const invite = onboarding.inviteId ? await lockInviteForUse(tx, onboarding.inviteId) : null;
      if (onboarding.inviteId) {
        const unusable = invite ? inviteUnusable(invite, now) : restartSignUp();
        if (unusable) return refusal(unusable);
      }
      if (await userExistsWithEmail(tx, onboarding.email)) return refusal(conflict());
      if (await ninInUse(tx, ready.nin)) return refusal(conflict());

      const user = await insertUser(tx, {
        email: onboarding.email,
        ...ready,
        locale: ctx.locale,
        createdAt: now,
      });
      let projectId: string;
      if (invite) {
        await joinThroughInvite(tx, invite, user.id, now, ctx.requestId);
        projectId = invite.projectId;
      } else if (onboarding.companyName && onboarding.companyKennitala) {
        const project = await createCompanyWithOwner(tx, {
          title: onboarding.companyName,
          kennitala: onboarding.companyKennitala,
          ownerId: user.id,
          now,
        });
        projectId = project.id;
        await writeAudit(tx, {
          action: "project.created",
          objectType: "project",
          objectId: project.id,
          projectId: project.id,
          actorUserId: user.id,
          data: { title: project.title },
          requestId: ctx.requestId,
          at: now,
        });
      } else {
        return refusal(restartSignUp());
      }
      await updateOnboarding(tx, id, { status: "user_created", userId: user.id, projectId }, now);
      const session = await beginSession(tx, { userId: user.id, now, authenticator: "onboarding" });
      await writeAudit(tx, {
        action: "onboarding.completed",
        objectType: "user",
        objectId: user.id,
        projectId,
        actorUserId: user.id,
        data: { onboarding_id: id, invite_id: onboarding.inviteId },
        requestId: ctx.requestId,
        at: now,
      });
      return success({
        status: "user_created" as const,
        token: session.token,
        expires_at: session.expires_at,
        project_id: projectId,
      });
    });
  try {
    return unwrap(await run());
  } catch (error) {
    // Two sign-ups for one company completing at once are serialised by the kennitala's lock; the key is the
    // backstop should anything write a project around it.
    if (violatedKennitalaKey(error)) throw companyAlreadyRegistered();
    // Two sign-ups for one person completing at the same moment: the second meets the unique index.
    if (violatedUniqueConstraint(error) !== null) throw conflict();
    throw error;
  }
};
