import { rest } from "../../app/api/client.ts";

/** One message an adapter wrote (docs/auth.md, demo mode). */
export type OutboxMessage = {
  id: string;
  channel: string;
  to: string;
  subject: string | null;
  body: string;
  created_at: string;
};

/** `GET /v1/dev/outbox`: the newest messages first, at most 50; `to` filters by recipient. */
export const listOutbox = (to: string, signal?: AbortSignal) => {
  const query = to.trim() === "" ? "" : `?${new URLSearchParams({ to: to.trim() }).toString()}`;
  return rest<OutboxMessage[]>("GET", `/dev/outbox${query}`, undefined, {
    withProject: false,
    session: "none",
    signal,
  });
};
