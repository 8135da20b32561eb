/**
 * The card processor's words that clients read: why an authorization was declined, and the codes of the card
 * limit check (spec section 5). Decline codes are stored on the authorization and shown with its reason.
 */
export const DECLINE_CODES = [
  "UNKNOWN_CARD",
  "INVALID_EXPIRY",
  "CARD_NOT_ACTIVE",
  /** The holder froze the card (reversible by them): told apart so the app can say "you froze this card". */
  "CARD_FROZEN",
  "CARD_EXPIRED",
  "CARD_CLOSING_DATE_PASSED",
  "USAGE_TYPE",
  "SINGLE_AMOUNT",
  "PERIOD_SUM",
  "PERIOD_COUNT",
  "TEAM_LIMIT",
  "INSUFFICIENT_CREDIT",
  "CURRENCY_NOT_SUPPORTED",
  /** Merchant controls (issue 19, merchant-controls.ts): the MCC's group is blocked; the MCC names the group. */
  "MERCHANT_GROUP_BLOCKED",
  /** Merchant controls: the merchant is blocked by name. */
  "MERCHANT_BLOCKED",
  /** Merchant controls in ALLOW_ONLY mode: neither the MCC's group nor the merchant is allowed. */
  "MERCHANT_NOT_ALLOWED",
  /** The company's receipt lock: the holder has purchases without a receipt older than the company allows. */
  "RECEIPTS_MISSING",
] as const;
export type DeclineCode = (typeof DECLINE_CODES)[number];

/** Merchant category codes of cash withdrawals: a limit of usage type ATM covers these, RETAIL all others. */
export const ATM_MCCS: readonly string[] = ["6010", "6011"];

export const isAtmMcc = (mcc: string): boolean => ATM_MCCS.includes(mcc);

/** `card_check_limits.blocked` codes (spec section 5); CARD_LIMIT_TOO_HIGH is "card limit too high". */
export const CARD_LIMIT_BLOCK_CODES = [
  "LIMIT_BLOCKED_OVER_MAX_LIMIT",
  "LIMIT_BLOCKED_CANT_ISSUE_TO_SELF",
  "CARD_LIMIT_TOO_HIGH",
] as const;
export type CardLimitBlockCode = (typeof CARD_LIMIT_BLOCK_CODES)[number];

/** Cards the form creates carry one limit entry with this count (spec sections 3 and 9). */
export const CARD_LIMIT_COUNT = 1000;

/**
 * The bounds of a company's capture tolerance (issue 13): a percentage of the authorization and a floor in whole ISK,
 * the larger of which a clearing may exceed its authorization by before the card is locked for review.
 */
export const CAPTURE_TOLERANCE_PERCENT_MAX = 1000;
export const CAPTURE_TOLERANCE_MINIMUM_MAX = 100_000_000;
