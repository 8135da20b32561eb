import { formatDate, formatMoney, type Locale } from "@kort/core";
import type { Executor } from "../../platform/db/client.ts";
import { enqueueMessage } from "../../platform/outbox/outbox.ts";

export type ReminderLine = { merchant: string; date: Date; amount: number };

export type ReminderEmail = { to: string; name: string; lines: readonly ReminderLine[]; link: string };

const line = (locale: Locale) => (item: ReminderLine) =>
  `- ${item.merchant}, ${formatDate(item.date, locale)}, ${formatMoney(item.amount, { locale })}`;

const texts: Record<Locale, (mail: ReminderEmail) => { subject: string; body: string }> = {
  "is-IS": (mail) => ({
    subject: mail.lines.length === 1 ? "Kvittun vantar" : `Kvittanir vantar (${mail.lines.length})`,
    body: [
      `Góðan dag ${mail.name},`,
      "",
      "Bókarinn biður um kvittun fyrir þessi kortakaup:",
      ...mail.lines.map(line("is-IS")),
      "",
      "Taktu mynd af kvittuninni í Kort-appinu eða sendu hana á kvittananetfang fyrirtækisins:",
      mail.link,
      "",
      "Kort",
    ].join("\n"),
  }),
  "en-US": (mail) => ({
    subject: mail.lines.length === 1 ? "A receipt is missing" : `Receipts are missing (${mail.lines.length})`,
    body: [
      `Hello ${mail.name},`,
      "",
      "Your accountant asks for the receipt of these card purchases:",
      ...mail.lines.map(line("en-US")),
      "",
      "Take a picture of the receipt in the Kort app, or send it to your company's receipts address:",
      mail.link,
      "",
      "Kort",
    ].join("\n"),
  }),
};

/** The reminder e-mail, in the cardholder's own language, through the outbox (sent once the change commits). */
export const sendReminderEmail = (db: Executor, locale: Locale, mail: ReminderEmail): Promise<void> => {
  const { subject, body } = texts[locale](mail);
  return enqueueMessage(db, { channel: "email", to: mail.to, subject, body });
};
