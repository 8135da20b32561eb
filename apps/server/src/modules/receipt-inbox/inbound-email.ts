import { type AddressObject, simpleParser } from "mailparser";
import { readAmounts, readDates } from "./receipt-text.ts";

/**
 * An e-mail to a receipts address, read with mailparser: who sent it, the files it carries and what its text says
 * about the purchase (amounts, dates, the merchant). The matcher decides from that; nothing here touches the
 * database.
 */

export type EmailedFile = { fileName: string; declaredType: string; data: Buffer };

export type ReceiptEmail = {
  /** The header From address, lower case; null when the message has none. */
  from: string | null;
  subject: string;
  /** Attachments; inline images an HTML body shows (logos, signatures) are not receipts and are left out. */
  files: EmailedFile[];
  /** Subject, body text and file names: what amounts, dates and the merchant are read from. */
  text: string;
  /** The e-mail's own date, the stand-in when the text states none. */
  sentAt: Date | null;
};

/** The body text read for amounts and dates: receipts state them near the top; a long thread adds only noise. */
const TEXT_LIMIT = 20_000;
/** HTML bodies longer than this are not converted to text (mailparser's conversion grows with the input). */
const HTML_LIMIT = 1_000_000;

const firstAddress = (field: AddressObject | AddressObject[] | undefined): string | null => {
  const objects = Array.isArray(field) ? field : field ? [field] : [];
  for (const object of objects) {
    for (const entry of object.value) {
      if (entry.address) return entry.address.trim().toLowerCase();
    }
  }
  return null;
};

export const parseReceiptEmail = async (raw: Buffer): Promise<ReceiptEmail> => {
  const mail = await simpleParser(raw, { maxHtmlLengthToParse: HTML_LIMIT, skipImageLinks: true });
  const files = mail.attachments
    .filter((attachment) => !attachment.related)
    .map((attachment, index) => ({
      fileName: attachment.filename?.trim() || `kvittun-${index + 1}`,
      declaredType: attachment.contentType,
      data: attachment.content,
    }));
  const subject = mail.subject?.trim() ?? "";
  const body = (mail.text ?? "").slice(0, TEXT_LIMIT);
  return {
    from: firstAddress(mail.from),
    subject,
    files,
    text: [subject, body, ...files.map((file) => file.fileName)].join("\n"),
    sentAt: mail.date ?? null,
  };
};

/**
 * The merchant an e-mail names: the sender's display name of a forwarded message ("From: Bónus <…>", "Frá: …"),
 * else the subject without Fwd:/Fw:/Áfr: prefixes. Only ranks suggestions; never decides a match.
 */
export const merchantOf = (email: ReceiptEmail): string | null => {
  const forwarded = email.text.match(/^\s*(?:From|Frá|Sendandi)\s*:\s*"?([^"<\n]+?)"?\s*<[^>\n]+>/imu);
  const name = forwarded?.[1]?.trim();
  if (name) return name;
  const subject = email.subject.replace(/^\s*((fwd?|áfr|fs|tr)\s*:\s*)+/iu, "").trim();
  return subject === "" ? null : subject;
};

/** What the text of an e-mail says about the purchase. */
export const evidenceOf = (email: ReceiptEmail) => ({
  amounts: readAmounts(email.text),
  dates: readDates(email.text),
  merchant: merchantOf(email),
});
