import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../platform/db/client.ts";
import { sameCompanyRow } from "../../platform/db/company-join.ts";
import { containsPattern } from "../../platform/db/like.ts";
import { cardLimits, cards, categories, projectMembers, teams, users } from "../../platform/db/schema/index.ts";
import type { ListScope } from "../../platform/http/list-scope.ts";
import type { CardsFilter } from "./cards.schemas.ts";

/** The person who issued the card (spec 3 "issuer"); a second join on users beside the cardholder. */
const issuers = alias(users, "issuers");

/** What the cards queries read of a card: the row with its team, cardholder, issuer and default category. */
const cardColumns = {
  id: cards.id,
  projectId: cards.projectId,
  cardType: cards.cardType,
  teamId: cards.teamId,
  teamName: teams.name,
  status: cards.status,
  statusChangedAt: cards.statusChangedAt,
  description: cards.description,
  maskedNumber: cards.maskedNumber,
  createdAt: cards.createdAt,
  createdBy: cards.createdBy,
  issuerName: issuers.fullName,
  expirationMonth: cards.expirationMonth,
  expirationYear: cards.expirationYear,
  cardholderId: cards.cardholderId,
  cardholderName: users.fullName,
  cardholderEmail: users.email,
  willCloseAt: cards.willCloseAt,
  categoryId: cards.defaultTransactionCategoryId,
  categoryTitle: categories.title,
  categoryCode: categories.code,
  closedAt: cards.closedAt,
};

const scopeCondition = (scope: ListScope): SQL | undefined => {
  switch (scope.kind) {
    case "project":
      return undefined;
    case "team": {
      const inTeams = scope.teamIds.length > 0 ? inArray(cards.teamId, [...scope.teamIds]) : sql`false`;
      return scope.userId ? or(inTeams, eq(cards.cardholderId, scope.userId)) : inTeams;
    }
    case "own":
      return eq(cards.cardholderId, scope.userId);
  }
};

const cardsQuery = (db: Executor, where: SQL | undefined) =>
  db
    .select(cardColumns)
    .from(cards)
    .innerJoin(users, eq(users.id, cards.cardholderId))
    .leftJoin(issuers, eq(issuers.id, cards.createdBy))
    .leftJoin(teams, sameCompanyRow(teams, [cards.projectId, cards.teamId]))
    .leftJoin(categories, sameCompanyRow(categories, [cards.projectId, cards.defaultTransactionCategoryId]))
    .where(where);

export type CardRecord = Awaited<ReturnType<typeof cardsQuery>>[number];

/** One card of the project, or undefined: another project's card is never found. */
export const findCard = async (db: Executor, projectId: string, cardId: string): Promise<CardRecord | undefined> => {
  const [row] = await cardsQuery(db, and(eq(cards.projectId, projectId), eq(cards.id, cardId)));
  return row;
};

/** Locks the card's row for a change (`for update`), scoped to the project. */
export const lockCardRow = async (db: Executor, projectId: string, cardId: string): Promise<boolean> => {
  const rows = await db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.projectId, projectId), eq(cards.id, cardId)))
    .for("update");
  return rows.length > 0;
};

/** A page of the project's cards within the caller's scope, newest first, and how many match in all. */
export const listCards = async (
  db: Executor,
  projectId: string,
  scope: ListScope,
  filter: CardsFilter,
  page: { page: number; limit: number },
): Promise<{ rows: CardRecord[]; total: number }> => {
  const where = and(
    eq(cards.projectId, projectId),
    scopeCondition(scope),
    filter.team_id ? eq(cards.teamId, filter.team_id) : undefined,
    filter.cardholder_id ? eq(cards.cardholderId, filter.cardholder_id) : undefined,
    filter.status ? eq(cards.status, filter.status) : undefined,
    filter.card_type ? eq(cards.cardType, filter.card_type) : undefined,
    filter.description ? ilike(cards.description, containsPattern(filter.description)) : undefined,
  );
  const rows = await cardsQuery(db, where)
    .orderBy(desc(cards.createdAt), asc(cards.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  const [total] = await db.select({ value: count() }).from(cards).where(where);
  return { rows, total: total?.value ?? 0 };
};

/** The limits of these cards, oldest first, read within their companies (a page's cards are of one). */
export const limitsOf = async (db: Executor, cardRows: readonly { projectId: string; id: string }[]) =>
  cardRows.length === 0
    ? []
    : db
        .select({
          cardId: cardLimits.cardId,
          sumAmount: cardLimits.sumAmount,
          singleAmount: cardLimits.singleAmount,
          count: cardLimits.count,
          usageType: cardLimits.usageType,
          period: cardLimits.period,
        })
        .from(cardLimits)
        .where(
          and(
            inArray(cardLimits.projectId, [...new Set(cardRows.map((card) => card.projectId))]),
            inArray(
              cardLimits.cardId,
              cardRows.map((card) => card.id),
            ),
          ),
        )
        .orderBy(asc(cardLimits.createdAt), asc(cardLimits.id));

/** ACTIVE cards per card type within the caller's scope. */
export const countActiveCards = async (db: Executor, projectId: string, scope: ListScope) =>
  db
    .select({ cardType: cards.cardType, value: count() })
    .from(cards)
    .where(and(eq(cards.projectId, projectId), eq(cards.status, "ACTIVE"), scopeCondition(scope)))
    .groupBy(cards.cardType);

/**
 * Whether the user is a member of the project (a cardholder must be), holding their membership row FOR SHARE
 * until the caller's transaction ends. Removing a member locks the same row FOR UPDATE, so a card issued to (or
 * handed to) someone and their removal take turns: either the removal sees the new card and closes it, or the
 * issuing finds no membership. Several cards for one holder still go through side by side.
 */
export const lockCardholderMembership = async (db: Executor, projectId: string, userId: string): Promise<boolean> => {
  const rows = await db
    .select({ id: projectMembers.id })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .for("share");
  return rows.length > 0;
};

/** Whether the team is a live team of the project. */
export const isLiveTeam = async (db: Executor, projectId: string, teamId: string): Promise<boolean> => {
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.projectId, projectId), eq(teams.id, teamId), isNull(teams.deletedAt)));
  return rows.length > 0;
};

/** Whether the category is a live, enabled category of the project. */
export const isUsableCategory = async (db: Executor, projectId: string, categoryId: string): Promise<boolean> => {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.projectId, projectId),
        eq(categories.id, categoryId),
        eq(categories.enabled, true),
        isNull(categories.deletedAt),
      ),
    );
  return rows.length > 0;
};
