import {
  canSendInvite,
  INVITE_ROLE_CHOICES,
  type InviteRoleChoice,
  inviteRoleName,
  inviteSettings,
  type RoleName,
} from "@kort/core";
import type { SendInviteVariables } from "./people.graphql.ts";

/** The invite panel's state (spec 2 and 4): step 1 is the role choice, step 2 the rest. */
export type InviteForm = {
  choice: InviteRoleChoice | null;
  email: string;
  teamId: string | null;
  /** Team admins only: the highest monthly card limit they may issue; null for none. */
  maxMonthlyLimit: number | null;
  /** Team admins only: whether they may issue cards to themselves (default yes). */
  allowIssuingCardsToSelf: boolean;
};

export const EMPTY_INVITE_FORM: InviteForm = {
  choice: null,
  email: "",
  teamId: null,
  maxMonthlyLimit: null,
  allowIssuingCardsToSelf: true,
};

/** The role choices offered: those whose role the caller may give (get_available_roles), in the panel's order. */
export const inviteChoicesFor = (assignable: readonly RoleName[]): InviteRoleChoice[] =>
  INVITE_ROLE_CHOICES.filter((choice) => assignable.includes(inviteRoleName(choice)));

export const roleOf = (form: InviteForm): RoleName | null => (form.choice ? inviteRoleName(form.choice) : null);

/** Spec 4: Send is enabled once a role is chosen, the e-mail is valid, and for a team admin a team is chosen. */
export const canSubmitInvite = (form: InviteForm): boolean => {
  const role = form.choice ? inviteRoleName(form.choice) : null;
  return canSendInvite({ role, email: form.email, teamId: form.teamId });
};

/** What send_project_invite gets; settings only for a team admin whose limit control is not the default. */
export const inviteVariables = (form: InviteForm): SendInviteVariables | null => {
  if (!form.choice || !canSubmitInvite(form)) return null;
  const role = inviteRoleName(form.choice);
  const settings = inviteSettings(role, {
    max_monthly_limit: form.maxMonthlyLimit,
    allow_issuing_cards_to_self: form.allowIssuingCardsToSelf,
  });
  return {
    email: form.email.trim(),
    role_name: role,
    team_id: form.teamId,
    ...(settings ? { settings } : {}),
  };
};
