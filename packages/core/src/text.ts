/**
 * The one rule every string from outside passes (forms, GraphQL, REST): no control characters but tab, line
 * feed and carriage return, no unpaired UTF-16 surrogates, and Unicode NFC, so "á" typed as a + combining
 * accent and "á" as one letter are the same name. PostgreSQL refuses a NUL byte and cannot store half a
 * surrogate pair: caught here they are the sender's 422, not the server's 500.
 */

/** C0 controls except \t \n \r, DEL, and the C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type TextProblem = "control_character" | "unpaired_surrogate";

/** Why the text may not be stored, or null when it may. */
export const textProblem = (text: string): TextProblem | null => {
  if (CONTROL.test(text)) return "control_character";
  if (LONE_SURROGATE.test(text)) return "unpaired_surrogate";
  return null;
};

/** The stored form of an accepted text. */
export const normalizeText = (text: string): string => text.normalize("NFC");

/** The translation key of a refused text (validation.text in both catalogues). */
export const TEXT_MESSAGE = "validation.text";
