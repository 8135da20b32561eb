import type { CategoryGroup } from "@kort/core";
import { useQuery } from "@tanstack/react-query";
import { request } from "../../app/api/client.ts";
import { CATEGORIES_QUERY } from "./categories.graphql.ts";

/** The first page (200) of the selected project's categories, optionally of one group. */
export const useCategories = (group: CategoryGroup | null, enabled = true) =>
  useQuery({
    queryKey: ["accounting", "categories", group],
    queryFn: async ({ signal }) => (await request(CATEGORIES_QUERY, { group }, { signal })).categories.nodes,
    enabled,
  });
