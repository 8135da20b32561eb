import {
  type CardStatus,
  type CardType,
  DECLINE_CODES,
  type DeclineCode,
  type LimitPeriod,
  merchantGroupOf,
} from "@kort/core";
import type { TFunction } from "i18next";
import { BLOCKED_GROUP_KEYS } from "../spend-rules/merchant-labels.ts";

/** Translation keys of the card words (spec 3), literal so the catalogue test sees each one. */
export const CARD_TYPE_KEYS = {
  BUSINESS_EXPENSE: "cards.type.BUSINESS_EXPENSE",
  EMPLOYEE_EXPENSE: "cards.type.EMPLOYEE_EXPENSE",
} as const satisfies Record<CardType, string>;

export const CARD_TYPE_HINT_KEYS = {
  BUSINESS_EXPENSE: "cards.typeHint.BUSINESS_EXPENSE",
  EMPLOYEE_EXPENSE: "cards.typeHint.EMPLOYEE_EXPENSE",
} as const satisfies Record<CardType, string>;

export const CARD_STATUS_KEYS = {
  ACTIVE: "cards.status.ACTIVE",
  CLOSED: "cards.status.CLOSED",
  CREATED: "cards.status.CREATED",
  EXPIRED: "cards.status.EXPIRED",
  FROZEN: "cards.status.FROZEN",
  LOCKED: "cards.status.LOCKED",
  REJECTED: "cards.status.REJECTED",
} as const satisfies Record<CardStatus, string>;

export const LIMIT_PERIOD_KEYS = {
  DAILY: "cards.period.DAILY",
  WEEKLY: "cards.period.WEEKLY",
  MONTHLY: "cards.period.MONTHLY",
  YEARLY: "cards.period.YEARLY",
  NON_RECURRING: "cards.period.NON_RECURRING",
  SLIDING_24H: "cards.period.SLIDING_24H",
} as const satisfies Record<LimitPeriod, string>;

export const DECLINE_KEYS = {
  CARD_NOT_ACTIVE: "cards.decline.CARD_NOT_ACTIVE",
  CARD_FROZEN: "cards.decline.CARD_FROZEN",
  CARD_EXPIRED: "cards.decline.CARD_EXPIRED",
  CARD_CLOSING_DATE_PASSED: "cards.decline.CARD_CLOSING_DATE_PASSED",
  USAGE_TYPE: "cards.decline.USAGE_TYPE",
  SINGLE_AMOUNT: "cards.decline.SINGLE_AMOUNT",
  PERIOD_SUM: "cards.decline.PERIOD_SUM",
  PERIOD_COUNT: "cards.decline.PERIOD_COUNT",
  TEAM_LIMIT: "cards.decline.TEAM_LIMIT",
  INSUFFICIENT_CREDIT: "cards.decline.INSUFFICIENT_CREDIT",
  CURRENCY_NOT_SUPPORTED: "cards.decline.CURRENCY_NOT_SUPPORTED",
  INVALID_EXPIRY: "cards.decline.INVALID_EXPIRY",
  UNKNOWN_CARD: "cards.decline.UNKNOWN_CARD",
  MERCHANT_GROUP_BLOCKED: "cards.decline.MERCHANT_GROUP_BLOCKED",
  MERCHANT_BLOCKED: "cards.decline.MERCHANT_BLOCKED",
  MERCHANT_NOT_ALLOWED: "cards.decline.MERCHANT_NOT_ALLOWED",
  RECEIPTS_MISSING: "cards.decline.RECEIPTS_MISSING",
} as const satisfies Record<DeclineCode, string>;

/** A decline code's translation key; codes this version does not know read as "declined". */
const isDeclineCode = (code: string): code is DeclineCode => DECLINE_CODES.some((known) => known === code);

export const declineKey = (code: string) => (isDeclineCode(code) ? DECLINE_KEYS[code] : "cards.decline.other");

/**
 * A decline's reason in words. A merchant-group decline names its group from the purchase's MCC (the groups are
 * disjoint, so the MCC names the one that declined it); a blocked merchant names the merchant. Every other code
 * reads as `otherwise` says (the dashboard's short words by default, or the app's sentences).
 */
export const declineText = (
  t: TFunction,
  decline: { code: string | null; mcc?: string | null; merchant?: string | null },
  otherwise: () => string = () => t(declineKey(decline.code ?? "other")),
): string => {
  const group = decline.mcc ? merchantGroupOf(decline.mcc) : null;
  if (decline.code === "MERCHANT_GROUP_BLOCKED" && group) return t(BLOCKED_GROUP_KEYS[group]);
  if (decline.code === "MERCHANT_BLOCKED" && decline.merchant) {
    return t("spendRules.blockedMerchant", { merchant: decline.merchant });
  }
  return otherwise();
};
