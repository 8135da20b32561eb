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
  });
  return {
    send: async (message) => {
      await transporter.sendMail({ from: smtp.from, ...message });
    },
  };
};
