import nodemailer from "nodemailer";
import { inject } from "vitest";
import { uniquePng } from "./png.ts";

/**
 * Sends a receipt to the demo company's receipts address over the run's SMTP listener, as a person forwards one: a
 * PNG of its own (the company has not had it before) named `fileName`.
 */
export const mailReceipt = (mail: { from: string; subject: string; text: string; fileName: string }) =>
  nodemailer.createTransport({ host: "127.0.0.1", port: inject("smtpPort"), secure: false, ignoreTLS: true }).sendMail({
    from: mail.from,
    to: "demo@kvittanir.kort.is",
    subject: mail.subject,
    text: mail.text,
    attachments: [{ filename: mail.fileName, content: uniquePng() }],
  });
