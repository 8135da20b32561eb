import { z } from "zod";
import {
  CATEGORY_CODE_MAX_LENGTH,
  CATEGORY_TITLE_MAX_LENGTH,
  DIMENSION_TITLE_MAX_LENGTH,
  DIMENSION_VALUE_CODE_MAX_LENGTH,
  DIMENSION_VALUE_TITLE_MAX_LENGTH,
  isCategoryCode,
  percentageToBasisPoints,
} from "./accounting.ts";
import { isIsoDate } from "./calendar.ts";
import { parseKennitala } from "./kennitala.ts";
import { parseAmountInput } from "./money.ts";
import { parseIcelandicMobile, parseIcelandicPhone } from "./phone.ts";
import { textProblem } from "./text.ts";
import {
  CARD_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  FULL_NAME_MAX_LENGTH,
  PASSCODE_LENGTH,
  VALIDATION_MESSAGES,
  VERIFICATION_CODE_LENGTH,
} from "./validation-rules.ts";

/**
 * Zod schemas shared by the server (to enforce) and the web forms (to show), spec section 5.
 * Issue messages are translation keys under `validation.` in the web catalogues, not prose, so the
 * same schema serves both languages. The bounds and message keys are in validation-rules.ts, which has no
 * Zod: screens that only need those (the sign-in page among them) do not download Zod with them.
 */

/**
 * A string that passes the shared text rule (text.ts), normalised to NFC. Every free-text field of the shared
 * schemas starts from this; the server applies the same rule to every string of every request as well.
 */
export const textSchema = () =>
  z
    .string()
    .refine((text) => textProblem(text) === null, VALIDATION_MESSAGES.text)
    .normalize("NFC");

/** An e-mail address, trimmed and lower-cased before it is checked. */
export const emailSchema = textSchema()
  .trim()
  .toLowerCase()
  .min(1, VALIDATION_MESSAGES.required)
  .max(EMAIL_MAX_LENGTH, VALIDATION_MESSAGES.tooLong)
  .regex(EMAIL_PATTERN, VALIDATION_MESSAGES.email);

/** Whether `text` passes the e-mail pattern once trimmed (for enabling buttons without running a schema). */
export function isValidEmail(text: string): boolean {
  return emailSchema.safeParse(text).success;
}

/** A card name: required (blank after trimming counts as empty), at most 30 characters. */
export const cardNameSchema = textSchema()
  .trim()
  .min(1, VALIDATION_MESSAGES.required)
  .max(CARD_NAME_MAX_LENGTH, VALIDATION_MESSAGES.tooLong);

/** Sign-up full name: required. */
export const fullNameSchema = textSchema()
  .trim()
  .min(1, VALIDATION_MESSAGES.required)
  .max(FULL_NAME_MAX_LENGTH, VALIDATION_MESSAGES.tooLong);

/** The SMS or e-mail verification code: exactly 6 digits. */
export const verificationCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), VALIDATION_MESSAGES.verificationCode);

/** The app passcode: exactly 4 digits. */
export const passcodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${PASSCODE_LENGTH}}$`), VALIDATION_MESSAGES.passcode);

/** A valid, non-temporary kennitala, output as its 10 digits (`010130-2989` in, `0101302989` out). */
export const kennitalaSchema = z.string().transform((text, ctx) => {
  const result = parseKennitala(text);
  if (result.ok) return result.value;
  ctx.addIssue({ code: "custom", message: VALIDATION_MESSAGES.kennitala, params: { reason: result.reason } });
  return z.NEVER;
});

/** An Icelandic phone number, output as E.164 (`612 3456` in, `+3546123456` out). */
export const icelandicPhoneSchema = z.string().transform((text, ctx) => {
  const result = parseIcelandicPhone(text);
  if (result.ok) return result.value;
  ctx.addIssue({ code: "custom", message: VALIDATION_MESSAGES.phone, params: { reason: result.reason } });
  return z.NEVER;
});

/** An Icelandic mobile number, output as E.164: a number that an SMS code can reach (a landline cannot). */
export const mobilePhoneSchema = z.string().transform((text, ctx) => {
  const result = parseIcelandicMobile(text);
  if (result.ok) return result.value;
  ctx.addIssue({ code: "custom", message: VALIDATION_MESSAGES.phone, params: { reason: result.reason } });
  return z.NEVER;
});

/** The card amount input as typed (`100.000`), output as the whole-krona amount (100000). */
export const amountInputSchema = z.string().transform((text, ctx) => {
  const result = parseAmountInput(text);
  if (result.ok) return result.value;
  ctx.addIssue({ code: "custom", message: VALIDATION_MESSAGES.amount, params: { reason: result.reason } });
  return z.NEVER;
});

/** An amount in minor units as it travels in JSON: a safe integer. */
export const moneyAmountSchema = z.int();

/** A calendar day written `YYYY-MM-DD` (billing-period bounds, will-close-at), checked to be a real date. */
export const isoDateSchema = z.string().refine(isIsoDate, VALIDATION_MESSAGES.date);

/** A category's name (spec 5): required once trimmed. */
export const categoryTitleSchema = textSchema()
  .trim()
  .min(1, VALIDATION_MESSAGES.required)
  .max(CATEGORY_TITLE_MAX_LENGTH, VALIDATION_MESSAGES.tooLong);

/** A category or tax category code: the ledger account, 1 to 20 letters, digits, `.` and `-` (accounting.ts). */
export const categoryCodeSchema = textSchema()
  .trim()
  .min(1, VALIDATION_MESSAGES.required)
  .max(CATEGORY_CODE_MAX_LENGTH, VALIDATION_MESSAGES.tooLong)
  // Empty and too long have their own messages above; one message a problem.
  .refine((code) => code === "" || code.length > CATEGORY_CODE_MAX_LENGTH || isCategoryCode(code), {
    message: VALIDATION_MESSAGES.categoryCode,
  });

/** A dimension's title (spec 5): an empty title after trimming refuses the whole change it is part of. */
export const dimensionTitleSchema = textSchema()
  .trim()
  .min(1, VALIDATION_MESSAGES.required)
  .max(DIMENSION_TITLE_MAX_LENGTH, VALIDATION_MESSAGES.tooLong);

/** A dimension value's name, trimmed (spec 5). */
export const dimensionValueTitleSchema = textSchema()
  .trim()
  .min(1, VALIDATION_MESSAGES.required)
  .max(DIMENSION_VALUE_TITLE_MAX_LENGTH, VALIDATION_MESSAGES.tooLong);

/** A dimension value's optional code; empty means none. */
export const dimensionValueCodeSchema = textSchema()
  .trim()
  .max(DIMENSION_VALUE_CODE_MAX_LENGTH, VALIDATION_MESSAGES.tooLong)
  .refine((code) => code === "" || isCategoryCode(code), VALIDATION_MESSAGES.categoryCode);

/** A tax percentage as it travels (24, 5.5), output as basis points (2400, 550): 0 to 100, two decimals at most. */
export const taxPercentageSchema = z.number().transform((value, ctx) => {
  const basisPoints = percentageToBasisPoints(value);
  if (basisPoints !== null) return basisPoints;
  ctx.addIssue({ code: "custom", message: VALIDATION_MESSAGES.percentage });
  return z.NEVER;
});
