import { formatDate, type Locale } from "@kort/core";
import type { Executor } from "../../platform/db/client.ts";
import { enqueueMessage } from "../../platform/outbox/outbox.ts";

/**
 * The texts of the SMS and e-mails of sign-in and sign-up, in the caller's language (Accept-Language,
 * Icelandic by default). Kept plain: SMS has no room, and the e-mails must read well as text.
 */

const smsCode: Record<Locale, (code: string) => string> = {
  "is-IS": (code) => `Kort: staðfestingarkóðinn þinn er ${code}`,
  "en-US": (code) => `Kort: your verification code is ${code}`,
};

/** Written on the executor of the transaction that made the code (platform/outbox). */
export const sendSmsCode = (db: Executor, locale: Locale, phone: string, code: string): Promise<void> =>
  enqueueMessage(db, { channel: "sms", to: phone, body: smsCode[locale](code) });

const emailLink: Record<Locale, { subject: string; body: (link: string) => string }> = {
  "is-IS": {
    subject: "Staðfestu netfangið þitt hjá Kort",
    body: (link) =>
      [
        "Góðan dag,",
        "",
        "smelltu á tengilinn til að staðfesta netfangið þitt og halda áfram nýskráningu hjá Kort:",
        link,
        "",
        "Tengillinn gildir í eina klukkustund. Ef þú baðst ekki um þetta geturðu hunsað póstinn.",
        "",
        "Kort",
      ].join("\n"),
  },
  "en-US": {
    subject: "Confirm your e-mail address for Kort",
    body: (link) =>
      [
        "Hello,",
        "",
        "follow the link to confirm your e-mail address and continue signing up for Kort:",
        link,
        "",
        "The link is valid for one hour. If you did not ask for this, you can ignore this e-mail.",
        "",
        "Kort",
      ].join("\n"),
  },
};

export const sendEmailLink = (db: Executor, locale: Locale, email: string, link: string): Promise<void> => {
  const text = emailLink[locale];
  return enqueueMessage(db, { channel: "email", to: email, subject: text.subject, body: text.body(link) });
};

/** Iceland keeps UTC all year: the day and the hour and minute of `at` as the person's clock shows them. */
const when = (at: Date, locale: Locale): string => {
  const time = at.toISOString().slice(11, 16);
  return locale === "is-IS" ? `${formatDate(at, locale)} kl. ${time}` : `on ${formatDate(at, locale)} at ${time}`;
};

/** What one security notice says: the change, and what follows from it. */
export type SecurityNotice = { subject: string; changed: string; consequence: string };

const noticeFrame: Record<Locale, { greeting: (name: string) => string; notYou: (support: string) => string }> = {
  "is-IS": {
    greeting: (name) => `Góðan dag ${name},`,
    notYou: (support) => `Ef þú gerðir þetta ekki sjálf(ur), hafðu strax samband við ${support}.`,
  },
  "en-US": {
    greeting: (name) => `Hello ${name},`,
    notYou: (support) => `If you did not do this yourself, contact ${support} at once.`,
  },
};

/**
 * A change to how a person signs in (passcode, phone, sign-in address), told to them by e-mail in their language,
 * with whom to contact if it was not them: a change they did not make must not go unnoticed.
 */
export const sendSecurityNotice = (
  db: Executor,
  locale: Locale,
  mail: { to: string; name: string; support: string },
  notice: SecurityNotice,
): Promise<void> => {
  const frame = noticeFrame[locale];
  const body = [
    frame.greeting(mail.name),
    "",
    notice.changed,
    notice.consequence,
    "",
    frame.notYou(mail.support),
    "",
    "Kort",
  ];
  return enqueueMessage(db, { channel: "email", to: mail.to, subject: notice.subject, body: body.join("\n") });
};

export const passcodeChangedNotice = (locale: Locale, at: Date): SecurityNotice =>
  locale === "is-IS"
    ? {
        subject: "Aðgangskóðanum þínum hjá Kort var breytt",
        changed: `aðgangskóðanum þínum hjá Kort var breytt ${when(at, locale)}.`,
        consequence:
          "Þú hefur verið skráð(ur) út í öðrum tækjum og þarft að kveikja aftur á opnun með lífkenni í símanum.",
      }
    : {
        subject: "Your Kort passcode was changed",
        changed: `your Kort passcode was changed ${when(at, locale)}.`,
        consequence:
          "You have been signed out on your other devices, and unlocking with biometrics has to be turned on again.",
      };

export const phoneChangedNotice = (locale: Locale, at: Date, phone: string): SecurityNotice =>
  locale === "is-IS"
    ? {
        subject: "Símanúmerinu þínu hjá Kort var breytt",
        changed: `símanúmerinu þínu hjá Kort var breytt í ${phone} ${when(at, locale)}.`,
        consequence: "Staðfestingarkóðar við innskráningu fara héðan í frá í það númer.",
      }
    : {
        subject: "Your Kort phone number was changed",
        changed: `your Kort phone number was changed to ${phone} ${when(at, locale)}.`,
        consequence: "Sign-in codes go to that number from now on.",
      };

export const signInAddressChangedNotice = (locale: Locale, at: Date, address: string): SecurityNotice =>
  locale === "is-IS"
    ? {
        subject: "Netfanginu sem þú skráir þig inn með hjá Kort var breytt",
        changed: `${when(at, locale)} var netfanginu sem þú skráir þig inn með hjá Kort breytt í ${address}, og póstur frá Kort fer þangað.`,
        consequence: "Þetta netfang er áfram tengt aðganginum þínum sem aukanetfang.",
      }
    : {
        subject: "The e-mail address you sign in to Kort with was changed",
        changed: `${when(at, locale)}, the address you sign in to Kort with was changed to ${address}, and Kort's e-mails go there.`,
        consequence: "This address stays connected to your account as an extra address.",
      };
