import { graphql, type ResultOf } from "../../app/api/graphql.ts";

/** Announcements (issue 16): those the caller has not acknowledged, and acknowledging one. */

export const OPEN_ANNOUNCEMENTS_QUERY = graphql(`
  query OpenAnnouncements {
    announcements(first: 5, unacknowledged_only: true) {
      nodes { id title body url published_at }
      next_cursor
    }
  }
`);

export const ACKNOWLEDGE_ANNOUNCEMENT_MUTATION = graphql(`
  mutation AcknowledgeAnnouncement($id: ID!) {
    acknowledge_announcement(id: $id)
  }
`);

export type OpenAnnouncement = ResultOf<typeof OPEN_ANNOUNCEMENTS_QUERY>["announcements"]["nodes"][number];

export const PUBLISH_ANNOUNCEMENT_MUTATION = graphql(`
  mutation PublishAnnouncement($input: PublishAnnouncementInput!) {
    publish_announcement(input: $input) { id title }
  }
`);
