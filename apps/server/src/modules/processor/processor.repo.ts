import { and, desc, eq, isNull, lte, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import {
  authorizations,
  cardLimits,
  cards,
  fxRates,
  projects,
  teams,
  transactions,
} from "../../platform/db/schema/index.ts";

/**
 * The processor's SQL. Every decision and settlement locks the card row and then the project row, always in that
 * order, with FOR NO KEY UPDATE: two requests on one card, or on one project's credit, take turns, while inserts
 * that only reference the rows (FOR KEY SHARE) are not blocked.
 */
const cardColumns = {
  id: cards.id,
  projectId: cards.projectId,
  teamId: cards.teamId,
  cardholderId: cards.cardholderId,
  status: cards.status,
  expirationMonth: cards.expirationMonth,
  expirationYear: cards.expirationYear,
  willCloseAt: cards.willCloseAt,
  maskedNumber: cards.maskedNumber,
  defaultTransactionCategoryId: cards.defaultTransactionCategoryId,
};

export type LockedCard = Awaited<ReturnType<typeof lockCardByLookup>>;

export const lockCardByLookup = async (tx: Executor, panLookup: string) => {
  const [card] = await tx.select(cardColumns).from(cards).where(eq(cards.panLookup, panLookup)).for("no key update");
  return card;
};

export const lockCardById = async (tx: Executor, cardId: string) => {
  const [card] = await tx.select(cardColumns).from(cards).where(eq(cards.id, cardId)).for("no key update");
  return card;
};

/** Locks the project row (its credit) and answers its credit limit. */
export const lockProjectCredit = async (tx: Executor, projectId: string): Promise<number> => {
  const [project] = await tx
    .select({ creditLimit: projects.creditLimit })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for("no key update");
  if (!project) throw new Error(`Project ${projectId} of a card is missing`);
  return project.creditLimit;
};

export const limitsOfCard = (tx: Executor, cardId: string) =>
  tx
    .select({
      sumAmount: cardLimits.sumAmount,
      singleAmount: cardLimits.singleAmount,
      count: cardLimits.count,
      usageType: cardLimits.usageType,
      period: cardLimits.period,
    })
    .from(cardLimits)
    .where(eq(cardLimits.cardId, cardId));

export const teamLimitsOf = async (tx: Executor, teamId: string) => {
  const [team] = await tx
    .select({ maxDaily: teams.maxDailyLimit, maxWeekly: teams.maxWeeklyLimit, maxMonthly: teams.maxMonthlyLimit })
    .from(teams)
    .where(eq(teams.id, teamId));
  return team;
};

/** ISK per unit x 1,000,000 of the newest rate in force at `now`, or undefined when there is none. */
export const fxRateAt = async (tx: Executor, currency: string, now: Date): Promise<number | undefined> => {
  const [rate] = await tx
    .select({ micros: fxRates.iskPerUnitMicros })
    .from(fxRates)
    .where(and(eq(fxRates.currency, currency), lte(fxRates.validFrom, now)))
    .orderBy(desc(fxRates.validFrom))
    .limit(1);
  return rate?.micros;
};

export type NewAuthorization = typeof authorizations.$inferInsert;

/**
 * Inserts a decision; undefined when a row with the same (card, network reference) exists already (a retry that
 * got past the card lock some other way): the caller then answers that row.
 */
export const insertAuthorization = async (tx: Executor, values: NewAuthorization): Promise<string | undefined> => {
  const [row] = await tx
    .insert(authorizations)
    .values(values)
    .onConflictDoNothing({ target: [authorizations.cardId, authorizations.networkReference] })
    .returning({ id: authorizations.id });
  return row?.id;
};

/** The decision stored for a network reference on a card, if any. */
export const findAuthorizationByReference = async (tx: Executor, cardId: string, networkReference: string) => {
  const [row] = await tx
    .select()
    .from(authorizations)
    .where(and(eq(authorizations.cardId, cardId), eq(authorizations.networkReference, networkReference)));
  return row;
};

export const findAuthorization = async (tx: Executor, id: string) => {
  const [row] = await tx.select().from(authorizations).where(eq(authorizations.id, id));
  return row;
};

export const lockAuthorization = async (tx: Executor, id: string) => {
  const [row] = await tx.select().from(authorizations).where(eq(authorizations.id, id)).for("update");
  return row;
};

export const updateAuthorization = (
  tx: Executor,
  id: string,
  values: Partial<Pick<NewAuthorization, "status" | "clearedAmount" | "clearedAt" | "reversedAt" | "updatedAt">>,
) => tx.update(authorizations).set(values).where(eq(authorizations.id, id));

export type NewTransaction = typeof transactions.$inferInsert;

export const insertTransaction = async (tx: Executor, values: NewTransaction): Promise<string> => {
  const [row] = await tx.insert(transactions).values(values).returning({ id: transactions.id });
  if (!row) throw new Error("transaction insert returned nothing");
  return row.id;
};

export const findTransaction = async (
  tx: Executor,
  by: { id: string } | { authorizationId: string } | { cardId: string; networkReference: string },
) => {
  const where =
    "networkReference" in by
      ? and(eq(transactions.cardId, by.cardId), eq(transactions.networkReference, by.networkReference))
      : "id" in by
        ? eq(transactions.id, by.id)
        : eq(transactions.authorizationId, by.authorizationId);
  const [row] = await tx.select().from(transactions).where(where);
  return row;
};

/** The ledger row of a pending authorization, locked: what clearing settles or a reversal removes. */
export const unsettledTransactionOf = async (tx: Executor, authorizationId: string) => {
  const [row] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.authorizationId, authorizationId), isNull(transactions.closedAt)))
    .for("update");
  return row;
};

export const settleTransaction = async (
  tx: Executor,
  id: string,
  values: Required<Pick<NewTransaction, "originalAmount" | "transactionAmount" | "closedAt" | "updatedAt">>,
): Promise<string> => {
  // A purchase booked to a category (the card's default) takes the category's VAT when it settles, unless set.
  await tx
    .update(transactions)
    .set({
      ...values,
      taxCategoryId: sql`coalesce(${transactions.taxCategoryId},
        (select default_tax_category_id from categories where id = ${transactions.categoryId}))`,
    })
    .where(eq(transactions.id, id));
  return id;
};

export const removeUnsettledTransaction = (tx: Executor, authorizationId: string) =>
  tx.delete(transactions).where(and(eq(transactions.authorizationId, authorizationId), isNull(transactions.closedAt)));

/** How much of a purchase has been refunded, in its original currency's minor units (a positive number). */
export const refundedOf = async (tx: Executor, transactionId: string): Promise<number> => {
  const [row] = await tx
    .select({ refunded: sql<string>`coalesce(-sum(${transactions.originalAmount}), 0)::bigint` })
    .from(transactions)
    .where(eq(transactions.refundOfTransactionId, transactionId));
  return Number(row?.refunded ?? 0);
};
