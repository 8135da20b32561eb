import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { outbox } from "../db/schema/index.ts";

export type OutboxMessage = {
  id: string;
  channel: "sms" | "email" | "einvoice";
  to: string;
  subject: string | null;
  body: string;
  createdAt: Date;
};

/** The newest messages first, optionally only those to one address (served by outbox_to_created_idx). */
export const listOutbox = (db: Db, options: { to?: string; limit: number }): Promise<OutboxMessage[]> =>
  db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      to: outbox.to,
      subject: outbox.subject,
      body: outbox.body,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(options.to === undefined ? undefined : eq(outbox.to, options.to))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(options.limit);
