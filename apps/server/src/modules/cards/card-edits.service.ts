import { CARD_LIMIT_COUNT } from "@kort/core";
import { z } from "zod";
import { AppError } from "../../platform/errors.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import {
  assertCardholder,
  assertCategory,
  assertTeam,
  authorizeAfter,
  type CardEdit,
  changeCard,
} from "./card-changes.service.ts";
import { assertCardLimitsAllowed } from "./card-limit-check.service.ts";
import { replaceCardLimit } from "./cards.repo.ts";
import { patchCardSchema, setLimitsSchema } from "./cards.schemas.ts";
import { limitsOf } from "./cards-query.repo.ts";

/** Spec 7 card mutations besides create; each goes through changeCard (lock, policy, closed check, audit). */

const conflict = (message: string): AppError => new AppError("CONFLICT", message);

const statusEdit = (status: "CLOSED" | "LOCKED" | "ACTIVE", now: Date, closed = false): CardEdit => ({
  change: { status, statusChangedAt: now, ...(closed ? { closedAt: now } : {}) },
  data: { status },
});

/** Closing is final (spec section 4): a closed card never changes again. */
export const closeCard = (deps: AppDeps, ctx: ProjectContext, id: string) =>
  changeCard(deps, ctx, id, "close", "close", async (_tx, _card, now) => statusEdit("CLOSED", now, true));

export const lockCard = (deps: AppDeps, ctx: ProjectContext, id: string) =>
  changeCard(deps, ctx, id, "lock", "lock", async (_tx, card, now) => {
    if (card.status !== "ACTIVE") throw conflict("Only an active card can be locked.");
    return statusEdit("LOCKED", now);
  });

export const unlockCard = (deps: AppDeps, ctx: ProjectContext, id: string) =>
  changeCard(deps, ctx, id, "lock", "unlock", async (_tx, card, now) => {
    if (card.status !== "LOCKED") throw conflict("Only a locked card can be unlocked.");
    return statusEdit("ACTIVE", now);
  });

export const patchCard = (deps: AppDeps, ctx: ProjectContext, id: string, input: unknown) => {
  const args = patchCardSchema.parse(input);
  return changeCard(deps, ctx, id, "patch", "patch", async (_tx, card) => ({
    change: { description: args.description },
    data: { from: card.description, to: args.description },
  }));
};

/** Replaces the limit (count 1000, single = sum, usage ALL) after the same limit check as create. */
export const setCardLimits = (deps: AppDeps, ctx: ProjectContext, id: string, input: unknown) => {
  const args = setLimitsSchema.parse(input);
  return changeCard(deps, ctx, id, "manage-limits", "set_limits", async (tx, card, now) => {
    const [limit] = args.limits;
    if (!limit) throw new AppError("VALIDATION_FAILED", "One limit is required.");
    await assertCardLimitsAllowed(tx, {
      projectId: card.projectId,
      actorId: ctx.user.id,
      cardholderId: card.cardholderId,
      teamId: card.teamId,
      amount: limit.sum_amount,
      now,
    });
    await replaceCardLimit(tx, {
      projectId: card.projectId,
      cardId: card.id,
      sumAmount: limit.sum_amount,
      singleAmount: limit.sum_amount,
      count: CARD_LIMIT_COUNT,
      usageType: "ALL",
      period: limit.period,
      createdAt: now,
      updatedAt: now,
    });
    return { change: {}, data: { limit } };
  });
};

const uuid = z.uuid();
const optionalUuid = z
  .uuid()
  .nullish()
  .transform((value) => value ?? null);

/**
 * Handing a card to someone is issuing it to them as far as the actor's limit control goes (spec 5): an actor who
 * may not issue cards to themself may not take one over either, and one whose cards are capped may not hand on a
 * card whose limit is over the cap. The company's credit is not asked again: the card and its limit already exist.
 */
export const changeCardholder = (deps: AppDeps, ctx: ProjectContext, id: string, userId: unknown) => {
  const next = uuid.parse(userId);
  return changeCard(deps, ctx, id, "change-cardholder", "change_cardholder", async (tx, card, now) => {
    await assertCardholder(tx, card.projectId, next);
    authorizeAfter(ctx, "change-cardholder", card, { cardholderId: next });
    const [limit] = await limitsOf(tx, [card]);
    await assertCardLimitsAllowed(
      tx,
      {
        projectId: card.projectId,
        actorId: ctx.user.id,
        cardholderId: next,
        teamId: card.teamId,
        amount: limit?.sumAmount ?? 0,
        now,
      },
      { credit: false },
    );
    return { change: { cardholderId: next }, data: { from: card.cardholderId, to: next } };
  });
};

export const setCardTeam = (deps: AppDeps, ctx: ProjectContext, id: string, teamId: unknown) => {
  const next = optionalUuid.parse(teamId);
  return changeCard(deps, ctx, id, "set-team", "set_team", async (tx, card) => {
    await assertTeam(tx, card.projectId, next);
    authorizeAfter(ctx, "set-team", card, { teamId: next });
    return { change: { teamId: next }, data: { from: card.teamId, to: next } };
  });
};

export const setCardDefaultCategory = (deps: AppDeps, ctx: ProjectContext, id: string, categoryId: unknown) => {
  const next = optionalUuid.parse(categoryId);
  return changeCard(deps, ctx, id, "set-default-category", "set_default_category", async (tx, card) => {
    await assertCategory(tx, card.projectId, next);
    return { change: { defaultTransactionCategoryId: next }, data: { from: card.categoryId, to: next } };
  });
};
