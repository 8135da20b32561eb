import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { request } from "../../app/api/client.ts";
import type { TadaDocumentNode, VariablesOf } from "../../app/api/graphql.ts";
import { useToastedMutation } from "../../app/api/toasted-mutation.ts";
import { LEDGER_QUERY_ROOT } from "./ledger-queries.ts";
import {
  REMIND_MUTATION,
  TRANSACTION_MUTATIONS,
  TRANSACTION_QUERY,
  type TransactionEditKind,
} from "./transaction.graphql.ts";

/** The open transaction; under the ledger's key, so a change refreshes it with the rows, counts and totals. */
export const useTransaction = (id: string | null) =>
  useQuery({
    queryKey: [LEDGER_QUERY_ROOT, "transaction", id],
    // `enabled` keeps this from running without an id.
    queryFn: async ({ signal }) => (await request(TRANSACTION_QUERY, { id: id ?? "" }, { signal })).transaction,
    enabled: id !== null,
  });

const SUCCESS_KEYS = {
  category: "expenses.panel.saved.category",
  dimensions: "expenses.panel.saved.dimensions",
  taxCategory: "expenses.panel.saved.taxCategory",
  teamCategory: "expenses.panel.saved.teamCategory",
  team: "expenses.panel.saved.team",
  comment: "expenses.panel.saved.comment",
} as const;

const FAILURE_KEYS = {
  category: "expenses.panel.errors.category",
  dimensions: "expenses.panel.errors.dimensions",
  taxCategory: "expenses.panel.errors.taxCategory",
  teamCategory: "expenses.panel.errors.teamCategory",
  team: "expenses.panel.errors.team",
  comment: "expenses.panel.errors.comment",
} as const;

export type TransactionEditVariables<Kind extends TransactionEditKind = TransactionEditKind> = {
  [K in Kind]: VariablesOf<(typeof TRANSACTION_MUTATIONS)[K]>;
}[Kind];

/**
 * One change of the panel, saved on its own (spec 2) with a toast either way (spec 8: "what failed: reason").
 * The ledger is refetched after a success, so a row that no longer matches a todo filter leaves the list.
 */
export const useTransactionEdit = <Kind extends TransactionEditKind>(kind: Kind) => {
  const document = TRANSACTION_MUTATIONS[kind] as TadaDocumentNode<unknown, TransactionEditVariables<Kind>>;
  const successKey: (typeof SUCCESS_KEYS)[TransactionEditKind] = SUCCESS_KEYS[kind];
  const failureKey: (typeof FAILURE_KEYS)[TransactionEditKind] = FAILURE_KEYS[kind];
  const { t } = useTranslation();
  return useToastedMutation({
    run: (variables: TransactionEditVariables<Kind>) => request(document, variables),
    success: () => t(successKey),
    failure: ({ reason }) => t(failureKey, { reason }),
    refetch: [[LEDGER_QUERY_ROOT]],
  });
};

/** Remind the cardholders of transactions (spec 2): a toast says how many were asked, or "reminder not sent". */
export const useRemind = () => {
  const { t } = useTranslation();
  return useToastedMutation({
    run: (ids: string[]) => request(REMIND_MUTATION, { transaction_ids: ids }),
    success: ({ remind_transaction: result }) =>
      t("expenses.remind.sent", { count: result.reminded, people: result.people }),
    failure: ({ reason }) => t("expenses.remind.failed", { reason }),
  });
};
