import { currencyExponent, formatMoney, groupDigits, isCurrencyCode } from "@kort/core";

/**
 * A foreign amount as the merchant charged it, from its minor units and the exponent the card network gave:
 * `12,99 USD`, `-1.000,00 EUR`, in the form formatMoney gives known currencies. A currency core does not list
 * is still shown with its own exponent, never guessed or dropped.
 */
export const formatForeignAmount = (amount: number, currency: string, exponent: number): string => {
  if (isCurrencyCode(currency) && currencyExponent(currency) === exponent) {
    return formatMoney(amount, { locale: "is-IS", currency });
  }
  const digits = String(Math.abs(Math.trunc(amount))).padStart(exponent + 1, "0");
  const cut = digits.length - exponent;
  const whole = groupDigits(digits.slice(0, cut), ".");
  const fraction = digits.slice(cut);
  return `${amount < 0 ? "-" : ""}${whole}${fraction ? `,${fraction}` : ""} ${currency}`;
};
