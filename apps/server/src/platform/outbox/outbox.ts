import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { outbox as outboxTable } from "../db/schema/index.ts";

/**
 * Every message that leaves the system (decisions.md, "Messages that leave the system") is written here, on the
 * executor of the transaction that causes it: the message exists exactly when the change that caused it
 * commits, and a request never waits for a mail server or for a second database connection. The outbox table
 * is the delivery itself in the embedded default (what `GET /v1/dev/outbox` reads); with SMTP configured the
 * delivery worker (delivery.ts) sends due e-mails after commit.
 */
export type OutgoingMessage = {
  channel: "sms" | "email" | "einvoice";
  to: string;
  subject?: string | null;
  body: string;
  projectId?: string | null;
};

export type EnqueueOptions = {
  /**
   * False keeps the message in the table only, never handed to a transport: for made-up demo addresses.
   * SMS always stays in the table (there is no SMS transport yet).
   */
  deliver?: boolean;
};

export const enqueueMessage = async (
  db: Executor,
  message: OutgoingMessage,
  options: EnqueueOptions = {},
): Promise<void> => {
  const deliverable = message.channel === "email" && options.deliver !== false;
  await db.insert(outboxTable).values({
    channel: message.channel,
    to: message.to,
    subject: message.subject ?? null,
    body: message.body,
    projectId: message.projectId ?? null,
    nextAttemptAt: deliverable ? sql`now()` : null,
  });
};
