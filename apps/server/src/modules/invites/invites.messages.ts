import { formatDate, type Locale } from "@kort/core";
import type { Executor } from "../../platform/db/client.ts";
import { type EnqueueOptions, enqueueMessage } from "../../platform/outbox/outbox.ts";

export type InvitationEmail = {
  to: string;
  link: string;
  projectTitle: string;
  inviterName: string | null;
  expiresAt: Date;
};

const texts: Record<Locale, (mail: InvitationEmail) => { subject: string; body: string }> = {
  "is-IS": (mail) => ({
    subject: `Boð í ${mail.projectTitle} á Kort`,
    body: [
      "Góðan dag,",
      "",
      // The company name often ends with a period (ehf.), so it never ends the sentence.
      `${mail.inviterName ?? "Stjórnandi"} hefur boðið þér í ${mail.projectTitle} á Kort.`,
      "Smelltu á tengilinn til að þiggja boðið:",
      mail.link,
      "",
      `Boðið gildir til ${formatDate(mail.expiresAt, "is-IS")}.`,
      "",
      "Kort",
    ].join("\n"),
  }),
  "en-US": (mail) => ({
    subject: `Invitation to ${mail.projectTitle} on Kort`,
    body: [
      "Hello,",
      "",
      `${mail.inviterName ?? "An administrator"} has invited you to ${mail.projectTitle} on Kort.`,
      "Follow the link to accept the invitation:",
      mail.link,
      "",
      `The invitation is valid until ${formatDate(mail.expiresAt, "en-US")}.`,
      "",
      "Kort",
    ].join("\n"),
  }),
};

/** The invitation e-mail, in the inviter's language. */
export const sendInvitationEmail = (
  db: Executor,
  locale: Locale,
  mail: InvitationEmail,
  options?: EnqueueOptions,
): Promise<void> => {
  const { subject, body } = texts[locale](mail);
  return enqueueMessage(db, { channel: "email", to: mail.to, subject, body }, options);
};
