import type { AuditArea, SpendingDimension } from "@kort/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { request } from "../../app/api/client.ts";
import { AUDIT_LOG_QUERY, BALANCE_QUERY, SPENDING_QUERY, TREND_QUERY } from "./overview.graphql.ts";

/** The Overview's queries, under one key root so a transfer refreshes the balance and the trend together. */
export const OVERVIEW_ROOT = "overview";

export const useSpending = (by: SpendingDimension, period: string) =>
  useQuery({
    queryKey: [OVERVIEW_ROOT, "spending", by, period],
    queryFn: async ({ signal }) => (await request(SPENDING_QUERY, { by, period }, { signal })).overview_spending,
    placeholderData: keepPreviousData,
  });

export const useTrend = (period: string) =>
  useQuery({
    queryKey: [OVERVIEW_ROOT, "trend", period],
    queryFn: async ({ signal }) => (await request(TREND_QUERY, { period }, { signal })).overview_trend,
    placeholderData: keepPreviousData,
  });

export const useBalance = () =>
  useQuery({
    queryKey: [OVERVIEW_ROOT, "balance"],
    queryFn: async ({ signal }) => (await request(BALANCE_QUERY, {}, { signal })).account_balance,
  });

export type AuditFilters = {
  areas: AuditArea[];
  actorId: string | null;
  fromDate: string | null;
  toDate: string | null;
};

export const AUDIT_PAGE = 50;

/** One page of the audit log; `after` is the cursor the previous page gave. */
export const useAuditPage = (filters: AuditFilters, after: string | null) =>
  useQuery({
    queryKey: [OVERVIEW_ROOT, "audit", filters, after],
    queryFn: async ({ signal }) =>
      (
        await request(
          AUDIT_LOG_QUERY,
          {
            areas: filters.areas.length > 0 ? filters.areas : null,
            actor_id: filters.actorId,
            from_date: filters.fromDate,
            to_date: filters.toDate,
            first: AUDIT_PAGE,
            after,
          },
          { signal },
        )
      ).audit_log,
    placeholderData: keepPreviousData,
  });
