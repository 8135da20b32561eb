import { useTranslation } from "react-i18next";
import { request } from "../../app/api/client.ts";
import type { TadaDocumentNode } from "../../app/api/graphql.ts";
import { useToastedMutation } from "../../app/api/toasted-mutation.ts";
import { PROJECT_USERS_QUERY_KEY } from "../people/useProjectUsers.ts";
import { TEAMS_QUERY_ROOT } from "./team-queries.ts";

/** Spec 8: each team error names what failed, then the reason after a colon. */
export type TeamFailure = "create" | "update" | "delete" | "addUser" | "removeMember";

const FAILURE_KEYS = {
  create: "teams.errors.create",
  update: "teams.errors.update",
  delete: "teams.errors.delete",
  addUser: "teams.errors.addUser",
  removeMember: "teams.errors.removeMember",
} as const;

/** What a team mutation is called with: its variables, and the name its toast speaks of, if any. */
export type TeamMutationInput<V> = { variables: V; name?: string };

/**
 * A team mutation with the spec's toasts: the success message on success, otherwise "what failed: why" with
 * the translated error code. Teams and members are refetched after every success.
 */
export const useTeamMutation = <Result, Variables>(
  document: TadaDocumentNode<Result, Variables>,
  failure: TeamFailure,
  successMessage: (input: TeamMutationInput<Variables>, result: Result) => string,
  /** Runs on success before the refetch, also when the caller unmounts meanwhile (a deleted team's page). */
  onSuccess?: (input: TeamMutationInput<Variables>, result: Result) => void,
) => {
  const { t } = useTranslation();
  return useToastedMutation({
    run: (input: TeamMutationInput<Variables>) => request(document, input.variables),
    success: (result, input) => successMessage(input, result),
    failure: ({ reason }) => t(FAILURE_KEYS[failure], { reason }),
    onSuccess: onSuccess && ((result, input) => onSuccess(input, result)),
    refetch: [[TEAMS_QUERY_ROOT], PROJECT_USERS_QUERY_KEY],
  });
};
