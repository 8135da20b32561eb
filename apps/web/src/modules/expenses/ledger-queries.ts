import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { request } from "../../app/api/client.ts";
import {
  type LedgerPage,
  RULE_VIOLATION_COUNTS_QUERY,
  SELECTION_TOTALS_QUERY,
  type SelectionInput,
  TRANSACTIONS_QUERY,
} from "./expenses.graphql.ts";
import type { LedgerFilter, LedgerSort } from "./ledger-view.ts";

/** Every ledger query key starts here, so one invalidation refreshes the rows, the counts and the totals. */
export const LEDGER_QUERY_ROOT = "ledger";

/** Rows per page: a few screens of rows, so scrolling asks for the next page well before the end. */
export const LEDGER_PAGE_SIZE = 200;

/**
 * The ledger by cursor (keyset pages on the server): the first page, then the next whenever the table scrolls
 * near the end of what is loaded. While a new filter loads, the old rows stay on screen (disabled).
 */
export const useLedgerPages = (filter: LedgerFilter, sort: LedgerSort) =>
  useInfiniteQuery({
    queryKey: [LEDGER_QUERY_ROOT, "pages", filter, sort],
    queryFn: async ({ pageParam, signal }): Promise<LedgerPage> =>
      (await request(TRANSACTIONS_QUERY, { filter, sort, after: pageParam, limit: LEDGER_PAGE_SIZE }, { signal }))
        .transactions_v2,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });

/** Count and sums of the selection, from the server (spec 2). */
export const useSelectionTotals = (selection: SelectionInput | null) =>
  useQuery({
    queryKey: [LEDGER_QUERY_ROOT, "totals", selection],
    queryFn: async ({ signal }) =>
      // `enabled` keeps this from running without a selection.
      (await request(SELECTION_TOTALS_QUERY, { selection: selection ?? {} }, { signal })).selection_totals,
    enabled: selection !== null,
    placeholderData: keepPreviousData,
  });

/** How many rows of the filter (its todo rule aside) break each rule: the counts on the todo filters. */
export const useRuleViolationCounts = (filter: LedgerFilter) =>
  useQuery({
    queryKey: [LEDGER_QUERY_ROOT, "rule-counts", filter],
    queryFn: async ({ signal }) =>
      (await request(RULE_VIOLATION_COUNTS_QUERY, { filter }, { signal })).rule_violation_counts,
    placeholderData: keepPreviousData,
  });
