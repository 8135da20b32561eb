import { type KennitalaKind, parseIcelandicMobile, parseKennitala } from "@kort/core";

/** Why a value was refused: a shared validation message, or a reason the server also gives (errorReasons.*). */
export type IdentityProblem =
  | "validation.kennitala"
  | "validation.phone"
  | "errorReasons.not_person"
  | "errorReasons.not_company"
  | "errorReasons.not_mobile";

export type IdentityCheck = { ok: true; value: string } | { ok: false; message: IdentityProblem };

const WRONG_KIND: Record<KennitalaKind, IdentityProblem> = {
  person: "errorReasons.not_person",
  company: "errorReasons.not_company",
};

/**
 * A kennitala of the kind asked for: valid by its check digit, and a person's (sign-up) or a company's
 * (day plus 40, a new company). The value is the 10 digits.
 */
export const checkKennitala = (text: string, kind: KennitalaKind): IdentityCheck => {
  const result = parseKennitala(text);
  if (!result.ok) return { ok: false, message: "validation.kennitala" };
  if (result.kind !== kind) return { ok: false, message: WRONG_KIND[kind] };
  return { ok: true, value: result.value };
};

/** An Icelandic mobile number (a landline gets no SMS code), as E.164. */
export const checkMobile = (text: string): IdentityCheck => {
  const result = parseIcelandicMobile(text);
  if (result.ok) return { ok: true, value: result.value };
  return { ok: false, message: result.reason === "not_mobile" ? "errorReasons.not_mobile" : "validation.phone" };
};
