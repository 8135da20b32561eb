import nodemailer from "nodemailer";
import type { Config } from "../config.ts";

export type MailMessage = { to: string; subject: string; text: string };

/** The one thing the outbox needs from SMTP; tests give a fake one. */
export type MailTransport = { send(message: MailMessage): Promise<void> };

type SmtpConfig = NonNullable<Config["smtp"]>;

/** nodemailer over SMTP: implicit TLS on port 465, STARTTLS (required when offered) on the others. */
export const createSmtpTransport = (smtp: SmtpConfig): MailTransport => {
  const transporter = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.port === 465,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? "" } : undefined,
    // A mail server that stops answering must not hold the delivery worker: it retries later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    send: async (message) => {
      await transporter.sendMail({ from: smtp.from, ...message });
    },
  };
};
