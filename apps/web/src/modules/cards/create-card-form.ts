import { type CardType, cardNameSchema, FORM_LIMIT_PERIODS, isIsoDate, isoDate, willCloseAtFromDate } from "@kort/core";
import type { CreateCardVariables } from "./cards.graphql.ts";

/** Spec 9: the create form's default amount and its limit periods by id 0 to 3 (monthly by default). */
export const DEFAULT_CARD_AMOUNT = 100_000;
export const DEFAULT_LIMIT_PERIOD_ID = 2;
/** Spec 9: debounce of the server-side limit check. */
export const LIMIT_CHECK_DEBOUNCE_MS = 250;

/** Spec 3, card-creation form state. */
export type CreateCardForm = {
  cardType: CardType | null;
  userId: string | null;
  cardName: string;
  amount: number | null;
  limitPeriodId: number;
  categoryId: string | null;
  teamId: string | null;
  /** `YYYY-MM-DD`, vendor cards only. */
  willCloseAt: string | null;
};

export const EMPTY_CREATE_CARD_FORM: CreateCardForm = {
  cardType: null,
  userId: null,
  cardName: "",
  amount: DEFAULT_CARD_AMOUNT,
  limitPeriodId: DEFAULT_LIMIT_PERIOD_ID,
  categoryId: null,
  teamId: null,
  willCloseAt: null,
};

export const limitPeriodOf = (id: number) => FORM_LIMIT_PERIODS[id] ?? "MONTHLY";

/** Spec 5: the larger of the credit limit and the available balance bounds a card's amount. */
export const isOverAccountLimit = (
  amount: number | null,
  balance: { credit_limit: string; available: string } | undefined,
): boolean => {
  if (amount === null || !balance) return false;
  return amount > Math.max(Number(balance.credit_limit), Number(balance.available));
};

/** Dates before today (UTC calendar, as the server checks) are blocked (spec 5). */
export const isPastDay = (isoDay: string, today: Date): boolean => isoDay < isoDate(today);

export type CreateCardGate = {
  creating: boolean;
  limitBlocked: boolean;
  needsTeam: boolean;
};

/** Spec 4: whether the create button may be pressed. */
export const canSubmitCard = (form: CreateCardForm, gate: CreateCardGate, today: Date): boolean => {
  if (form.cardType === null || form.userId === null || form.userId === "") return false;
  if (gate.creating || gate.limitBlocked) return false;
  if (!cardNameSchema.safeParse(form.cardName).success) return false;
  if (form.amount === null || form.amount <= 0) return false;
  if (gate.needsTeam && form.teamId === null) return false;
  if (form.willCloseAt !== null && (!isIsoDate(form.willCloseAt) || isPastDay(form.willCloseAt, today))) return false;
  return true;
};

/** Spec 3, card creation input: one limit entry (count 1000 and single amount equal to the total on the server). */
export const createCardVariables = (form: CreateCardForm): CreateCardVariables => ({
  input: {
    cardholder_id: form.userId ?? "",
    description: form.cardName.trim(),
    team_id: form.teamId,
    default_transaction_category_id: form.categoryId,
    limits: [{ sum_amount: form.amount ?? 0, period: limitPeriodOf(form.limitPeriodId) }],
    ...(form.cardType === "EMPLOYEE_EXPENSE" && form.willCloseAt
      ? { will_close_at: willCloseAtFromDate(form.willCloseAt).toISOString() }
      : {}),
  },
});
