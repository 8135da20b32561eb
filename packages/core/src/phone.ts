/**
 * Icelandic phone numbers: seven digits, optionally after the country code (+354, 00354 or a bare 354).
 * Numbers that start with 4 or 5 are landlines, 6, 7 and 8 are mobiles; other first digits (1xx short
 * numbers, 3xx machine numbers, 9) cannot receive a sign-up SMS and are refused. Stored as E.164, `+3546123456`.
 */

export type PhoneKind = "mobile" | "landline";

/**
 * `empty`: nothing given. `invalid_character`: something other than digits, spaces, `-`, `.`, `(`, `)` and a
 * leading `+` (`(+354)` is fine). `not_icelandic`: a country code other than 354. `length`: not seven digits.
 * `prefix`: seven digits that do not start with 4-8.
 */
export type PhoneError = "empty" | "invalid_character" | "not_icelandic" | "length" | "prefix";

export type PhoneResult =
  | { ok: true /** E.164: `+3546123456` */; value: string /** the seven digits */; national: string; kind: PhoneKind }
  | { ok: false; reason: PhoneError };

export const ICELAND_CALLING_CODE = "354";

type Parsed = { result: PhoneResult; international: boolean };

function parse(text: string): Parsed {
  const trimmed = text.trim();
  const fail = (reason: PhoneError): Parsed => ({ result: { ok: false, reason }, international: false });
  if (trimmed === "") return fail("empty");
  const compact = trimmed.replace(/[\s\-.()]/g, "");
  if (!/^\+?\d+$/.test(compact)) return fail("invalid_character");

  let national = compact;
  let international = false;
  if (compact.startsWith("+") || compact.startsWith("00")) {
    const afterPrefix = compact.startsWith("+") ? compact.slice(1) : compact.slice(2);
    if (!afterPrefix.startsWith(ICELAND_CALLING_CODE)) return fail("not_icelandic");
    national = afterPrefix.slice(ICELAND_CALLING_CODE.length);
    international = true;
  } else if (compact.length === 10 && compact.startsWith(ICELAND_CALLING_CODE)) {
    // Ten digits cannot be a national number, so a leading 354 is the country code written without the plus.
    national = compact.slice(ICELAND_CALLING_CODE.length);
    international = true;
  }

  if (national.length !== 7) return fail("length");
  const first = national.charAt(0);
  if (first < "4" || first > "8") return fail("prefix");
  const kind: PhoneKind = first >= "6" ? "mobile" : "landline";
  return { result: { ok: true, value: `+${ICELAND_CALLING_CODE}${national}`, national, kind }, international };
}

/** Reads an Icelandic phone number as typed (`612 3456`, `612-3456`, `+354 612 3456`, `00354 6123456`). */
export function parseIcelandicPhone(text: string): PhoneResult {
  return parse(text).result;
}

export type MobileResult =
  | { ok: true /** E.164 */; value: string; national: string }
  | { ok: false; reason: PhoneError | "not_mobile" };

/**
 * A number an SMS code can reach: an Icelandic mobile. A landline is `not_mobile`. The one rule behind sign-up's
 * phone, a phone change and the web forms that check them before sending.
 */
export function parseIcelandicMobile(text: string): MobileResult {
  const result = parseIcelandicPhone(text);
  if (!result.ok) return result;
  if (result.kind !== "mobile") return { ok: false, reason: "not_mobile" };
  return { ok: true, value: result.value, national: result.national };
}

export function isValidIcelandicPhone(text: string): boolean {
  return parse(text).result.ok;
}

export type PhoneStyle = "international" | "national";

/**
 * A phone number grouped for display: `+354 612 3456` (international) or `612-3456` (national).
 * Without a style, the number keeps the form it was given in: with a country code it is shown international,
 * without one national. Text that is not an Icelandic number comes back trimmed but otherwise unchanged.
 */
export function formatPhone(text: string, style?: PhoneStyle): string {
  const { result, international } = parse(text);
  if (!result.ok) return text.trim();
  const { national } = result;
  const useInternational = style === undefined ? international : style === "international";
  return useInternational
    ? `+${ICELAND_CALLING_CODE} ${national.slice(0, 3)} ${national.slice(3)}`
    : `${national.slice(0, 3)}-${national.slice(3)}`;
}
