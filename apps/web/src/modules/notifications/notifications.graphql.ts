import { graphql, type ResultOf } from "../../app/api/graphql.ts";

/** The bell (issue 16): the caller's notices, the unread count, mark read. */

export const NOTIFICATIONS_QUERY = graphql(`
  query Notifications($first: Int, $after: String) {
    notifications(first: $first, after: $after) {
      nodes { id kind payload read_at created_at }
      next_cursor
      unread_count
    }
  }
`);

export const UNREAD_COUNT_QUERY = graphql(`
  query UnreadNotificationCount {
    unread_notification_count
  }
`);

export const MARK_READ_MUTATION = graphql(`
  mutation MarkNotificationsRead($ids: [ID!]!) {
    mark_notifications_read(ids: $ids)
  }
`);

export const MARK_ALL_READ_MUTATION = graphql(`
  mutation MarkAllNotificationsRead {
    mark_all_notifications_read
  }
`);

export type NotificationItem = ResultOf<typeof NOTIFICATIONS_QUERY>["notifications"]["nodes"][number];
