import type { Locale } from "@kort/core";
import type { Executor } from "../../platform/db/client.ts";
import { enqueueMessage } from "../../platform/outbox/outbox.ts";

/** The referral e-mail, in the language of the request that sent it, plain text. */
const texts: Record<Locale, { subject: (company: string) => string; body: (company: string, link: string) => string }> =
  {
    "is-IS": {
      subject: (company) => `${company} býður ykkur að nota Kort`,
      body: (company, link) =>
        [
          "Góðan dag,",
          "",
          `${company} notar Kort fyrir fyrirtækjakort og útgjöld og býður ykkar fyrirtæki að slást í hópinn.`,
          "Skráið fyrirtækið með þessum tengli:",
          link,
          "",
          "Kort",
        ].join("\n"),
    },
    "en-US": {
      subject: (company) => `${company} invites you to Kort`,
      body: (company, link) =>
        [
          "Hello,",
          "",
          `${company} uses Kort for company cards and expenses and invites your company to join.`,
          "Sign your company up with this link:",
          link,
          "",
          "Kort",
        ].join("\n"),
    },
  };

export const sendReferral = (
  db: Executor,
  locale: Locale,
  mail: { to: string; company: string; link: string; projectId: string },
): Promise<void> => {
  const text = texts[locale];
  return enqueueMessage(db, {
    channel: "email",
    to: mail.to,
    subject: text.subject(mail.company),
    body: text.body(mail.company, mail.link),
    projectId: mail.projectId,
  });
};
