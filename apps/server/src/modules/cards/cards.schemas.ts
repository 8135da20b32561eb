import {
  CARD_STATUSES,
  CARD_TYPES,
  type CardStatus,
  type CardType,
  cardNameSchema,
  LIMIT_PERIODS,
  type LimitPeriod,
  type LimitUsageType,
} from "@kort/core";
import { z } from "zod";

/** The largest card amount: the form's 12 digits (spec section 5). */
export const CARD_AMOUNT_MAX = 999_999_999_999;

const amount = z.int().min(0).max(CARD_AMOUNT_MAX);

/** One limit entry as a client sends it; count, single amount and usage type are fixed (spec section 3). */
export const limitInputSchema = z.object({ sum_amount: amount, period: z.enum(LIMIT_PERIODS) });

/** Exactly one entry (spec section 3, Card creation input). */
const limits = z.array(limitInputSchema).length(1);

/** The end of the chosen day in UTC: the spec stores 23:59:59.999 UTC. */
const endOfDayUtc = (date: Date): Date => {
  const end = new Date(date);
  end.setUTCHours(23, 59, 59, 999);
  return end;
};

/** Spec 3, Card creation input; will_close_at is checked against the clock by the service. */
export const createCardSchema = z.object({
  cardholder_id: z.uuid(),
  description: cardNameSchema,
  team_id: z
    .uuid()
    .nullish()
    .transform((id) => id ?? null),
  limits,
  will_close_at: z
    .date()
    .nullish()
    .transform((date) => (date ? endOfDayUtc(date) : null)),
  default_transaction_category_id: z
    .uuid()
    .nullish()
    .transform((id) => id ?? null),
});
export type CreateCardArgs = z.output<typeof createCardSchema>;
export type CreateCardInput = z.input<typeof createCardSchema>;

export const cardsFilterSchema = z.object({
  team_id: z.uuid().nullish(),
  cardholder_id: z.uuid().nullish(),
  status: z.enum(CARD_STATUSES).nullish(),
  description: z.string().trim().max(100).nullish(),
  card_type: z.enum(CARD_TYPES).nullish(),
});
export type CardsFilter = z.output<typeof cardsFilterSchema>;

export const cardsPageSchema = z.object({
  page: z
    .int()
    .min(1)
    .nullish()
    .transform((page) => page ?? 1),
  limit: z
    .int()
    .min(1)
    .max(200)
    .nullish()
    .transform((limit) => limit ?? 50),
});

export const checkLimitsSchema = z.object({
  team_id: z
    .uuid()
    .nullish()
    .transform((id) => id ?? null),
  cardholder_id: z.uuid(),
  limits,
});

export const patchCardSchema = z.object({ description: cardNameSchema });
export const setLimitsSchema = z.object({ limits });

export type CardLimitDto = {
  sum_amount: number;
  single_amount: number;
  usage_type: LimitUsageType;
  period: LimitPeriod;
  count: number;
};

/** A card as the API shows it: never the PAN or CVC, only the last four digits. */
export type CardDto = {
  id: string;
  project_id: string;
  card_type: CardType;
  team: { id: string; name: string } | null;
  status: CardStatus;
  status_changed_at: Date;
  description: string;
  masked_number: string;
  created_at: Date;
  created_by: string | null;
  /** The full name of the person who issued the card; null when they are gone or it came from the platform. */
  issuer: string | null;
  expiration_month: number;
  expiration_year: number;
  limits: CardLimitDto[];
  cardholder: { user_id: string; full_name: string; email: string };
  will_close_at: Date | null;
  default_transaction_category: { id: string; title: string; code: string } | null;
  closed_at: Date | null;
};

export type CardBalanceDto = { settled_balance: number; available_balance: number; currency: string };
export type AccountBalanceDto = {
  credit_limit: string;
  used: number;
  reserved: number;
  deposited: string;
  available: string;
  currency: string;
};
export const accountBalanceSchema = z.object({
  credit_limit: z.string(),
  used: z.number(),
  reserved: z.number(),
  deposited: z.string(),
  available: z.string(),
  currency: z.string(),
});
