import { isPossiblyAllowed, type PolicyUser } from "@kort/core";
import { useMemo } from "react";
import { useSelectedProjectId } from "../../app/session/project-store.ts";
import { useCurrentRole } from "../../app/session/useCurrentRole.ts";
import { useMe } from "../../app/session/useMe.ts";
import { useTeams } from "../teams/team-queries.ts";
import { type TransactionPermissions, transactionPermissions } from "./transaction-permissions.ts";

/** The caller as the policy sees them: their teams in the project, and the ones they administer. */
const usePolicyUser = (): PolicyUser | null => {
  const projectId = useSelectedProjectId();
  const me = useMe().data;
  const mine = useTeams(true).data;
  return useMemo(() => {
    if (!me || !mine || projectId === null) return null;
    return {
      user_id: me.user_id,
      project_id: projectId,
      team_ids: mine.map((team) => team.id),
      admin_team_ids: mine
        .filter((team) => team.admins.some((admin) => admin.user_id === me.user_id))
        .map((team) => team.id),
    };
  }, [me, mine, projectId]);
};

/** What the caller may change on this transaction (spec 6), by the bundled policy engine. */
export const useTransactionPermissions = (
  transaction: { team_id: string | null; user_id: string } | null,
): TransactionPermissions => {
  const role = useCurrentRole(useSelectedProjectId()).data ?? null;
  const user = usePolicyUser();
  return transactionPermissions(role, user, transaction ?? { team_id: null, user_id: "" });
};

/**
 * What the caller may do to a selection of the ledger (bulk set category, tax category): asked of the policy for
 * a transaction of the project with no team and another cardholder, so only project-wide grants (the accountant's)
 * show the actions. The server asks again for every picked row, all or none.
 */
export const useBulkPermissions = (): TransactionPermissions => useTransactionPermissions(null);

/**
 * Whether the caller may remind anyone (a team admin their teams' cardholders, an accountant anyone): the bulk
 * reminder shows for them, and the server asks again for every picked row, all or none.
 */
export const useMayRemind = (): boolean => {
  const role = useCurrentRole(useSelectedProjectId()).data ?? null;
  return role !== null && isPossiblyAllowed(role, "transaction", "remind");
};
