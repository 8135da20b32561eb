import type { Locale } from "@kort/core";
import type { Executor } from "../../platform/db/client.ts";
import { enqueueMessage } from "../../platform/outbox/outbox.ts";

/** The verification e-mail of an alias, in the user's language, plain text. */
const texts: Record<Locale, { subject: string; body: (link: string, name: string) => string }> = {
  "is-IS": {
    subject: "Staðfestu netfangið þitt hjá Kort",
    body: (link, name) =>
      [
        `Góðan dag ${name},`,
        "",
        "þú bættir þessu netfangi við aðganginn þinn hjá Kort. Smelltu á tengilinn til að staðfesta það:",
        link,
        "",
        "Tengillinn gildir í sólarhring. Ef þú baðst ekki um þetta geturðu hunsað póstinn.",
        "",
        "Kort",
      ].join("\n"),
  },
  "en-US": {
    subject: "Confirm your e-mail address for Kort",
    body: (link, name) =>
      [
        `Hello ${name},`,
        "",
        "you added this e-mail address to your Kort account. Follow the link to confirm it:",
        link,
        "",
        "The link is valid for one day. If you did not ask for this, you can ignore this e-mail.",
        "",
        "Kort",
      ].join("\n"),
  },
};

export const sendAliasVerification = (
  db: Executor,
  locale: Locale,
  mail: { to: string; name: string; link: string },
): Promise<void> => {
  const text = texts[locale];
  return enqueueMessage(db, {
    channel: "email",
    to: mail.to,
    subject: text.subject,
    body: text.body(mail.link, mail.name),
  });
};
