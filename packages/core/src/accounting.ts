/**
 * Accounting setup rules both sides check (spec sections 3, 5 and 9; issue 11): categories, dimensions, tax
 * categories and the plan that bounds how many dimensions a category may ask for. No Zod here (see
 * validation.ts for the schemas), so a page can show a bound without loading Zod.
 */

/** Spec 9: categories and dimension values are listed 200 to a page. */
export const ACCOUNTING_PAGE_SIZE = 200;

/**
 * A category code is the ledger account that exports post to: 1 to 20 letters, digits, `.` and `-`. It is
 * unique in its project among live categories, team categories included, and fixed once the category exists.
 */
export const CATEGORY_CODE_MAX_LENGTH = 20;
export const CATEGORY_CODE_PATTERN = /^[\p{L}0-9.-]{1,20}$/u;

export const CATEGORY_TITLE_MAX_LENGTH = 100;
export const DIMENSION_TITLE_MAX_LENGTH = 100;
export const DIMENSION_VALUE_TITLE_MAX_LENGTH = 200;
export const DIMENSION_VALUE_CODE_MAX_LENGTH = 20;
/** Spec 5 and 9: a value's chip shows at most 50 characters; the full text is on hover. */
export const DIMENSION_VALUE_CHIP_LENGTH = 50;
/** Our bound on the values one dimension may hold (they are sent whole with each change). */
export const DIMENSION_VALUES_MAX = 500;

/** Whether `code` (already trimmed) is a valid category or tax category code. */
export const isCategoryCode = (code: string): boolean => CATEGORY_CODE_PATTERN.test(code);

/** A value's chip text: cut at 50 characters with an ellipsis; the whole value goes in the hover text. */
export const valueChipText = (title: string): string =>
  title.length > DIMENSION_VALUE_CHIP_LENGTH ? `${title.slice(0, DIMENSION_VALUE_CHIP_LENGTH)}…` : title;

/**
 * The plan is a project setting (issue 11): on `basic`, the default, a category may ask for at most 3 dimensions;
 * on `pro` there is no limit (spec 5 and 9: "up to 3 dimensions in one mode and unlimited in another").
 */
export const PROJECT_PLANS = ["basic", "pro"] as const;
export type ProjectPlan = (typeof PROJECT_PLANS)[number];
export const DEFAULT_PROJECT_PLAN: ProjectPlan = "basic";

/** The most dimensions a category may ask for on `plan`; null means no limit. */
export const maxDimensionsPerCategory = (plan: ProjectPlan): number | null => (plan === "basic" ? 3 : null);

/** Whether a category may ask for `count` dimensions on `plan`. */
export const dimensionCountAllowed = (plan: ProjectPlan, count: number): boolean => {
  const max = maxDimensionsPerCategory(plan);
  return max === null || count <= max;
};

/**
 * Peppol BIS Billing 3.0 VAT category codes (UNCL5305 subset): S standard rate, Z zero rated, E exempt, AE reverse
 * charge, K intra-community supply, G export outside the EU, O outside the scope of VAT.
 */
export const PEPPOL_TAX_CODES = ["S", "Z", "E", "AE", "K", "G", "O"] as const;
export type PeppolTaxCode = (typeof PEPPOL_TAX_CODES)[number];

/**
 * A tax percentage is 0 to 100 with at most two decimals. It is stored exactly (numeric(5,2)) and handled in code as
 * whole basis points (24% = 2400, 5.5% = 550), never as a float that was computed with.
 */
export const TAX_PERCENTAGE_MAX_BASIS_POINTS = 10_000;

/**
 * The basis points of a percentage as it travels (a JSON number like 24, 5.5 or 12.25), or null when it is outside
 * 0 to 100 or has more than two decimals. The decimal text of the number is read, not the float multiplied, so
 * 0.29 gives 29 and 0.291 is refused.
 */
export const percentageToBasisPoints = (percentage: number): number | null => {
  if (!Number.isFinite(percentage) || percentage < 0 || percentage > 100) return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(percentage));
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + fraction;
};

/** The percentage a number of basis points stands for (2400 → 24, 550 → 5.5), for JSON and GraphQL. */
export const basisPointsToPercentage = (basisPoints: number): number => Number(basisPointsToDecimal(basisPoints));

/** The exact decimal text of basis points, as PostgreSQL's numeric(5,2) takes and gives it (550 → "5.50"). */
export const basisPointsToDecimal = (basisPoints: number): string => {
  const whole = Math.trunc(basisPoints / 100);
  const fraction = String(basisPoints % 100).padStart(2, "0");
  return `${whole}.${fraction}`;
};

/** Basis points from the decimal text PostgreSQL gives for numeric(5,2) ("24.00" → 2400), or null if it is not one. */
export const decimalToBasisPoints = (text: string): number | null => {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
};

/** Shows a percentage the way the language writes it: `24%`, `5,5%` in Icelandic, `5.5%` in English. */
export const formatPercentage = (basisPoints: number, locale: "is-IS" | "en-US"): string => {
  const text = String(basisPointsToPercentage(basisPoints));
  return `${locale === "is-IS" ? text.replace(".", ",") : text}%`;
};

/**
 * The tax categories every company starts with (shared/decisions.md): Icelandic VAT (VSK) 24% general and 11%
 * reduced, Peppol S, and 0%, Peppol Z.
 */
export const DEFAULT_TAX_CATEGORIES: readonly { code: string; peppol_code: PeppolTaxCode; basis_points: number }[] = [
  { code: "VSK24", peppol_code: "S", basis_points: 2400 },
  { code: "VSK11", peppol_code: "S", basis_points: 1100 },
  { code: "VSK0", peppol_code: "Z", basis_points: 0 },
];
