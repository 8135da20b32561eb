import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { Logger } from "../http/logger.ts";
import type { MailTransport } from "./smtp.ts";

/** A message is tried this many times, then left with its last error for an operator. */
export const MAX_DELIVERY_ATTEMPTS = 5;
/** Messages older than this are not sent any more: a sign-in link from yesterday only confuses. */
const STALE_AFTER = "24 hours";

type Claimed = { id: string; to: string; subject: string | null; body: string; attempts: number };

/**
 * Claims one due e-mail (the next attempt waits 30 s, 2 min, 8 min, then 32 min: SET reads the old count) in its own short statement: the attempt is counted and the next one scheduled before
 * the transport is called, so a crash mid-send retries later and two workers never take the same row.
 */
const claimOne = async (db: Db, now: Date): Promise<Claimed | null> => {
  const result = await db.execute<Claimed>(sql`
    update outbox set attempts = attempts + 1,
      next_attempt_at = ${now}::timestamptz + make_interval(secs => 30 * power(4, attempts))
    where id = (
      select id from outbox
      where sent_at is null and next_attempt_at is not null and next_attempt_at <= ${now}
        and attempts < ${MAX_DELIVERY_ATTEMPTS} and created_at > ${now}::timestamptz - ${STALE_AFTER}::interval
      order by next_attempt_at
      limit 1
      for update skip locked
    )
    returning id, "to", subject, body, attempts`);
  return result.rows[0] ?? null;
};

/** Sends what is due, one message at a time, until nothing is due or `limit` were tried. */
export const deliverDueMessages = async (
  db: Db,
  transport: MailTransport,
  now: Date,
  limit = 50,
): Promise<{ sent: number; failed: number }> => {
  let sent = 0;
  let failed = 0;
  for (let i = 0; i < limit; i++) {
    const message = await claimOne(db, now);
    if (!message) break;
    try {
      await transport.send({ to: message.to, subject: message.subject ?? "Kort", text: message.body });
      await db.execute(sql`update outbox set sent_at = now(), next_attempt_at = null where id = ${message.id}`);
      sent++;
    } catch (error) {
      // The reason without the address: transports often quote the recipient in their errors.
      const reason = (error instanceof Error ? error.message : String(error)).replaceAll(message.to, "<to>");
      await db.execute(sql`update outbox set last_error = ${reason.slice(0, 500)} where id = ${message.id}`);
      failed++;
    }
  }
  return { sent, failed };
};

export type DeliveryWorker = { stop(): Promise<void> };

/**
 * Polls for due e-mails every `intervalMs` (one pass at a time) after commit, apart from any request. Started by
 * main.ts only when SMTP is configured; without it the outbox table is the delivery.
 */
export const startOutboxDelivery = (options: {
  db: Db;
  transport: MailTransport;
  logger: Logger;
  intervalMs?: number;
  now?: () => Date;
}): DeliveryWorker => {
  const { db, transport, logger, intervalMs = 1000, now = () => new Date() } = options;
  let running: Promise<void> | undefined;
  const pass = () => {
    running ??= deliverDueMessages(db, transport, now())
      .then((result) => {
        if (result.failed > 0) logger.warn(result, "some e-mails could not be delivered; they will be retried");
      })
      .catch((error: unknown) => logger.error({ err: error }, "e-mail delivery pass failed"))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  pass();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
};
