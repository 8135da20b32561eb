/**
 * Merchant controls (issue 19): a card, or the company as a default for its cards, may allow only or block groups
 * of merchant category codes (MCC, ISO 18245) and named merchants. The groups are fixed here so the server's rule
 * and every client's words agree; docs/spend-rules.md lists them. The groups are disjoint (merchant-controls.test.ts
 * checks it), so a declined purchase's MCC names the one group that declined it, and the decline needs no more data
 * than the authorization already stores.
 */

export const MERCHANT_GROUP_IDS = [
  "groceries",
  "fuel",
  "travel",
  "restaurants",
  "software",
  "gambling",
  "cash",
] as const;
export type MerchantGroupId = (typeof MERCHANT_GROUP_IDS)[number];

/** An MCC range, both ends included, as four-digit strings compare. */
type MccRange = readonly [from: string, to: string];

const one = (mcc: string): MccRange => [mcc, mcc];

/**
 * Each group's MCCs. Travel includes the airline (3000-3299), car rental (3351-3441) and hotel (3501-3999) brand
 * ranges, which networks send instead of the generic codes for named chains.
 */
export const MERCHANT_GROUPS: Readonly<Record<MerchantGroupId, readonly MccRange[]>> = {
  // Grocery stores, freezer and meat lockers, meat, candy, dairy, bakeries, misc. food stores.
  groceries: ["5411", "5422", "5441", "5451", "5462", "5499"].map(one),
  // Service stations, automated fuel dispensers, fuel dealers, petroleum products.
  fuel: ["5541", "5542", "5983", "5172"].map(one),
  travel: [
    ["3000", "3299"], // airlines by name
    ["3351", "3441"], // car rental by name
    ["3501", "3999"], // hotels by name
    one("4011"), // railroads
    one("4111"), // commuter transport
    one("4112"), // passenger railways
    one("4121"), // taxis
    one("4131"), // bus lines
    one("4411"), // cruise lines
    one("4511"), // airlines
    one("4582"), // airports
    one("4722"), // travel agencies
    one("4784"), // tolls and bridge fees
    one("4789"), // transportation services
    one("7011"), // hotels and motels
    one("7012"), // timeshares
    one("7512"), // car rental
    one("7523"), // parking
  ],
  // Eating places, drinking places (bars), fast food.
  restaurants: ["5812", "5813", "5814"].map(one),
  // Software stores, digital goods (apps, media), computer programming and data processing.
  software: ["5734", "5815", "5816", "5817", "5818", "7372", "7374"].map(one),
  // Betting and casino chips, government lotteries, online gambling, horse and dog racing, government-owned lotteries.
  gambling: ["7995", "7800", "7801", "7802", "9406"].map(one),
  // ATM and manual cash, quasi-cash (currency, money orders, crypto), money transfers, stored value load.
  cash: ["6010", "6011", "6051", "4829", "6540"].map(one),
};

export const isMerchantGroupId = (value: string): value is MerchantGroupId =>
  (MERCHANT_GROUP_IDS as readonly string[]).includes(value);

const inRange = (mcc: string, [from, to]: MccRange): boolean => mcc.length === 4 && mcc >= from && mcc <= to;

/** The group an MCC belongs to, or null (most MCCs are in none). */
export const merchantGroupOf = (mcc: string): MerchantGroupId | null =>
  MERCHANT_GROUP_IDS.find((group) => MERCHANT_GROUPS[group].some((range) => inRange(mcc, range))) ?? null;

/** ALLOW_ONLY: only the listed groups and merchants; BLOCK: anything but them. */
export const MERCHANT_CONTROL_MODES = ["ALLOW_ONLY", "BLOCK"] as const;
export type MerchantControlMode = (typeof MERCHANT_CONTROL_MODES)[number];

export type MerchantControls = {
  mode: MerchantControlMode;
  groups: readonly MerchantGroupId[];
  /** Merchant names as the network sends them, matched trimmed and case-insensitively. */
  merchants: readonly string[];
};

/** At most this many named merchants per control, each at most this long. */
export const MERCHANT_NAMES_MAX = 50;
export const MERCHANT_NAME_MAX_LENGTH = 100;

/** How a merchant name is compared: trimmed, inner runs of spaces as one, lower case (locale-free). */
export const normalizeMerchantName = (name: string): string => name.trim().replace(/\s+/g, " ").toLowerCase();

/** Why merchant controls decline a purchase; the codes are decline codes (card-processor.ts). */
export type MerchantDecline = "MERCHANT_GROUP_BLOCKED" | "MERCHANT_BLOCKED" | "MERCHANT_NOT_ALLOWED";

/**
 * The rule, pure. BLOCK declines a purchase whose MCC is in a blocked group (MERCHANT_GROUP_BLOCKED, the message
 * names the group) or whose merchant is named (MERCHANT_BLOCKED). ALLOW_ONLY passes a purchase in an allowed group
 * or at a named merchant and declines the rest (MERCHANT_NOT_ALLOWED). No controls: null.
 */
export const merchantControlDecline = (
  controls: MerchantControls | null,
  purchase: { mcc: string; merchantName: string },
): MerchantDecline | null => {
  if (!controls) return null;
  const group = merchantGroupOf(purchase.mcc);
  const name = normalizeMerchantName(purchase.merchantName);
  const named = name !== "" && controls.merchants.some((merchant) => normalizeMerchantName(merchant) === name);
  const inGroup = group !== null && controls.groups.includes(group);
  if (controls.mode === "BLOCK") {
    if (inGroup) return "MERCHANT_GROUP_BLOCKED";
    return named ? "MERCHANT_BLOCKED" : null;
  }
  return inGroup || named ? null : "MERCHANT_NOT_ALLOWED";
};

/** The receipt lock's grace period, in days, when a company turns it on. */
export const RECEIPT_LOCK_DAYS_MIN = 1;
export const RECEIPT_LOCK_DAYS_MAX = 365;
/** How long an owner's lift of a receipt lock lasts. */
export const RECEIPT_LOCK_LIFT_MS = 24 * 60 * 60 * 1000;
