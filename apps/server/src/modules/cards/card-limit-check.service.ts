import type { CardLimitBlockCode } from "@kort/core";
import type { Executor } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { accountBalance } from "../processor/balance.service.ts";
import { limitControlOf } from "./cards.repo.ts";

export type CardLimitCheckInput = {
  projectId: string;
  /** Who issues the card or sets its limits. */
  actorId: string;
  cardholderId: string;
  teamId: string | null;
  /** The limit's sum_amount in ISK. */
  amount: number;
  now: Date;
};

/** `card_check_limits` (spec section 5): what blocks the limit; warnings are none so far. */
export type CardLimitCheck = { blocked: CardLimitBlockCode[]; warnings: string[] };

/**
 * The limit check the create-card form runs (debounced) and the server runs again on create and set-limits:
 * over the actor's max_monthly_limit, issuing to themself when their limit control forbids it, and over the
 * larger of the company's credit limit and its available balance ("card limit too high").
 */
export const checkCardLimits = async (db: Executor, input: CardLimitCheckInput): Promise<CardLimitCheck> => {
  const control = await limitControlOf(db, input.projectId, input.actorId);
  const balance = await accountBalance(db, input.projectId, input.now);
  const blocked: CardLimitBlockCode[] = [];
  if (control?.maxMonthlyLimit != null && input.amount > control.maxMonthlyLimit) {
    blocked.push("LIMIT_BLOCKED_OVER_MAX_LIMIT");
  }
  if (input.actorId === input.cardholderId && control && !control.allowIssuingCardsToSelf) {
    blocked.push("LIMIT_BLOCKED_CANT_ISSUE_TO_SELF");
  }
  if (input.amount > Math.max(balance.creditLimit, balance.available)) blocked.push("CARD_LIMIT_TOO_HIGH");
  return { blocked, warnings: [] };
};

/**
 * The same check as a guard: the first blocking code becomes the error (422). `credit: false` leaves the company's
 * credit out, for a card whose limit already exists (a change of holder): only the actor's own limit control counts.
 */
export const assertCardLimitsAllowed = async (
  db: Executor,
  input: CardLimitCheckInput,
  options: { credit: boolean } = { credit: true },
): Promise<void> => {
  const { blocked } = await checkCardLimits(db, input);
  const [code] = options.credit ? blocked : blocked.filter((one) => one !== "CARD_LIMIT_TOO_HIGH");
  if (code) throw new AppError(code, "The card limit is not allowed.", { code });
};
