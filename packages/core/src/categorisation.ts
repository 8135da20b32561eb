/**
 * Automatic categorisation (issue 19): a company's rules that fill a settling transaction's category, tax category
 * and dimension values, keyed by the merchant's normalised name or by its MCC. What both sides need: the key a
 * merchant name reduces to, the choice between matching rules, and the defaults a new company starts with.
 */

export const RULE_MATCH_KINDS = ["MERCHANT", "MCC"] as const;
export type RuleMatchKind = (typeof RULE_MATCH_KINDS)[number];

/** DEFAULT: made at sign-up; ACCEPTED: from a proposal the accountant accepted; MANUAL: written by a person. */
export const RULE_SOURCES = ["DEFAULT", "ACCEPTED", "MANUAL"] as const;
export type RuleSource = (typeof RULE_SOURCES)[number];

export const PROPOSAL_STATUSES = ["PROPOSED", "ACCEPTED", "DISMISSED"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** How many transactions of one merchant categorised the same way make Kort propose a rule. */
export const PROPOSAL_THRESHOLD = 3;

/** A rule's name as people write it: what the panel shows after "Categorised by rule". */
export const RULE_NAME_MAX = 100;
/** Longest merchant key kept: card networks send at most 25 (ISO 8583) to about 40 characters. */
export const MERCHANT_KEY_MAX = 100;

/**
 * Payment facilitators that put their own name before the merchant's ("SQ *KAFFITÁR", "SUMUP *BAKARÍ"): the
 * same café paid through two terminals is still one merchant.
 */
const FACILITATOR_PREFIX = /^(sq|sumup|zettle|izettle|paypal|pp|sp|tst)\s*\*\s*/u;

/**
 * The key a merchant name is matched by: lower case (Icelandic letters kept, so "Ólís" and "OLIS" stay apart:
 * folding accents would merge different words), a payment facilitator's prefix removed, punctuation as spaces,
 * words of digits only (store and terminal numbers: "BÓNUS 123") dropped, single spaces. "N1 Ártúnshöfða" and
 * "N1 ÁRTÚNSHÖFÐA 0412" are one merchant; "N1" alone stays "n1" since it is not all digits. Empty when nothing
 * is left (a name of digits only), and then no merchant rule can match it.
 */
export const merchantKey = (name: string): string => {
  const lowered = name.normalize("NFC").toLowerCase().trim().replace(FACILITATOR_PREFIX, "");
  return lowered
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "" && !/^\p{N}+$/u.test(word))
    .join(" ")
    .slice(0, MERCHANT_KEY_MAX)
    .trim();
};

/** A merchant category code: four digits (ISO 18245). */
export const isMcc = (value: string): boolean => /^\d{4}$/.test(value);

/**
 * A rule's pattern as stored: a merchant rule's key (what `merchantKey` makes of the text given), an MCC rule's
 * four digits. Undefined when nothing usable is left: the caller refuses it.
 */
export const rulePattern = (kind: RuleMatchKind, text: string): string | undefined => {
  if (kind === "MCC") return isMcc(text.trim()) ? text.trim() : undefined;
  const key = merchantKey(text);
  return key === "" ? undefined : key;
};

export type MatchableRule = { id: string; match_kind: RuleMatchKind; pattern: string; created_at: Date };

/**
 * The rule that categorises a transaction: a merchant rule beats an MCC rule (it says more about the purchase);
 * of two of one kind (possible only through a rule's pattern edited to another's), the newest, then the lowest
 * id, so the choice never depends on the order rows come in. The server's statement orders the same way.
 */
export const pickRule = <R extends MatchableRule>(
  rules: readonly R[],
  transaction: { merchant_name: string; mcc: string | null },
): R | undefined => {
  const key = merchantKey(transaction.merchant_name);
  const matches = rules.filter((rule) =>
    rule.match_kind === "MERCHANT" ? key !== "" && rule.pattern === key : rule.pattern === transaction.mcc,
  );
  return matches.sort((a, b) => {
    const kind = Number(b.match_kind === "MERCHANT") - Number(a.match_kind === "MERCHANT");
    if (kind !== 0) return kind;
    const age = b.created_at.getTime() - a.created_at.getTime();
    return age !== 0 ? age : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  })[0];
};

/** Which VAT a default rule asks for: the standard 24%, the reduced 11%, or exempt (passenger transport). */
export type DefaultVat = "STANDARD" | "REDUCED" | "EXEMPT";

/** The starter categories a new company gets for its default rules (titles are data, in Icelandic). */
export const DEFAULT_RULE_CATEGORIES = [
  { key: "fuel", title: "Eldsneyti", code: "4510", vat: "STANDARD" },
  { key: "food", title: "Matur og veitingar", code: "4520", vat: "REDUCED" },
  { key: "travel", title: "Ferðir og gisting", code: "4530", vat: null },
] as const satisfies readonly { key: string; title: string; code: string; vat: DefaultVat | null }[];

export type DefaultRuleCategory = (typeof DEFAULT_RULE_CATEGORIES)[number]["key"];

/**
 * The MCC rules a new company starts with, with the Icelandic VAT that usually applies (lög nr. 50/1988): fuel at
 * 24%; food, restaurants and hotel accommodation at 11%; passenger transport (airlines, taxis, buses) is exempt,
 * so its rule sets no rate unless the company keeps an exempt (Peppol E) tax category.
 */
export const DEFAULT_MCC_RULES: readonly {
  mcc: string;
  name: string;
  category: DefaultRuleCategory;
  vat: DefaultVat;
}[] = [
  { mcc: "5541", name: "Eldsneyti: bensínstöðvar (MCC 5541)", category: "fuel", vat: "STANDARD" },
  { mcc: "5542", name: "Eldsneyti: sjálfsafgreiðsla (MCC 5542)", category: "fuel", vat: "STANDARD" },
  { mcc: "5983", name: "Eldsneyti: söluaðilar (MCC 5983)", category: "fuel", vat: "STANDARD" },
  { mcc: "5411", name: "Matvöruverslanir (MCC 5411)", category: "food", vat: "REDUCED" },
  { mcc: "5812", name: "Veitingastaðir (MCC 5812)", category: "food", vat: "REDUCED" },
  { mcc: "5813", name: "Barir (MCC 5813)", category: "food", vat: "REDUCED" },
  { mcc: "5814", name: "Skyndibiti (MCC 5814)", category: "food", vat: "REDUCED" },
  { mcc: "4511", name: "Flugfélög (MCC 4511)", category: "travel", vat: "EXEMPT" },
  { mcc: "7011", name: "Hótel og gisting (MCC 7011)", category: "travel", vat: "REDUCED" },
  { mcc: "4121", name: "Leigubílar (MCC 4121)", category: "travel", vat: "EXEMPT" },
  { mcc: "4111", name: "Almenningssamgöngur (MCC 4111)", category: "travel", vat: "EXEMPT" },
];

/** The tax category a default VAT maps to, by the company's own tax categories (as percentage in basis points). */
export const taxCategoryForVat = <T extends { basis_points: number; peppol_code: string }>(
  vat: DefaultVat,
  taxCategories: readonly T[],
): T | undefined => {
  if (vat === "EXEMPT") return taxCategories.find((tax) => tax.peppol_code === "E" && tax.basis_points === 0);
  const wanted = vat === "STANDARD" ? 2400 : 1100;
  return taxCategories.find((tax) => tax.peppol_code === "S" && tax.basis_points === wanted);
};
