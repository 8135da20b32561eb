import type { Config } from "../config.ts";
import type { Executor } from "../db/client.ts";
import { outbox as outboxTable } from "../db/schema/index.ts";
import { createSmtpTransport, type MailTransport } from "./smtp.ts";

/**
 * Every message that leaves the system goes through this adapter (decisions.md, "Messages that leave the
 * system"). The default writes the outbox table, which is the delivery itself in demo mode and what
 * `GET /v1/dev/outbox` reads. With SMTP configured, e-mail is also sent over SMTP; the row stays as the record.
 */
export type Outbox = {
  sendSms(to: string, body: string): Promise<void>;
  sendEmail(to: string, subject: string, body: string): Promise<void>;
};

type Recorded = { channel: "sms" | "email"; to: string; subject: string | null; body: string; sentAt: Date | null };

const record = async (db: Executor, message: Recorded): Promise<void> => {
  await db.insert(outboxTable).values(message);
};

/** The embedded default: the outbox table is the delivery. */
export const createTableOutbox = (db: Executor): Outbox => ({
  sendSms: (to, body) => record(db, { channel: "sms", to, subject: null, body, sentAt: null }),
  sendEmail: (to, subject, body) => record(db, { channel: "email", to, subject, body, sentAt: null }),
});

/**
 * E-mail over SMTP, recorded in the outbox with `sent_at` once the server took it. A refused message
 * throws, so the caller's request fails and the person can try again rather than wait for a lost link.
 */
export const createSmtpOutbox = (db: Executor, transport: MailTransport): Outbox => ({
  sendSms: (to, body) => record(db, { channel: "sms", to, subject: null, body, sentAt: null }),
  sendEmail: async (to, subject, body) => {
    await transport.send({ to, subject, text: body });
    await record(db, { channel: "email", to, subject, body, sentAt: new Date() });
  },
});

/** The adapter the configuration asks for: SMTP when `SMTP_HOST` is set, the outbox table otherwise. */
export const createOutbox = (db: Executor, config: Pick<Config, "smtp">): Outbox =>
  config.smtp ? createSmtpOutbox(db, createSmtpTransport(config.smtp)) : createTableOutbox(db);
