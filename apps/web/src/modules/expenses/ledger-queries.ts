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

/**
 * Rows per page: the first page is a few screens (it is what the reader waits for); the next ones are larger, so
 * scrolling asks for few of them, each well before the end of what is loaded.
 */
export const LEDGER_FIRST_PAGE_SIZE = 100;
export const LEDGER_PAGE_SIZE = 250;

/**
 * The ledger by cursor (keyset pages on the server): the first page, then the next whenever the table scrolls
 * near the end of what is loaded. While a new filter loads, the old rows stay on screen (disabled).
 */
export const useLedgerPages = (filter: LedgerFilter, sort: LedgerSort) =>
  useInfiniteQuery({
    queryKey: [LEDGER_QUERY_ROOT, "pages", filter, sort],
    queryFn: async ({ pageParam, signal }): Promise<LedgerPage> =>
      (
        await request(
          TRANSACTIONS_QUERY,
          { filter, sort, after: pageParam, limit: pageParam === null ? LEDGER_FIRST_PAGE_SIZE : LEDGER_PAGE_SIZE },
          { signal },
        )
      ).transactions_v2,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
    // Pages are never edited in place, and comparing every loaded row with its last copy each time a page arrives
    // grows with the rows loaded (thousands after a long scroll): a new page is simply added.
    structuralSharing: false,
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
export const useRuleViolationCounts = (filter: LedgerFilter, enabled: boolean) =>
  useQuery({
    queryKey: [LEDGER_QUERY_ROOT, "rule-counts", filter],
    queryFn: async ({ signal }) =>
      (await request(RULE_VIOLATION_COUNTS_QUERY, { filter }, { signal })).rule_violation_counts,
    placeholderData: keepPreviousData,
    enabled,
  });
