import { MS_PER_DAY } from "@kort/core";
import { merchantSimilarity } from "./merchant-name.ts";

/**
 * Which card transaction an e-mailed receipt belongs to. Hard gates first, never a model: Kort issued the card,
 * so it knows each purchase's exact amount, time and cardholder. A receipt is attached by itself only when exactly
 * one of the sender's purchases has the exact amount (in ISK or in the currency charged) and a date within 3 days;
 * anything less sure becomes ranked suggestions for a person to confirm, or waits unmatched.
 */

/** An amount read from a receipt: whole kronur for ISK, minor units for other currencies (USD 12.99 = 1299). */
export type ReadAmount = { amount: number; currency: string };

export type ReceiptEvidence = {
  /** The Kort user who sent the e-mail (checked before matching: an unknown sender's mail is never stored). */
  senderUserId: string;
  receivedAt: Date;
  amounts: readonly ReadAmount[];
  /** Purchase dates read from the receipt; none means the e-mail's own date stands in. */
  dates: readonly Date[];
  merchant: string | null;
  /** The card's last four digits as the receipt prints them (read from its picture): a purchase on another card is out. */
  lastFour?: string | null;
};

export type Candidate = {
  id: string;
  userId: string;
  merchant: string;
  date: Date;
  amountIsk: number;
  originalAmount: number;
  originalCurrency: string;
  hasReceipt: boolean;
  /** The last four digits of the card it was made with. */
  lastFour?: string | null;
};

export type Suggestion = { transactionId: string; score: number };

export type MatchDecision =
  /** `amount` and `date` are what the receipt states that passed the gates: the reason shown beside it. */
  | { kind: "auto"; transactionId: string; amount: ReadAmount; date: Date }
  | { kind: "suggest"; suggestions: Suggestion[] }
  | { kind: "none" };

/** How far a receipt's date may be from the purchase for a match without a person. */
export const AUTO_MATCH_DAYS = 3;
/** Beyond this, a purchase is not suggested at all. */
const SUGGEST_DAYS = 30;
const SUGGEST_LIMIT = 3;
const SUGGEST_MIN_SCORE = 0.45;

const dayOf = (date: Date): number => Math.floor(date.getTime() / MS_PER_DAY);

/** Whole calendar days (UTC, Iceland's time) between two moments: a receipt's day and a purchase's time. */
const dayDistance = (a: Date, b: Date): number => Math.abs(dayOf(a) - dayOf(b));

/** The amount of the receipt that is exactly the purchase's, in ISK or in the currency the merchant charged. */
const exactAmount = (evidence: ReceiptEvidence, candidate: Candidate): ReadAmount | undefined =>
  evidence.amounts.find(
    (read) =>
      (read.currency === "ISK" && read.amount === candidate.amountIsk) ||
      (read.currency === candidate.originalCurrency && read.amount === candidate.originalAmount),
  );

/** The receipt's date nearest the purchase, and how many days apart they are. */
const nearestDate = (evidence: ReceiptEvidence, candidate: Candidate): { date: Date; days: number } => {
  const dates = evidence.dates.length > 0 ? evidence.dates : [evidence.receivedAt];
  let best = { date: dates[0] ?? evidence.receivedAt, days: Number.POSITIVE_INFINITY };
  for (const date of dates) {
    const days = dayDistance(date, candidate.date);
    if (days < best.days) best = { date, days };
  }
  return best;
};

const score = (evidence: ReceiptEvidence, candidate: Candidate): number => {
  const matched = exactAmount(evidence, candidate);
  // The total is the largest amount on a receipt: a match on it beats one on a VAT line.
  const largest = Math.max(
    ...evidence.amounts.filter((read) => read.currency === matched?.currency).map((read) => read.amount),
  );
  const amount = matched ? 0.5 + (matched.amount === largest ? 0.05 : 0) : 0;
  const { days } = nearestDate(evidence, candidate);
  const date = 0.3 * Math.max(0, 1 - days / 14);
  const merchant = evidence.merchant ? 0.25 * merchantSimilarity(evidence.merchant, candidate.merchant) : 0;
  const taken = candidate.hasReceipt ? -0.1 : 0;
  return Math.round((amount + date + merchant + taken) * 1000) / 1000;
};

/**
 * Decides for one receipt among the sender's candidate purchases. `rejected` holds the transactions a person has
 * already said this receipt does not belong to: they are never attached or suggested again.
 */
export const matchReceipt = (
  evidence: ReceiptEvidence,
  candidates: readonly Candidate[],
  rejected: ReadonlySet<string> = new Set(),
): MatchDecision => {
  // A receipt that prints the card's last four digits cannot belong to a purchase on another card.
  const otherCard = (candidate: Candidate) =>
    Boolean(evidence.lastFour && candidate.lastFour && candidate.lastFour !== evidence.lastFour);
  const open = candidates.filter((candidate) => !rejected.has(candidate.id) && !otherCard(candidate));
  const gated = open.filter((candidate) => {
    if (candidate.userId !== evidence.senderUserId) return false;
    if (!exactAmount(evidence, candidate)) return false;
    return nearestDate(evidence, candidate).days <= AUTO_MATCH_DAYS;
  });
  const [only] = gated;
  if (only && gated.length === 1) {
    const amount = exactAmount(evidence, only);
    if (amount) return { kind: "auto", transactionId: only.id, amount, date: nearestDate(evidence, only).date };
  }
  const suggestions = open
    .filter((candidate) => nearestDate(evidence, candidate).days <= SUGGEST_DAYS)
    .map((candidate) => ({ transactionId: candidate.id, score: score(evidence, candidate) }))
    .filter((suggestion) => suggestion.score >= SUGGEST_MIN_SCORE)
    .sort((a, b) => b.score - a.score || a.transactionId.localeCompare(b.transactionId))
    .slice(0, SUGGEST_LIMIT);
  return suggestions.length > 0 ? { kind: "suggest", suggestions } : { kind: "none" };
};
