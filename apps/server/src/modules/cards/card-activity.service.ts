import { CARD_TYPES, type CardType } from "@kort/core";
import { AppError } from "../../platform/errors.ts";
import { authorize, policyFor } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { assertCardActionPossible, cardSubject, loadCardFor } from "./card-access.ts";
import { cardDeclines, cardTransactions, projectPeople, projectTeams } from "./card-activity.repo.ts";
import type { CardReadDeps } from "./cards.service.ts";

export type CardTransactionDto = {
  id: string;
  merchant: string;
  description: string;
  transaction_amount: number;
  transaction_currency: string;
  original_amount: number;
  original_currency: string;
  original_exponent: number;
  transaction_date: Date;
  settled: boolean;
};

export type CardDeclineDto = {
  id: string;
  merchant: string;
  amount: number;
  original_amount: number;
  original_currency: string;
  original_exponent: number;
  decline_code: string;
  /** The merchant's category code: a MERCHANT_GROUP_BLOCKED decline names its group from it. */
  mcc: string | null;
  created_at: Date;
};

export type CardActivityDto = { transactions: CardTransactionDto[]; declines: CardDeclineDto[] };

/** The card page's history: its transactions and declined authorizations (card read and transaction read). */
export const cardActivityFor = async (
  deps: CardReadDeps,
  ctx: ProjectContext,
  cardId: string,
): Promise<CardActivityDto> => {
  const card = await loadCardFor(deps.db, ctx, cardId, "read");
  authorize(ctx, "transaction", "read", cardSubject(card));
  const projectId = ctx.membership.projectId;
  const [rows, declined] = await Promise.all([
    cardTransactions(deps.db, projectId, card.id),
    cardDeclines(deps.db, projectId, card.id),
  ]);
  return {
    transactions: rows.map((row) => ({
      id: row.id,
      merchant: row.merchantName,
      description: row.description,
      transaction_amount: row.transactionAmount,
      transaction_currency: row.transactionCurrency,
      original_amount: row.originalAmount,
      original_currency: row.originalCurrency,
      original_exponent: row.originalExponent,
      transaction_date: row.transactionDate,
      settled: row.closedAt !== null,
    })),
    declines: declined.map((row) => ({
      id: row.id,
      merchant: row.merchantName,
      amount: row.amount,
      original_amount: row.originalAmount,
      original_currency: row.originalCurrency,
      original_exponent: row.originalExponent,
      decline_code: row.declineCode ?? "UNKNOWN",
      mcc: row.mcc ?? null,
      created_at: row.createdAt,
    })),
  };
};

export type CardCreateHolderDto = { user_id: string; full_name: string; email: string; needs_team: boolean };
export type CardCreateOptionsDto = { cardholders: CardCreateHolderDto[]; teams: { id: string; name: string }[] };

/**
 * What the create-card form may offer (spec 4): the members for whom `card create` is allowed, or allowed once a
 * team is chosen (`needs_team`, the policy reporting only same_team missing), and the teams where the actor may
 * create. The card type is checked but both types follow the same policy today.
 */
export const cardCreateOptionsFor = async (
  deps: CardReadDeps,
  ctx: ProjectContext,
  cardType: string,
): Promise<CardCreateOptionsDto> => {
  assertCardActionPossible(ctx, "create");
  if (!CARD_TYPES.includes(cardType as CardType)) throw new AppError("VALIDATION_FAILED", "Unknown card type.");
  const projectId = ctx.membership.projectId;
  const [people, teams] = await Promise.all([projectPeople(deps.db, projectId), projectTeams(deps.db, projectId)]);
  const cardholders = people.flatMap((person): CardCreateHolderDto[] => {
    const result = policyFor(ctx, "card", "create", { project_id: projectId, team_id: null, user_id: person.userId });
    const needsTeam = !result.allowed && result.missing.length === 1 && result.missing[0] === "same_team";
    if (!result.allowed && !needsTeam) return [];
    return [{ user_id: person.userId, full_name: person.fullName, email: person.email, needs_team: needsTeam }];
  });
  const allowedTeams = teams.filter(
    (team) => policyFor(ctx, "card", "create", { project_id: projectId, team_id: team.id }).allowed,
  );
  return { cardholders, teams: allowedTeams };
};
