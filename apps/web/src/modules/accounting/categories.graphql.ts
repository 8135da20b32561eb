import { graphql, type ResultOf } from "../../app/api/graphql.ts";

/** A page of the selected project's categories the caller may read (spec 7: limit 200, by group, search). */
export const CATEGORIES_QUERY = graphql(`
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
`);

export type Category = ResultOf<typeof CATEGORIES_QUERY>["categories"]["nodes"][number];
