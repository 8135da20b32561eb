import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { request } from "../../app/api/client.ts";
import { useToastedMutation } from "../../app/api/toasted-mutation.ts";
import { LEDGER_QUERY_ROOT } from "./ledger-queries.ts";
import {
  ATTACH_RECEIPT_MUTATION,
  RECEIPTS_INBOX_QUERY,
  REJECT_RECEIPT_SUGGESTION_MUTATION,
  SUGGESTED_RECEIPTS_QUERY,
  WAITING_RECEIPTS_QUERY,
} from "./receipts.graphql.ts";

/**
 * Receipts e-mailed to the company (issue 12): its address, the receipts waiting for a transaction and the
 * matcher's suggestions. Under the ledger's key, so attaching one refreshes the rows, counts and panel with it.
 */

/** How many waiting receipts a list shows: the server's page, newest first. */
const WAITING_PAGE = 20;

export const useReceiptsInbox = () =>
  useQuery({
    queryKey: [LEDGER_QUERY_ROOT, "receipts-inbox"],
    queryFn: async ({ signal }) => (await request(RECEIPTS_INBOX_QUERY, {}, { signal })).receipts_inbox,
  });

/** Waiting receipts, all the caller may see or one sender's (the panel's cardholder). */
export const useWaitingReceipts = (options: { userId?: string; enabled?: boolean } = {}) =>
  useQuery({
    queryKey: [LEDGER_QUERY_ROOT, "waiting-receipts", options.userId ?? "all"],
    queryFn: async ({ signal }) =>
      (await request(WAITING_RECEIPTS_QUERY, { first: WAITING_PAGE, user_id: options.userId ?? null }, { signal }))
        .unmatched_receipts,
    enabled: options.enabled ?? true,
  });

export const useSuggestedReceipts = (transactionId: string, enabled: boolean) =>
  useQuery({
    queryKey: [LEDGER_QUERY_ROOT, "suggested-receipts", transactionId],
    queryFn: async ({ signal }) =>
      (await request(SUGGESTED_RECEIPTS_QUERY, { transaction_id: transactionId }, { signal })).suggested_receipts,
    enabled,
  });

type Pair = { receiptId: string; transactionId: string; name: string };

/** Attach (a suggestion confirmed or a receipt picked) or reject: a toast either way, then the ledger refetches. */
export const useReceiptDecision = (kind: "attach" | "reject") => {
  const { t } = useTranslation();
  return useToastedMutation({
    run: async ({ receiptId, transactionId }: Pair) => {
      const variables = { receipt_id: receiptId, transaction_id: transactionId };
      if (kind === "attach") await request(ATTACH_RECEIPT_MUTATION, variables);
      else await request(REJECT_RECEIPT_SUGGESTION_MUTATION, variables);
    },
    success: (_done, pair) => t(`expenses.inbox.${kind}ed`, { name: pair.name }),
    failure: ({ reason }) => t(`expenses.inbox.errors.${kind}`, { reason }),
    refetch: [[LEDGER_QUERY_ROOT]],
  });
};
