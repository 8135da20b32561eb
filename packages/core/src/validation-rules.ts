import { TEXT_MESSAGE } from "./text.ts";

/**
 * The bounds and message keys of the shared form rules (spec section 5), apart from their Zod schemas
 * (validation.ts), so the sign-in page can show them without loading Zod.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids as the server writes them: anything else in a URL, header or payload names no record. */
export const isUuid = (value: string): boolean => UUID.test(value);

export const CARD_NAME_MAX_LENGTH = 30;
export const VERIFICATION_CODE_LENGTH = 6;
export const PASSCODE_LENGTH = 4;
export const EMAIL_MAX_LENGTH = 254;
export const FULL_NAME_MAX_LENGTH = 200;

export const VALIDATION_MESSAGES = {
  required: "validation.required",
  tooLong: "validation.tooLong",
  email: "validation.email",
  verificationCode: "validation.verificationCode",
  passcode: "validation.passcode",
  kennitala: "validation.kennitala",
  phone: "validation.phone",
  amount: "validation.amount",
  date: "validation.date",
  categoryCode: "validation.categoryCode",
  percentage: "validation.percentage",
  duplicate: "validation.duplicate",
  text: TEXT_MESSAGE,
} as const;

export type ValidationMessage = (typeof VALIDATION_MESSAGES)[keyof typeof VALIDATION_MESSAGES];

export type TextLengthRule = { equals: number } | { min: number; max: number };

/**
 * The spec's length helper: valid when the length equals `equals`, or lies within `min` and `max` inclusive.
 * Length is counted in UTF-16 units, as the browser's `maxLength` and Zod's `max` count it.
 */
export function textLength(value: string, rule: TextLengthRule): boolean {
  if ("equals" in rule) return value.length === rule.equals;
  return value.length >= rule.min && value.length <= rule.max;
}

/** The spec's basic e-mail pattern: text, an at sign, text, a dot, text (no spaces, one at sign). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
