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

/** Iceland keeps UTC all year: the hour and minute of `at` as the person's clock shows them. */
const clockTime = (at: Date): string => at.toISOString().slice(11, 16);

const passcodeChanged: Record<Locale, { subject: string; body: (name: string, at: Date, support: string) => string }> =
  {
    "is-IS": {
      subject: "Aðgangskóðanum þínum hjá Kort var breytt",
      body: (name, at, support) =>
        [
          `Góðan dag ${name},`,
          "",
          `aðgangskóðanum þínum hjá Kort var breytt ${formatDate(at, "is-IS")} kl. ${clockTime(at)}.`,
          "Þú hefur verið skráð(ur) út í öðrum tækjum og þarft að kveikja aftur á opnun með lífkenni í símanum.",
          "",
          `Ef þú breyttir honum ekki sjálf(ur), hafðu strax samband við ${support}.`,
          "",
          "Kort",
        ].join("\n"),
    },
    "en-US": {
      subject: "Your Kort passcode was changed",
      body: (name, at, support) =>
        [
          `Hello ${name},`,
          "",
          `your Kort passcode was changed on ${formatDate(at, "en-US")} at ${clockTime(at)}.`,
          "You have been signed out on your other devices, and unlocking with biometrics has to be turned on again.",
          "",
          `If you did not change it yourself, contact ${support} at once.`,
          "",
          "Kort",
        ].join("\n"),
    },
  };

/** The security notice of a passcode change, to the sign-in address, in the person's own language. */
export const sendPasscodeChanged = (
  db: Executor,
  locale: Locale,
  mail: { to: string; name: string; at: Date; support: string },
): Promise<void> => {
  const text = passcodeChanged[locale];
  return enqueueMessage(db, {
    channel: "email",
    to: mail.to,
    subject: text.subject,
    body: text.body(mail.name, mail.at, mail.support),
  });
};

const phoneChanged: Record<
  Locale,
  { subject: string; body: (name: string, at: Date, phone: string, support: string) => string }
> = {
  "is-IS": {
    subject: "Símanúmerinu þínu hjá Kort var breytt",
    body: (name, at, phone, support) =>
      [
        `Góðan dag ${name},`,
        "",
        `símanúmerinu þínu hjá Kort var breytt í ${phone} ${formatDate(at, "is-IS")} kl. ${clockTime(at)}.`,
        "Staðfestingarkóðar við innskráningu fara héðan í frá í það númer.",
        "",
        `Ef þú breyttir því ekki sjálf(ur), hafðu strax samband við ${support}.`,
        "",
        "Kort",
      ].join("\n"),
  },
  "en-US": {
    subject: "Your Kort phone number was changed",
    body: (name, at, phone, support) =>
      [
        `Hello ${name},`,
        "",
        `your Kort phone number was changed to ${phone} on ${formatDate(at, "en-US")} at ${clockTime(at)}.`,
        "Sign-in codes go to that number from now on.",
        "",
        `If you did not change it yourself, contact ${support} at once.`,
        "",
        "Kort",
      ].join("\n"),
  },
};

/** The notice of a phone change, to the sign-in address (not the new phone, which whoever changed it holds). */
export const sendPhoneChanged = (
  db: Executor,
  locale: Locale,
  mail: { to: string; name: string; at: Date; phone: string; support: string },
): Promise<void> => {
  const text = phoneChanged[locale];
  return enqueueMessage(db, {
    channel: "email",
    to: mail.to,
    subject: text.subject,
    body: text.body(mail.name, mail.at, mail.phone, mail.support),
  });
};
