import type { CategoryGroup } from "@kort/core";

/** A page of the selected project's categories the caller may read (spec 7: limit 200, by group, search). */
export const CATEGORIES_QUERY = /* GraphQL */ `
  query Categories($group: CategoryGroup, $search: String, $page: Int) {
    categories(group: $group, search: $search, page: $page) {
      count
      nodes {
        id
        title
        code
        group
        enabled
      }
    }
  }
`;

export type Category = { id: string; title: string; code: string; group: CategoryGroup; enabled: boolean };

export type CategoriesResult = { categories: { count: number; nodes: Category[] } };
