import { isPossiblyAllowed, type RoleName } from "@kort/core";

/** What the caller's role may do on the People page (spec 6, resource user), from the bundled policy engine. */
export type PeoplePermissions = {
  invite: boolean;
  manageRole: boolean;
  setLimitControl: boolean;
  remove: boolean;
  unlock: boolean;
};

const NONE: PeoplePermissions = {
  invite: false,
  manageRole: false,
  setLimitControl: false,
  remove: false,
  unlock: false,
};

export const peoplePermissions = (role: RoleName | null): PeoplePermissions =>
  role === null
    ? NONE
    : {
        invite: isPossiblyAllowed(role, "user", "invite"),
        manageRole: isPossiblyAllowed(role, "user", "manage-role"),
        setLimitControl: isPossiblyAllowed(role, "user", "set-limit-control"),
        remove: isPossiblyAllowed(role, "user", "remove"),
        unlock: isPossiblyAllowed(role, "user", "reapprove"),
      };

export type RowAction = "role" | "limits" | "remove" | "unlock";

/**
 * The actions a row offers. Each user action of the matrix is project-wide for the roles that have it, so the
 * role decides; nobody removes themselves, and only a locked member can be unlocked.
 */
export const rowActions = (
  permissions: PeoplePermissions,
  row: { user_id: string; locked: boolean },
  myUserId: string | null,
): RowAction[] => {
  const actions: RowAction[] = [];
  if (permissions.manageRole) actions.push("role");
  if (permissions.setLimitControl) actions.push("limits");
  if (permissions.unlock && row.locked) actions.push("unlock");
  if (permissions.remove && row.user_id !== myUserId) actions.push("remove");
  return actions;
};
