import { signedLinkNeedsRefresh } from "@kort/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../app/api/api-error.ts";
import { request, upload } from "../../app/api/client.ts";
import { useToastedMutation } from "../../app/api/toasted-mutation.ts";
import { LEDGER_QUERY_ROOT } from "./ledger-queries.ts";
import { precheckReceipt } from "./receipt-files.ts";
import {
  BULK_SET_CATEGORY_MUTATION,
  BULK_SET_TAX_CATEGORY_MUTATION,
  RECEIPTS_QUERY,
  REMOVE_RECEIPTS_MUTATION,
  type Receipt,
} from "./receipts.graphql.ts";

/** A transaction's receipts; under the ledger's key, so one invalidation refreshes them with the rows and counts. */
const receiptsKey = (transactionId: string) => [LEDGER_QUERY_ROOT, "receipts", transactionId] as const;

/** A receipt is read within seconds of arriving (issue 18); past this it is not waited for any more. */
const READING_WAIT_MS = 5 * 60_000;

const waitsToBeRead = (receipt: Receipt) =>
  receipt.reading === null && Date.now() - Date.parse(receipt.created_at) < READING_WAIT_MS;

/** A transaction's receipts, asked again every 1.5 s while one of them waits to be read. */
export const useReceipts = (transactionId: string) =>
  useQuery({
    queryKey: receiptsKey(transactionId),
    queryFn: async ({ signal }) =>
      (await request(RECEIPTS_QUERY, { transaction_id: transactionId }, { signal })).receipts,
    refetchInterval: (query) => (query.state.data?.some(waitsToBeRead) ? 1500 : false),
  });

/**
 * A receipt with links good for opening now (spec 4): when its links are past or within 4 s of expiry, the list is
 * fetched again first. Null when the receipt is gone.
 */
export const useFreshReceipt = (transactionId: string) => {
  const queryClient = useQueryClient();
  return async (receipt: Receipt): Promise<Receipt | null> => {
    if (!signedLinkNeedsRefresh(receipt.url_expires_at)) return receipt;
    const list = await queryClient.fetchQuery({
      queryKey: receiptsKey(transactionId),
      queryFn: async ({ signal }) =>
        (await request(RECEIPTS_QUERY, { transaction_id: transactionId }, { signal })).receipts,
      staleTime: 0,
    });
    return list.find((candidate) => candidate.id === receipt.id) ?? null;
  };
};

/** Uploads one file as a receipt (multipart `file`), with a toast either way (spec 8), then refreshes the ledger. */
export const useUploadReceipt = (transactionId: string) => {
  const { t } = useTranslation();
  return useToastedMutation({
    run: async (file: File) => {
      const early = precheckReceipt(file);
      if (early) throw new ApiError(early, early);
      const form = new FormData();
      form.append("file", file, file.name);
      return upload<{ id: string }>(`/transactions/${encodeURIComponent(transactionId)}/receipts`, form);
    },
    success: (_receipt, file) => t("expenses.receipts.uploaded", { name: file.name }),
    failure: ({ reason }, file) => t("expenses.receipts.errors.upload", { name: file.name, reason }),
    refetch: [[LEDGER_QUERY_ROOT]],
  });
};

export const useRemoveReceipt = () => {
  const { t } = useTranslation();
  return useToastedMutation({
    run: (receipt: Receipt) => request(REMOVE_RECEIPTS_MUTATION, { ids: [receipt.id] }),
    success: (_ids, receipt) => t("expenses.receipts.removed", { name: receipt.file_name }),
    failure: ({ reason }) => t("expenses.receipts.errors.remove", { reason }),
    refetch: [[LEDGER_QUERY_ROOT]],
  });
};

/** Bulk set category or tax category on the picked rows (all or none): the count in a toast, then a refetch. */
export const useBulkSet = (kind: "category" | "taxCategory") => {
  const { t } = useTranslation();
  return useToastedMutation({
    run: async ({ ids, value }: { ids: string[]; value: string | null }) =>
      kind === "category"
        ? (await request(BULK_SET_CATEGORY_MUTATION, { transaction_ids: ids, category_id: value ?? "" }))
            .bulk_set_transaction_category.updated
        : (await request(BULK_SET_TAX_CATEGORY_MUTATION, { transaction_ids: ids, tax_category_id: value }))
            .bulk_set_transaction_tax_category.updated,
    success: (count) => t(`expenses.bulk.saved.${kind}`, { count }),
    failure: ({ reason }) => t(`expenses.bulk.errors.${kind}`, { reason }),
    refetch: [[LEDGER_QUERY_ROOT]],
  });
};
