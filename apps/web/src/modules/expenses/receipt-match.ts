import { currencyExponent, formatDate, formatMoney, isCurrencyCode, type Locale, parseIsoDate } from "@kort/core";
import { formatForeignAmount } from "./ledger-money.ts";

/**
 * Why an e-mailed receipt was attached without a person (issue 12), in the reader's words: the amount as money
 * (`4.590 kr.`; whole krónur for ISK, minor units otherwise) and the receipt's date (`21.11.2026`).
 */
export const matchReason = (
  match: { amount: number; currency: string; date: string },
  locale: Locale,
): { amount: string; date: string } => {
  const amount =
    match.currency === "ISK"
      ? formatMoney(match.amount, { locale, currency: "ISK" })
      : formatForeignAmount(
          match.amount,
          match.currency,
          isCurrencyCode(match.currency) ? currencyExponent(match.currency) : 2,
        );
  const day = parseIsoDate(match.date);
  return { amount, date: day ? formatDate(day, locale) : match.date };
};
