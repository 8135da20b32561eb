import { canManage, isPossiblyAllowed } from "@kort/core";
import { useSelectedProjectId } from "../../app/session/project-store.ts";
import { useCurrentRole } from "../../app/session/useCurrentRole.ts";

export type TeamPermissions = {
  /** team manage: create, rename, delete, budget, members, visible categories. */
  manage: boolean;
  /** team set-limit-control: the team's limit control. */
  setLimits: boolean;
};

/**
 * What the caller's role may do with teams, from the same policy the server enforces (spec 6): project owners
 * and accountants manage every team; team admins and employees only read.
 */
export const useTeamPermissions = (): TeamPermissions => {
  const role = useCurrentRole(useSelectedProjectId()).data ?? null;
  if (role === null) return { manage: false, setLimits: false };
  return { manage: canManage(role, "team"), setLimits: isPossiblyAllowed(role, "team", "set-limit-control") };
};
