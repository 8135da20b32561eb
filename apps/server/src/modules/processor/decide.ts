import {
  type CardStatus,
  type DeclineCode,
  isAtmMcc,
  type LimitPeriod,
  type LimitUsageType,
  type MerchantControls,
  merchantControlDecline,
  utcDate,
} from "@kort/core";

/**
 * The authorization rules, pure: everything they read is loaded (under lock) by authorize-payment.service.ts.
 * The first rule that fails names the decline; the order is the order a cardholder can act on.
 */

export type DecisionCard = {
  status: CardStatus;
  expirationMonth: number;
  expirationYear: number;
  willCloseAt: Date | null;
};

export type DecisionLimit = {
  sumAmount: number;
  singleAmount: number;
  count: number;
  usageType: LimitUsageType;
  period: LimitPeriod;
};

/** What a limit's window already holds of the limit's usage kind: ISK and the number of purchases. */
export type LimitUsage = { sum: number; count: number };

export type TeamControl = {
  maxDaily: number | null;
  maxWeekly: number | null;
  maxMonthly: number | null;
  usedDaily: number;
  usedWeekly: number;
  usedMonthly: number;
};

/**
 * The cardholder's receipt lock (issue 19, docs/spend-rules.md): how many of their purchases lack a receipt past the
 * company's grace period, and until when an owner lifted the lock. Null when the company has no lock or the holder
 * owes no receipt.
 */
export type ReceiptLock = { missingCount: number; liftedUntil: Date | null };

export type DecisionInput = {
  now: Date;
  card: DecisionCard;
  /** What the network sent: the amount already in ISK. */
  request: { amountIsk: number; mcc: string; merchantName: string; expiryMonth: number; expiryYear: number };
  /** The card's merchant controls, or the company's default when the card has none; null: no controls. */
  merchantControls: MerchantControls | null;
  receiptLock: ReceiptLock | null;
  limits: readonly { limit: DecisionLimit; used: LimitUsage }[];
  /** The card's team's limit control; null when the card has no team. */
  team: TeamControl | null;
  /** The project's credit_limit - used - reserved. */
  availableCredit: number;
};

export type Decision = { approved: true } | { approved: false; code: DeclineCode };

const decline = (code: DeclineCode): Decision => ({ approved: false, code });

/** A card is good through the last millisecond of its expiry month. */
export const cardExpiresAt = (card: Pick<DecisionCard, "expirationMonth" | "expirationYear">): Date =>
  utcDate(card.expirationYear, card.expirationMonth, 1);

/** Whether a limit of `usageType` covers a purchase at `mcc` (ATM is MCC 6010 and 6011, RETAIL the rest). */
export const limitCovers = (usageType: LimitUsageType, mcc: string): boolean =>
  usageType === "ALL" || (usageType === "ATM") === isAtmMcc(mcc);

const cardStateDecline = (input: DecisionInput): DeclineCode | null => {
  const { card, request, now } = input;
  if (request.expiryMonth !== card.expirationMonth || request.expiryYear !== card.expirationYear) {
    return "INVALID_EXPIRY";
  }
  if (card.status === "EXPIRED") return "CARD_EXPIRED";
  if (card.status === "FROZEN") return "CARD_FROZEN";
  if (card.status !== "ACTIVE") return "CARD_NOT_ACTIVE";
  if (now.getTime() >= cardExpiresAt(card).getTime()) return "CARD_EXPIRED";
  if (card.willCloseAt && now.getTime() > card.willCloseAt.getTime()) return "CARD_CLOSING_DATE_PASSED";
  return null;
};

const cardLimitDecline = (input: DecisionInput): DeclineCode | null => {
  const { amountIsk, mcc } = input.request;
  const applicable = input.limits.filter(({ limit }) => limitCovers(limit.usageType, mcc));
  if (input.limits.length > 0 && applicable.length === 0) return "USAGE_TYPE";
  for (const { limit } of applicable) if (amountIsk > limit.singleAmount) return "SINGLE_AMOUNT";
  for (const { limit, used } of applicable) if (used.sum + amountIsk > limit.sumAmount) return "PERIOD_SUM";
  for (const { limit, used } of applicable) if (used.count + 1 > limit.count) return "PERIOD_COUNT";
  return null;
};

const over = (max: number | null, used: number, amount: number): boolean => max !== null && used + amount > max;

const teamDecline = (team: TeamControl | null, amount: number): DeclineCode | null => {
  if (!team) return null;
  const overAny =
    over(team.maxDaily, team.usedDaily, amount) ||
    over(team.maxWeekly, team.usedWeekly, amount) ||
    over(team.maxMonthly, team.usedMonthly, amount);
  return overAny ? "TEAM_LIMIT" : null;
};

/** Locked while a receipt is missing, unless an owner lifted the lock until after `now`. */
const receiptLockDecline = (lock: ReceiptLock | null, now: Date): DeclineCode | null => {
  if (!lock || lock.missingCount <= 0) return null;
  if (lock.liftedUntil && lock.liftedUntil.getTime() > now.getTime()) return null;
  return "RECEIPTS_MISSING";
};

/**
 * The rules in order: the card's own state; then where it may be used (merchant controls), since no amount makes a
 * blocked merchant allowed; then the receipt lock, which the holder lifts by sending receipts; then the amounts.
 */
export const decide = (input: DecisionInput): Decision => {
  const code =
    cardStateDecline(input) ??
    merchantControlDecline(input.merchantControls, input.request) ??
    receiptLockDecline(input.receiptLock, input.now) ??
    cardLimitDecline(input) ??
    teamDecline(input.team, input.request.amountIsk) ??
    (input.request.amountIsk > input.availableCredit ? "INSUFFICIENT_CREDIT" : null);
  return code ? decline(code) : { approved: true };
};

/**
 * What an approved purchase adds to what the next decision reads, under the same locks (a batch decides a
 * company's requests one after another in one transaction, docs/balances.md "Batches"): every limit that covers
 * its MCC gains its amount and one purchase, the team's windows its amount, and the credit loses it. It is what
 * the balance triggers post for the authorization when the batch's rows are inserted; the batch tests compare
 * the two.
 */
export const afterApproval = (
  state: Pick<DecisionInput, "limits" | "team" | "availableCredit">,
  request: { amountIsk: number; mcc: string },
): Pick<DecisionInput, "limits" | "team" | "availableCredit"> => {
  const { amountIsk, mcc } = request;
  return {
    limits: state.limits.map(({ limit, used }) =>
      limitCovers(limit.usageType, mcc)
        ? { limit, used: { sum: used.sum + amountIsk, count: used.count + 1 } }
        : { limit, used },
    ),
    team: state.team && {
      ...state.team,
      usedDaily: state.team.usedDaily + amountIsk,
      usedWeekly: state.team.usedWeekly + amountIsk,
      usedMonthly: state.team.usedMonthly + amountIsk,
    },
    availableCredit: state.availableCredit - amountIsk,
  };
};
