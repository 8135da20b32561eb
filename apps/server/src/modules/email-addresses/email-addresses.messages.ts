import { formatDate, type Locale } from "@kort/core";
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

const signInMoved: Record<
  Locale,
  { subject: string; body: (name: string, to: string, at: Date, support: string) => string }
> = {
  "is-IS": {
    subject: "Netfanginu sem þú skráir þig inn með hjá Kort var breytt",
    body: (name, to, at, support) =>
      [
        `Góðan dag ${name},`,
        "",
        `frá ${formatDate(at, "is-IS")} skráir þú þig inn hjá Kort með netfanginu ${to}, og póstur frá Kort fer þangað.`,
        "Þetta netfang er áfram tengt aðganginum þínum sem aukanetfang.",
        "",
        `Ef þú breyttir þessu ekki sjálf(ur), hafðu strax samband við ${support}.`,
        "",
        "Kort",
      ].join("\n"),
  },
  "en-US": {
    subject: "The e-mail address you sign in to Kort with was changed",
    body: (name, to, at, support) =>
      [
        `Hello ${name},`,
        "",
        `from ${formatDate(at, "en-US")} you sign in to Kort with ${to}, and Kort's e-mails go there.`,
        "This address stays connected to your account as an extra address.",
        "",
        `If you did not change this yourself, contact ${support} at once.`,
        "",
        "Kort",
      ].join("\n"),
  },
};

/** The notice of a new sign-in address, to the old one: whoever made the change holds the new one. */
export const sendSignInAddressMoved = (
  db: Executor,
  locale: Locale,
  mail: { to: string; name: string; newAddress: string; at: Date; support: string },
): Promise<void> => {
  const text = signInMoved[locale];
  return enqueueMessage(db, {
    channel: "email",
    to: mail.to,
    subject: text.subject,
    body: text.body(mail.name, mail.newAddress, mail.at, mail.support),
  });
};
