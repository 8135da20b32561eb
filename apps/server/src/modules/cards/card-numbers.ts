import { randomInt } from "node:crypto";
import { luhnCheckDigit } from "@kort/core";

/**
 * Numbers of a new virtual card. The BIN is a Visa test range (4000 00), never a live issuer's: the 9 digits
 * after it are random and the 16th is the Luhn check digit.
 */
export const TEST_BIN = "400000";

/** Years from issue to expiry (decisions.md). */
export const CARD_VALIDITY_YEARS = 3;

const randomDigits = (count: number): string => Array.from({ length: count }, () => String(randomInt(0, 10))).join("");

export const generatePan = (): string => {
  const payload = TEST_BIN + randomDigits(15 - TEST_BIN.length);
  return payload + luhnCheckDigit(payload);
};

export const generateCvc = (): string => randomDigits(3);

/** The expiry month of a card issued at `now`: the same month, three years on. */
export const expiryFrom = (now: Date): { expirationMonth: number; expirationYear: number } => ({
  expirationMonth: now.getUTCMonth() + 1,
  expirationYear: now.getUTCFullYear() + CARD_VALIDITY_YEARS,
});

export const lastFour = (pan: string): string => pan.slice(-4);
