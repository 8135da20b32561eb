import { useTranslation } from "react-i18next";
import { request } from "../../app/api/client.ts";
import type { TadaDocumentNode } from "../../app/api/graphql.ts";
import { useToastedMutation } from "../../app/api/toasted-mutation.ts";
import { PEOPLE_QUERY_ROOT } from "./usePeopleQueries.ts";

/** Spec 8: each failure names what failed, then the reason after a colon. */
export type PeopleFailure = "invite" | "revoke" | "role" | "limits" | "remove" | "unlock";

const FAILURE_KEYS = {
  invite: "people.errors.invite",
  revoke: "people.errors.revoke",
  role: "people.errors.role",
  limits: "people.errors.limits",
  remove: "people.errors.remove",
  unlock: "people.errors.unlock",
} as const;

/** Codes whose own text says it all (spec 8: "User is already invited"; lack of rights on a role). */
const PLAIN_CODES = new Set(["ALREADY_INVITED", "ACCESS_DENIED", "LAST_PROJECT_OWNER", "CANNOT_REMOVE_SELF"]);

/**
 * A People mutation with the spec's toasts: the success message on success, otherwise the failure with the
 * translated error code. The People queries (and member pickers elsewhere) are refetched after every success.
 */
export const usePeopleMutation = <Result, Variables>(
  document: TadaDocumentNode<Result, Variables>,
  failure: PeopleFailure,
  successMessage: (variables: Variables, result: Result) => string,
) => {
  const { t } = useTranslation();
  return useToastedMutation({
    run: (variables: Variables) => request(document, variables),
    success: (result, variables) => successMessage(variables, result),
    failure: ({ code, reason }) => (PLAIN_CODES.has(code) ? reason : t(FAILURE_KEYS[failure], { reason })),
    refetch: [PEOPLE_QUERY_ROOT],
  });
};
