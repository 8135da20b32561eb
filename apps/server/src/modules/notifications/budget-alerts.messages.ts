import { formatMoney, type Locale } from "@kort/core";
import type { Executor } from "../../platform/db/client.ts";
import { enqueueMessage } from "../../platform/outbox/outbox.ts";

/** The budget alert e-mail (spec: messages that leave the system), in the recipient's stored language, plain text. */
type Alert = { name: string; team: string; level: 80 | 100; spent: number; budget: number };

const texts: Record<Locale, { subject: (a: Alert) => string; body: (a: Alert, isk: (n: number) => string) => string }> =
  {
    "is-IS": {
      subject: (a) =>
        a.level === 100
          ? `Teymið ${a.team} hefur náð fjárhagsáætlun sinni`
          : `Teymið ${a.team} hefur notað 80% af fjárhagsáætlun`,
      body: (a, isk) =>
        [
          `Góðan dag ${a.name},`,
          "",
          a.level === 100
            ? `teymið ${a.team} hefur náð mánaðarlegri fjárhagsáætlun sinni: ${isk(a.spent)} af ${isk(a.budget)}.`
            : `teymið ${a.team} hefur notað 80% af mánaðarlegri fjárhagsáætlun sinni: ${isk(a.spent)} af ${isk(a.budget)}.`,
          "",
          "Kort",
        ].join("\n"),
    },
    "en-US": {
      subject: (a) =>
        a.level === 100 ? `Team ${a.team} has reached its budget` : `Team ${a.team} has used 80% of its budget`,
      body: (a, isk) =>
        [
          `Hello ${a.name},`,
          "",
          a.level === 100
            ? `team ${a.team} has reached its monthly budget: ${isk(a.spent)} of ${isk(a.budget)}.`
            : `team ${a.team} has used 80% of its monthly budget: ${isk(a.spent)} of ${isk(a.budget)}.`,
          "",
          "Kort",
        ].join("\n"),
    },
  };

export const sendBudgetAlertEmail = (
  db: Executor,
  locale: Locale,
  mail: Alert & { to: string; projectId: string },
): Promise<void> => {
  const text = texts[locale];
  return enqueueMessage(db, {
    channel: "email",
    to: mail.to,
    subject: text.subject(mail),
    body: text.body(mail, (amount) => formatMoney(amount, { locale })),
    projectId: mail.projectId,
  });
};
