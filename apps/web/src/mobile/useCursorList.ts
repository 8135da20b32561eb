import { type QueryKey, useInfiniteQuery } from "@tanstack/react-query";
import { OFFLINE_FIRST } from "./offline.ts";
import { useEndOfList } from "./useEndOfList.ts";

/**
 * A list the server pages by cursor (`next_cursor`), newest first, read offline-first: the query, its rows so far,
 * and the end marker that loads the next page when it scrolls into view.
 */
export const useCursorList = <T>(
  queryKey: QueryKey,
  page: (after: string | null, signal: AbortSignal) => Promise<{ nodes: T[]; next_cursor?: string | null }>,
) => {
  const list = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => page(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    ...OFFLINE_FIRST,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const end = useEndOfList(fetchNextPage, hasNextPage && !isFetchingNextPage);
  const rows = list.data?.pages.flatMap((loaded) => loaded.nodes) ?? [];
  return { list, rows, end };
};
