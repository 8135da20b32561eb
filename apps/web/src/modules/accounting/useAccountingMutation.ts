import { useTranslation } from "react-i18next";
import { request } from "../../app/api/client.ts";
import type { TadaDocumentNode } from "../../app/api/graphql.ts";
import { showFailure, useToastedMutation } from "../../app/api/toasted-mutation.ts";
import { ACCOUNTING_QUERY_ROOT } from "./accounting-queries.ts";

/** Spec 8: each accounting error names what failed, then the reason after a colon. */
export type AccountingFailure =
  | "create"
  | "update"
  | "delete"
  | "link"
  | "dimensionCreate"
  | "dimensionUpdate"
  | "dimensionWithoutValues"
  | "plan"
  | "receiptRule"
  | "captureTolerance"
  | "taxCreate"
  | "taxUpdate"
  | "taxDelete"
  | "ruleCreate"
  | "ruleUpdate"
  | "ruleDelete"
  | "proposalAccept"
  | "proposalDismiss";

const FAILURE_KEYS = {
  create: "accounting.errors.create",
  update: "accounting.errors.update",
  delete: "accounting.errors.delete",
  link: "accounting.errors.link",
  dimensionCreate: "accounting.errors.dimensionCreate",
  dimensionUpdate: "accounting.errors.dimensionUpdate",
  dimensionWithoutValues: "accounting.errors.dimensionWithoutValues",
  plan: "accounting.errors.plan",
  receiptRule: "accounting.errors.receiptRule",
  captureTolerance: "accounting.errors.captureTolerance",
  taxCreate: "accounting.errors.taxCreate",
  taxUpdate: "accounting.errors.taxUpdate",
  taxDelete: "accounting.errors.taxDelete",
  ruleCreate: "accounting.errors.ruleCreate",
  ruleUpdate: "accounting.errors.ruleUpdate",
  ruleDelete: "accounting.errors.ruleDelete",
  proposalAccept: "accounting.errors.proposalAccept",
  proposalDismiss: "accounting.errors.proposalDismiss",
} as const;

/**
 * The failure's message: a dimension without values has its own (spec 8), a dimension over the plan's limit reads as
 * a failed link; otherwise what was being done.
 */
const failureFor = (failure: AccountingFailure, code: string): AccountingFailure => {
  if (code === "DIMENSION_WITHOUT_VALUES") return "dimensionWithoutValues";
  if (code === "DIMENSION_LIMIT_REACHED" && (failure === "create" || failure === "update")) return "link";
  return failure;
};

/** Shows spec 8's error toast: "what failed: why", the reason translated from the code. */
export const useAccountingFailure = () => {
  const { t } = useTranslation();
  return (failure: AccountingFailure, reason: string) => showFailure(t(FAILURE_KEYS[failure], { reason }));
};

/**
 * An accounting mutation with the spec's toasts: the success message (if any) on success, otherwise "what failed:
 * why". Every accounting list (and the pickers of the card and team pages) is refetched after a success.
 */
export const useAccountingMutation = <Result, Variables>(
  document: TadaDocumentNode<Result, Variables>,
  failure: AccountingFailure,
  successMessage?: (variables: Variables, result: Result) => string,
) => {
  const { t } = useTranslation();
  return useToastedMutation({
    run: (variables: Variables) => request(document, variables),
    success: successMessage && ((result, variables) => successMessage(variables, result)),
    failure: ({ code, reason }) => t(FAILURE_KEYS[failureFor(failure, code)], { reason }),
    refetch: [[ACCOUNTING_QUERY_ROOT]],
  });
};
