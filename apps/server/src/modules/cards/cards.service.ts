import { CARD_TYPES, type CardType } from "@kort/core";
import type { Db, Executor } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { requestBatcher } from "../../platform/graphql/request-batch.ts";
import { authorize } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { listScope } from "../../platform/http/list-scope.ts";
import { accountBalance, cardWindowSpend } from "../processor/balance.service.ts";
import { isProjectMember } from "../projects/memberships.service.ts";
import { assertCardActionPossible, authorizeCard, loadCardFor } from "./card-access.ts";
import { checkCardLimits } from "./card-limit-check.service.ts";
import { type CardReviewDto, findCardReviews } from "./card-review.repo.ts";
import {
  type AccountBalanceDto,
  type CardBalanceDto,
  type CardDto,
  type CardsFilter,
  cardsFilterSchema,
  cardsPageSchema,
  checkLimitsSchema,
} from "./cards.schemas.ts";
import { type CardRecord, countActiveCards, isLiveTeam, limitsOf, listCards } from "./cards-query.repo.ts";

/** What the card services need: the database and the clock. */
export type CardReadDeps = { db: Db; now: () => Date };

/** The cards as the API shows them, with their limits. */
export const toCardDtos = async (db: Executor, rows: readonly CardRecord[]): Promise<CardDto[]> => {
  const limits = await limitsOf(db, rows);
  return rows.map((row) => ({
    id: row.id,
    project_id: row.projectId,
    card_type: row.cardType,
    team: row.teamId && row.teamName !== null ? { id: row.teamId, name: row.teamName } : null,
    status: row.status,
    status_changed_at: row.statusChangedAt,
    description: row.description,
    masked_number: row.maskedNumber,
    created_at: row.createdAt,
    created_by: row.createdBy,
    issuer: row.issuerName,
    expiration_month: row.expirationMonth,
    expiration_year: row.expirationYear,
    limits: limits
      .filter((limit) => limit.cardId === row.id)
      .map((limit) => ({
        sum_amount: limit.sumAmount,
        single_amount: limit.singleAmount,
        usage_type: limit.usageType,
        period: limit.period,
        count: limit.count,
      })),
    cardholder: { user_id: row.cardholderId, full_name: row.cardholderName, email: row.cardholderEmail },
    will_close_at: row.willCloseAt,
    default_transaction_category:
      row.categoryId && row.categoryTitle !== null && row.categoryCode !== null
        ? { id: row.categoryId, title: row.categoryTitle, code: row.categoryCode }
        : null,
    closed_at: row.closedAt,
  }));
};

export type CardsArgs = {
  filter?: Partial<Record<keyof CardsFilter, unknown>> | null;
  page?: number | null;
  limit?: number | null;
};

/** Spec 7, cards: the page of cards the caller may read (project, their teams' or their own), and the total. */
export const listCardsFor = async (deps: CardReadDeps, ctx: ProjectContext, args: CardsArgs) => {
  const scope = listScope(ctx, "card", "read");
  const filter = cardsFilterSchema.parse(args.filter ?? {});
  const page = cardsPageSchema.parse({ page: args.page, limit: args.limit });
  const { rows, total } = await listCards(deps.db, ctx.membership.projectId, scope, filter, page);
  return { nodes: await toCardDtos(deps.db, rows), total_count: total };
};

/** One card of the caller's project, if the policy lets the caller read it. */
export const getCardFor = async (deps: CardReadDeps, ctx: ProjectContext, cardId: string): Promise<CardDto> => {
  const row = await loadCardFor(deps.db, ctx, cardId, "read");
  const [card] = await toCardDtos(deps.db, [row]);
  if (!card) throw new Error("card vanished");
  return card;
};

/** Counts of ACTIVE cards per card type, within what the caller may read; every type appears. */
export const activeCardCountsFor = async (deps: CardReadDeps, ctx: ProjectContext) => {
  const scope = listScope(ctx, "card", "read");
  const counts = await countActiveCards(deps.db, ctx.membership.projectId, scope);
  return CARD_TYPES.map((cardType: CardType) => ({
    card_type: cardType,
    count: counts.find((row) => row.cardType === cardType)?.value ?? 0,
  }));
};

/**
 * Cards' balances in their first limit's current window: what each spent there (settled transactions and pending
 * authorizations, as the processor counts them, read from its running balances) and what is left of the limit. Only
 * an ACTIVE card can spend, so a closed, frozen, locked or expired card has nothing available, whatever its limit
 * says. One statement for any number of cards (a page of the list is up to 200).
 */
export const cardBalances = async (
  deps: CardReadDeps,
  cards: readonly CardDto[],
): Promise<Map<string, CardBalanceDto>> => {
  const windows = cards.flatMap((card) => {
    const [limit] = card.limits;
    return limit
      ? [{ cardId: card.id, projectId: card.project_id, period: limit.period, usageType: limit.usage_type }]
      : [];
  });
  const spentByCompany = new Map<string, Map<string, number>>();
  for (const projectId of new Set(windows.map((w) => w.projectId))) {
    const own = windows.filter((w) => w.projectId === projectId);
    spentByCompany.set(projectId, await cardWindowSpend(deps.db, projectId, own, deps.now()));
  }
  const balances = new Map<string, CardBalanceDto>();
  for (const card of cards) {
    const [limit] = card.limits;
    if (!limit) {
      balances.set(card.id, { settled_balance: 0, available_balance: 0, currency: "ISK" });
      continue;
    }
    const spent = spentByCompany.get(card.project_id)?.get(card.id) ?? 0;
    const available = card.status === "ACTIVE" ? Math.max(0, limit.sum_amount - spent) : 0;
    balances.set(card.id, { settled_balance: spent, available_balance: available, currency: "ISK" });
  }
  return balances;
};

/** One card's balance (cardBalances for one). */
export const cardBalance = async (deps: CardReadDeps, card: CardDto): Promise<CardBalanceDto> => {
  const balance = (await cardBalances(deps, [card])).get(card.id);
  if (!balance) throw new Error("unreachable: a balance per card");
  return balance;
};

/** The balance field of every card a GraphQL request lists, read in one statement. */
export const batchedCardBalance = async (
  deps: CardReadDeps,
  request: object,
  card: CardDto,
): Promise<CardBalanceDto> => {
  const balance = await balanceBatch(request, { deps, card });
  if (!balance) throw new Error("unreachable: a balance per card");
  return balance;
};

/** A card of the request and what reads its fields: the key of the request batchers below. */
type CardKey = { deps: CardReadDeps; card: CardDto };

const balanceBatch = requestBatcher<CardKey, CardBalanceDto>(async (keys) => {
  const [first] = keys;
  if (!first) return new Map();
  const balances = await cardBalances(
    first.deps,
    keys.map((key) => key.card),
  );
  return new Map(keys.map((key) => [key, balances.get(key.card.id) as CardBalanceDto]));
});

/**
 * The review field of every locked card a GraphQL request lists, read in one statement; a card that is not LOCKED
 * has none, and is not asked about.
 */
export const batchedCardReview = async (
  deps: CardReadDeps,
  request: object,
  card: CardDto,
): Promise<CardReviewDto | null> =>
  card.status === "LOCKED" ? ((await reviewBatch(request, { deps, card })) ?? null) : null;

const reviewBatch = requestBatcher<CardKey, CardReviewDto>(async (keys) => {
  const [first] = keys;
  if (!first) return new Map();
  const reviews = await findCardReviews(
    first.deps.db,
    first.card.project_id,
    keys.map((key) => ({ id: key.card.id, statusChangedAt: key.card.status_changed_at })),
  );
  return new Map(
    keys.flatMap((key) => {
      const review = reviews.get(key.card.id);
      return review ? [[key, review] as const] : [];
    }),
  );
});

/** Spec 7, card limit check: asked as `card create` for that cardholder and team, then checkCardLimits. */
export const checkCardLimitsFor = async (deps: CardReadDeps, ctx: ProjectContext, input: unknown) => {
  assertCardActionPossible(ctx, "create");
  const args = checkLimitsSchema.parse(input);
  const projectId = ctx.membership.projectId;
  authorizeCard(ctx, "create", { project_id: projectId, team_id: args.team_id, user_id: args.cardholder_id });
  // Another company's people and teams read as absent here too, exactly as when the card is created.
  if (!(await isProjectMember(deps.db, projectId, args.cardholder_id))) {
    throw new AppError("USER_NOT_IN_PROJECT", "The cardholder is not a member of the company.");
  }
  if (args.team_id && !(await isLiveTeam(deps.db, projectId, args.team_id))) {
    throw new AppError("NOT_FOUND", "The team was not found.");
  }
  const [limit] = args.limits;
  return checkCardLimits(deps.db, {
    projectId,
    actorId: ctx.user.id,
    cardholderId: args.cardholder_id,
    teamId: args.team_id,
    amount: limit?.sum_amount ?? 0,
    now: deps.now(),
  });
};

/** Spec 3, Account balance: credit_limit and available as numeric strings. */
export const accountBalanceFor = async (deps: CardReadDeps, ctx: ProjectContext): Promise<AccountBalanceDto> => {
  authorize(ctx, "account", "balance", { project_id: ctx.membership.projectId });
  const balance = await accountBalance(deps.db, ctx.membership.projectId, deps.now());
  return {
    credit_limit: String(balance.creditLimit),
    used: balance.used,
    reserved: balance.reserved,
    deposited: String(balance.deposited),
    available: String(balance.available),
    currency: "ISK",
  };
};
