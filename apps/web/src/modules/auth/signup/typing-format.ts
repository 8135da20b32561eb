import { KENNITALA_WEIGHTS } from "@kort/core";

const KENNITALA_DIGITS = KENNITALA_WEIGHTS.length + 2;
const PHONE_DIGITS = 7;

/** A kennitala as it is typed: digits only, at most 10, with the dash after the sixth (`010130-2989`). */
export const formatKennitalaTyping = (text: string): string => {
  const digits = text.replace(/\D/g, "").slice(0, KENNITALA_DIGITS);
  return digits.length > 6 ? `${digits.slice(0, 6)}-${digits.slice(6)}` : digits;
};

/**
 * An Icelandic phone number as it is typed: seven digits grouped `612 3456`. A number typed with its country
 * code (`+354`, `00354`) is left as typed; the shared formatter tidies it when the field is left.
 */
export const formatPhoneTyping = (text: string): string => {
  const trimmed = text.trimStart();
  if (trimmed.startsWith("+") || trimmed.startsWith("00")) return trimmed;
  const digits = trimmed.replace(/\D/g, "").slice(0, PHONE_DIGITS);
  return digits.length > 3 ? `${digits.slice(0, 3)} ${digits.slice(3)}` : digits;
};
