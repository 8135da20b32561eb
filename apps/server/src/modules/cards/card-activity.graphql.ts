import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import {
  type CardActivityDto,
  type CardCreateHolderDto,
  type CardCreateOptionsDto,
  type CardDeclineDto,
  type CardTransactionDto,
  cardActivityFor,
  cardCreateOptionsFor,
} from "./card-activity.service.ts";

const CardTransaction = builder.objectRef<CardTransactionDto>("CardTransaction").implement({
  description: "A transaction of the card: amounts in ISK, the original in that currency's minor units.",
  fields: (t) => ({
    id: t.exposeID("id"),
    merchant: t.exposeString("merchant"),
    description: t.exposeString("description"),
    transaction_amount: t.exposeFloat("transaction_amount"),
    transaction_currency: t.exposeString("transaction_currency"),
    original_amount: t.exposeFloat("original_amount"),
    original_currency: t.exposeString("original_currency"),
    original_exponent: t.exposeInt("original_exponent"),
    transaction_date: t.expose("transaction_date", { type: "DateTime" }),
    settled: t.exposeBoolean("settled"),
  }),
});

const CardDecline = builder.objectRef<CardDeclineDto>("CardDecline").implement({
  description: "A declined authorization of the card and why (a DeclineCode of the processor).",
  fields: (t) => ({
    id: t.exposeID("id"),
    merchant: t.exposeString("merchant"),
    amount: t.exposeFloat("amount"),
    original_amount: t.exposeFloat("original_amount"),
    original_currency: t.exposeString("original_currency"),
    original_exponent: t.exposeInt("original_exponent"),
    decline_code: t.exposeString("decline_code"),
    mcc: t.exposeString("mcc", { nullable: true, description: "The merchant category code the network sent." }),
    created_at: t.expose("created_at", { type: "DateTime" }),
  }),
});

const CardActivity = builder.objectRef<CardActivityDto>("CardActivity").implement({
  fields: (t) => ({
    transactions: t.expose("transactions", { type: [CardTransaction] }),
    declines: t.expose("declines", { type: [CardDecline] }),
  }),
});

const CardCreateHolder = builder.objectRef<CardCreateHolderDto>("CardCreateHolder").implement({
  fields: (t) => ({
    user_id: t.exposeID("user_id"),
    full_name: t.exposeString("full_name"),
    email: t.exposeString("email"),
    needs_team: t.exposeBoolean("needs_team", { description: "Card create is allowed only with a team chosen." }),
  }),
});

const CardCreateTeam = builder.objectRef<{ id: string; name: string }>("CardCreateTeam").implement({
  fields: (t) => ({ id: t.exposeID("id"), name: t.exposeString("name") }),
});

const CardCreateOptions = builder.objectRef<CardCreateOptionsDto>("CardCreateOptions").implement({
  fields: (t) => ({
    cardholders: t.expose("cardholders", { type: [CardCreateHolder] }),
    teams: t.expose("teams", { type: [CardCreateTeam] }),
  }),
});

builder.queryField("card_activity", (t) =>
  t.field({
    type: CardActivity,
    description: "The card's transactions and declined authorizations, newest first, at most 50 of each.",
    args: { card_id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => cardActivityFor(deps, requireProject(kort), args.card_id),
  }),
);

builder.queryField("card_create_options", (t) =>
  t.field({
    type: CardCreateOptions,
    description: "The cardholders and teams the caller may issue a card of this type to (card create).",
    args: { card_type: t.arg.string({ required: true, description: "BUSINESS_EXPENSE or EMPLOYEE_EXPENSE." }) },
    resolve: (_root, args, { kort, deps }) => cardCreateOptionsFor(deps, requireProject(kort), args.card_type),
  }),
);
