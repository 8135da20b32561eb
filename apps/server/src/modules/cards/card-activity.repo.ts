import { and, desc, eq, isNull } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { authorizations, projectMembers, teams, transactions, users } from "../../platform/db/schema/index.ts";

/** What the card page lists at most of each kind, newest first. */
export const CARD_ACTIVITY_LIMIT = 50;

/** The card's transactions, newest first, scoped by project. */
export const cardTransactions = (db: Executor, projectId: string, cardId: string) =>
  db
    .select({
      id: transactions.id,
      description: transactions.description,
      merchantName: transactions.merchantName,
      transactionAmount: transactions.transactionAmount,
      transactionCurrency: transactions.transactionCurrency,
      originalAmount: transactions.originalAmount,
      originalCurrency: transactions.originalCurrency,
      originalExponent: transactions.originalExponent,
      transactionDate: transactions.transactionDate,
      closedAt: transactions.closedAt,
    })
    .from(transactions)
    .where(and(eq(transactions.projectId, projectId), eq(transactions.cardId, cardId)))
    .orderBy(desc(transactions.transactionDate), desc(transactions.id))
    .limit(CARD_ACTIVITY_LIMIT);

/** The card's declined authorizations with their decline codes, newest first, scoped by project. */
export const cardDeclines = (db: Executor, projectId: string, cardId: string) =>
  db
    .select({
      id: authorizations.id,
      merchantName: authorizations.merchantName,
      amount: authorizations.amount,
      originalAmount: authorizations.originalAmount,
      originalCurrency: authorizations.originalCurrency,
      originalExponent: authorizations.originalExponent,
      declineCode: authorizations.declineCode,
      mcc: authorizations.mcc,
      createdAt: authorizations.createdAt,
    })
    .from(authorizations)
    .where(
      and(
        eq(authorizations.projectId, projectId),
        eq(authorizations.cardId, cardId),
        eq(authorizations.status, "declined"),
      ),
    )
    .orderBy(desc(authorizations.createdAt), desc(authorizations.id))
    .limit(CARD_ACTIVITY_LIMIT);

/** The project's members with their names, for the cardholder picker. */
export const projectPeople = (db: Executor, projectId: string) =>
  db
    .select({ userId: users.id, fullName: users.fullName, email: users.email })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(users.fullName);

/** The project's live teams. */
export const projectTeams = (db: Executor, projectId: string) =>
  db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.projectId, projectId), isNull(teams.deletedAt)))
    .orderBy(teams.name);
