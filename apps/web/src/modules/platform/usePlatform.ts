import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { request } from "../../app/api/client.ts";
import type { TadaDocumentNode } from "../../app/api/graphql.ts";
import { useToastedMutation } from "../../app/api/toasted-mutation.ts";
import { LOCKED_USERS_QUERY, PENDING_COMPANIES_QUERY } from "./platform.graphql.ts";

/** Every console query key starts here, so one invalidation after a decision refreshes the page. */
export const PLATFORM_QUERY_ROOT = ["platform"] as const;

/** Companies per page of the waiting list; the server reads it by keyset, so "more" never repeats a company. */
export const PENDING_PAGE_SIZE = 25;

export const usePendingCompanies = () =>
  useInfiniteQuery({
    queryKey: [...PLATFORM_QUERY_ROOT, "pending"],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) =>
      (await request(PENDING_COMPANIES_QUERY, { after: pageParam, limit: PENDING_PAGE_SIZE }, { signal }))
        .pending_companies,
    getNextPageParam: (page) => page.next_cursor,
  });

export const useLockedUsers = (email: string) =>
  useQuery({
    queryKey: [...PLATFORM_QUERY_ROOT, "locked", email],
    queryFn: async ({ signal }) =>
      (await request(LOCKED_USERS_QUERY, { email: email || null }, { signal })).locked_users,
    placeholderData: (previous) => previous,
  });

export type PlatformFailure = "approve" | "reject" | "reapprove";

const FAILURE_KEYS = {
  approve: "platform.errors.approve",
  reject: "platform.errors.reject",
  reapprove: "platform.errors.reapprove",
} as const;

/**
 * A console mutation with toasts in the spec's manner (what failed, then the reason after a colon); the console's
 * lists are refetched after every success, and after a CONFLICT too (someone else decided first).
 */
export const usePlatformMutation = <Result, Variables>(
  document: TadaDocumentNode<Result, Variables>,
  failure: PlatformFailure,
  successMessage: (variables: Variables, result: Result) => string,
) => {
  const { t } = useTranslation();
  return useToastedMutation({
    run: (variables: Variables) => request(document, variables),
    success: (result, variables) => successMessage(variables, result),
    failure: ({ reason }) => t(FAILURE_KEYS[failure], { reason }),
    refetch: [PLATFORM_QUERY_ROOT],
    refetchAfter: ["CONFLICT"],
  });
};
