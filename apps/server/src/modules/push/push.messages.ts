import { formatMoney, type Locale } from "@kort/core";

/**
 * What a push shows on the phone's lock screen, in the person's stored language. A push carries no secrets: the
 * merchant and the amount at most (the card's last four are not needed to recognise one's own purchase), and the
 * app path the tap opens (`url`, within /app). `tag` makes a newer push about the same thing replace the older.
 */
export type PushMessage = { title: string; body: string; url: string; tag: string };

type Purchase = { merchant: string; amount: number };

const texts: Record<
  Locale,
  {
    approved: string;
    declined: string;
    reminder: string;
    remindOne: (m: string) => string;
    remindMany: (n: number) => string;
  }
> = {
  "is-IS": {
    approved: "Greiðsla samþykkt",
    declined: "Greiðslu hafnað",
    reminder: "Áminning",
    remindOne: (merchant) => `Bættu kvittun og flokki við kaupin hjá ${merchant}.`,
    remindMany: (count) => `Bættu kvittunum og flokkum við ${count} kaup.`,
  },
  "en-US": {
    approved: "Purchase approved",
    declined: "Purchase declined",
    reminder: "Reminder",
    remindOne: (merchant) => `Add a receipt and a category to your purchase at ${merchant}.`,
    remindMany: (count) => `Add receipts and categories to ${count} purchases.`,
  },
};

const line = (purchase: Purchase, locale: Locale) =>
  `${purchase.merchant} · ${formatMoney(purchase.amount, { locale })}`;

export const decisionMessage = (
  locale: Locale,
  decision: Purchase & { approved: boolean; authorizationId: string; url: string },
): PushMessage => ({
  title: decision.approved ? texts[locale].approved : texts[locale].declined,
  body: line(decision, locale),
  url: decision.url,
  tag: `authorization:${decision.authorizationId}`,
});

export const reminderMessage = (
  locale: Locale,
  reminded: { merchants: readonly string[]; url: string; tag: string },
): PushMessage => {
  const [first] = reminded.merchants;
  return {
    title: texts[locale].reminder,
    body:
      reminded.merchants.length === 1 && first !== undefined
        ? texts[locale].remindOne(first)
        : texts[locale].remindMany(reminded.merchants.length),
    url: reminded.url,
    tag: reminded.tag,
  };
};
