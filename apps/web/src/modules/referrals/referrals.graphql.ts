import { graphql } from "../../app/api/graphql.ts";

/** The companies this company invited to Kort, and who joined (issue 16); sending is REST (spec 7). */
export const REFERRALS_QUERY = graphql(`
  query Referrals($first: Int, $after: String) {
    referrals(first: $first, after: $after) {
      nodes { id email created_at joined_company joined_at }
      next_cursor
    }
  }
`);
