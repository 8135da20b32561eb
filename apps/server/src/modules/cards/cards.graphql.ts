import "./card-activity.graphql.ts";
import { CARD_STATUSES, CARD_TYPES, LIMIT_PERIODS, LIMIT_USAGE_TYPES } from "@kort/core";
import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import { cardActionsFor } from "./card-actions.ts";
import type { CardReviewDto } from "./card-review.repo.ts";
import type { AccountBalanceDto, CardBalanceDto, CardDto, CardLimitDto } from "./cards.schemas.ts";
import {
  accountBalanceFor,
  activeCardCountsFor,
  batchedCardBalance,
  batchedCardReview,
  checkCardLimitsFor,
  getCardFor,
  listCardsFor,
} from "./cards.service.ts";

export const CardStatusEnum = builder.enumType("CardStatus", { values: CARD_STATUSES });
export const CardTypeEnum = builder.enumType("CardType", { values: CARD_TYPES });
export const LimitPeriodEnum = builder.enumType("LimitPeriod", { values: LIMIT_PERIODS });
const LimitUsageTypeEnum = builder.enumType("LimitUsageType", { values: LIMIT_USAGE_TYPES });

const CardLimit = builder.objectRef<CardLimitDto>("CardLimit").implement({
  description: "A spending limit; amounts in ISK (Float: up to 12 digits, always whole kronur).",
  fields: (t) => ({
    sum_amount: t.exposeFloat("sum_amount"),
    single_amount: t.exposeFloat("single_amount"),
    usage_type: t.expose("usage_type", { type: LimitUsageTypeEnum }),
    period: t.expose("period", { type: LimitPeriodEnum }),
    count: t.exposeInt("count"),
  }),
});

const CardBalance = builder.objectRef<CardBalanceDto>("CardBalance").implement({
  description: "Spend in the current window of the card's limit and what is left of it.",
  fields: (t) => ({
    settled_balance: t.exposeFloat("settled_balance"),
    available_balance: t.exposeFloat("available_balance"),
    currency: t.exposeString("currency"),
  }),
});

const CardTeam = builder.objectRef<{ id: string; name: string }>("CardTeam").implement({
  fields: (t) => ({ id: t.exposeID("id"), name: t.exposeString("name") }),
});

const Cardholder = builder.objectRef<CardDto["cardholder"]>("Cardholder").implement({
  fields: (t) => ({
    user_id: t.exposeID("user_id"),
    full_name: t.exposeString("full_name"),
    email: t.exposeString("email"),
  }),
});

const CardCategory = builder.objectRef<{ id: string; title: string; code: string }>("CardCategory").implement({
  fields: (t) => ({ id: t.exposeID("id"), title: t.exposeString("title"), code: t.exposeString("code") }),
});

const CardReview = builder.objectRef<CardReviewDto>("CardReview").implement({
  description:
    "A clearing far over its authorization that locked the card for review (issue 13): amounts in whole ISK.",
  fields: (t) => ({
    transaction_id: t.exposeID("transaction_id"),
    merchant: t.exposeString("merchant"),
    authorized_amount: t.exposeFloat("authorized_amount"),
    cleared_amount: t.exposeFloat("cleared_amount"),
    excess: t.exposeFloat("excess"),
    locked_at: t.expose("locked_at", { type: "DateTime" }),
  }),
});

export const Card = builder.objectRef<CardDto>("Card").implement({
  description: "A virtual card (spec section 3). Only the last four digits of the number ever leave the server.",
  fields: (t) => ({
    id: t.exposeID("id"),
    card_type: t.expose("card_type", { type: CardTypeEnum }),
    team: t.expose("team", { type: CardTeam, nullable: true }),
    status: t.expose("status", { type: CardStatusEnum }),
    status_changed_at: t.expose("status_changed_at", { type: "DateTime" }),
    description: t.exposeString("description", { description: "The card name." }),
    masked_number: t.exposeString("masked_number", { description: "The last four digits." }),
    created_at: t.expose("created_at", { type: "DateTime" }),
    created_by: t.exposeID("created_by", { nullable: true }),
    issuer: t.exposeString("issuer", { nullable: true, description: "Full name of the person who issued the card." }),
    expiration_month: t.exposeInt("expiration_month"),
    expiration_year: t.exposeInt("expiration_year"),
    balance: t.field({
      type: CardBalance,
      resolve: (card, _args, { deps, kort }) => batchedCardBalance(deps, kort, card),
    }),
    review: t.field({
      type: CardReview,
      nullable: true,
      description: "Why the card is LOCKED when a clearing over its authorization locked it; null otherwise.",
      resolve: (card, _args, { deps, kort }) => batchedCardReview(deps, kort, card),
    }),
    limits: t.expose("limits", { type: [CardLimit] }),
    cardholder: t.expose("cardholder", { type: Cardholder }),
    will_close_at: t.expose("will_close_at", { type: "DateTime", nullable: true }),
    default_transaction_category: t.expose("default_transaction_category", { type: CardCategory, nullable: true }),
    closed_at: t.expose("closed_at", { type: "DateTime", nullable: true }),
    actions: t.stringList({
      description: "The card actions (spec 6) the caller may take on this card: patch, manage-limits, lock...",
      resolve: (card, _args, { kort }) => cardActionsFor(requireProject(kort), card),
    }),
  }),
});

const CardPage = builder.objectRef<{ nodes: CardDto[]; total_count: number }>("CardPage").implement({
  fields: (t) => ({ nodes: t.expose("nodes", { type: [Card] }), total_count: t.exposeInt("total_count") }),
});

const CardsFilterInput = builder.inputType("CardsFilter", {
  fields: (t) => ({
    team_id: t.id({ required: false }),
    cardholder_id: t.id({ required: false }),
    status: t.field({ type: CardStatusEnum, required: false }),
    description: t.string({ required: false, description: "Case-insensitive search in the card name." }),
    card_type: t.field({ type: CardTypeEnum, required: false }),
  }),
});

export const CardLimitInput = builder.inputType("CardLimitInput", {
  fields: (t) => ({
    sum_amount: t.float({ required: true, description: "Whole kronur, at most 12 digits." }),
    period: t.field({ type: LimitPeriodEnum, required: true }),
  }),
});

const CardCheckLimitsInput = builder.inputType("CardCheckLimitsInput", {
  fields: (t) => ({
    team_id: t.id({ required: false }),
    cardholder_id: t.id({ required: true }),
    limits: t.field({ type: [CardLimitInput], required: true }),
  }),
});

const CardLimitCheck = builder.objectRef<{ blocked: string[]; warnings: string[] }>("CardLimitCheck").implement({
  fields: (t) => ({ blocked: t.exposeStringList("blocked"), warnings: t.exposeStringList("warnings") }),
});

const ActiveCardCount = builder
  .objectRef<{ card_type: CardDto["card_type"]; count: number }>("ActiveCardCount")
  .implement({
    fields: (t) => ({ card_type: t.expose("card_type", { type: CardTypeEnum }), count: t.exposeInt("count") }),
  });

const AccountBalance = builder.objectRef<AccountBalanceDto>("AccountBalance").implement({
  description:
    "Spec section 3: available = credit_limit - used - reserved + deposited (initiated transfers of the billing period); credit_limit, deposited and available as strings.",
  fields: (t) => ({
    credit_limit: t.exposeString("credit_limit"),
    used: t.exposeFloat("used"),
    reserved: t.exposeFloat("reserved"),
    deposited: t.exposeString("deposited"),
    available: t.exposeString("available"),
    currency: t.exposeString("currency"),
  }),
});

builder.queryField("cards", (t) =>
  t.field({
    type: CardPage,
    description: "The cards the caller may read (card read: project, their teams' or their own), newest first.",
    args: {
      filter: t.arg({ type: CardsFilterInput, required: false }),
      page: t.arg.int({ required: false, description: "From 1." }),
      limit: t.arg.int({ required: false, description: "At most 200; 50 by default." }),
    },
    resolve: (_root, args, { kort, deps }) => listCardsFor(deps, requireProject(kort), args),
  }),
);

builder.queryField("card", (t) =>
  t.field({
    type: Card,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => getCardFor(deps, requireProject(kort), args.id),
  }),
);

builder.queryField("active_card_counts", (t) =>
  t.field({
    type: [ActiveCardCount],
    resolve: (_root, _args, { kort, deps }) => activeCardCountsFor(deps, requireProject(kort)),
  }),
);

builder.queryField("card_check_limits", (t) =>
  t.field({
    type: CardLimitCheck,
    description: "Spec 5: LIMIT_BLOCKED_OVER_MAX_LIMIT, LIMIT_BLOCKED_CANT_ISSUE_TO_SELF, CARD_LIMIT_TOO_HIGH.",
    args: { input: t.arg({ type: CardCheckLimitsInput, required: true }) },
    resolve: (_root, args, { kort, deps }) => checkCardLimitsFor(deps, requireProject(kort), args.input),
  }),
);

builder.queryField("account_balance", (t) =>
  t.field({
    type: AccountBalance,
    resolve: (_root, _args, { kort, deps }) => accountBalanceFor(deps, requireProject(kort)),
  }),
);
