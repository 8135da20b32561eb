import type { MemberRole } from "./policy/roles.ts";
import { isValidEmail } from "./validation.ts";

/** Spec 2 and 4: the invite panel's role choices, in its order. "admin" is shown for project_owner. */
export const INVITE_ROLE_CHOICES = ["user", "team_admin", "admin", "accountant"] as const;
export type InviteRoleChoice = (typeof INVITE_ROLE_CHOICES)[number];

/** Spec 4: the role name sent for a choice: admin to project owner, team admin, accountant, otherwise user. */
export const inviteRoleName = (choice: InviteRoleChoice): MemberRole => {
  switch (choice) {
    case "admin":
      return "project_owner";
    case "team_admin":
      return "team_admin";
    case "accountant":
      return "accountant";
    default:
      return "user";
  }
};

/** The largest monthly card limit a member's limit control can hold (a GraphQL Int). */
export const USER_LIMIT_MAX = 2_147_483_647;

/** Spec 3, User.limit_control: the most a member may put on a card per month (null: no limit), and self-issuing. */
export type UserLimitControl = { max_monthly_limit: number | null; allow_issuing_cards_to_self: boolean };

/** Spec 5: an empty maximum means no limit; self-issuing defaults to yes. */
export const DEFAULT_LIMIT_CONTROL: Readonly<UserLimitControl> = {
  max_monthly_limit: null,
  allow_issuing_cards_to_self: true,
};

export const isDefaultLimitControl = (control: UserLimitControl): boolean =>
  control.max_monthly_limit === DEFAULT_LIMIT_CONTROL.max_monthly_limit &&
  control.allow_issuing_cards_to_self === DEFAULT_LIMIT_CONTROL.allow_issuing_cards_to_self;

/**
 * Spec 5: the settings of a project invite. Only a team admin's invite carries limit control, and none is sent
 * when both values are the defaults.
 */
export const inviteSettings = (
  role: MemberRole,
  limitControl: UserLimitControl,
): { limit_control: UserLimitControl } | undefined =>
  role === "team_admin" && !isDefaultLimitControl(limitControl) ? { limit_control: { ...limitControl } } : undefined;

export type InviteDraft = { role: MemberRole | null; email: string; teamId: string | null };

/** Spec 4: Send is enabled once a role is chosen, the e-mail is valid and, for a team admin, a team is chosen. */
export const canSendInvite = (draft: InviteDraft): boolean =>
  draft.role !== null && isValidEmail(draft.email.trim()) && (draft.role !== "team_admin" || draft.teamId !== null);
