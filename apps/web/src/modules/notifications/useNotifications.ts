import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { request } from "../../app/api/client.ts";
import {
  MARK_ALL_READ_MUTATION,
  MARK_READ_MUTATION,
  NOTIFICATIONS_QUERY,
  UNREAD_COUNT_QUERY,
} from "./notifications.graphql.ts";

const ROOT = "notifications";
/** The badge asks again this often: notices are written by other people's actions and by jobs. */
const COUNT_POLL_MS = 60_000;
const PAGE = 20;

export const useUnreadCount = () =>
  useQuery({
    queryKey: [ROOT, "unread"],
    queryFn: async ({ signal }) => (await request(UNREAD_COUNT_QUERY, {}, { signal })).unread_notification_count,
    refetchInterval: COUNT_POLL_MS,
  });

/** The bell's list, a page at a time by cursor, asked only while the bell is open. */
export const useNotificationList = (enabled: boolean) =>
  useInfiniteQuery({
    queryKey: [ROOT, "list"],
    queryFn: async ({ pageParam, signal }) =>
      (await request(NOTIFICATIONS_QUERY, { first: PAGE, after: pageParam }, { signal })).notifications,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled,
  });

const useRefreshing = <V>(run: (variables: V) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ROOT] }),
  });
};

export const useMarkRead = () => useRefreshing((ids: string[]) => request(MARK_READ_MUTATION, { ids }));

export const useMarkAllRead = () => useRefreshing((_: undefined) => request(MARK_ALL_READ_MUTATION, {}));
