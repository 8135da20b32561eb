import type { CardType } from "@kort/core";
import { writeAudit } from "../../platform/audit/audit.ts";
import type { Tx } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { processorDeps } from "../processor/network.rest.ts";
import { assertProjectApproved } from "../projects/project-approval.service.ts";
import { parseNewCardMerchantControls, writeNewCardMerchantControls } from "../spend-rules/card-controls.service.ts";
import { assertCardActionPossible, authorizeCard, type CardAction, cardSubject, loadCardFor } from "./card-access.ts";
import { assertCardLimitsAllowed } from "./card-limit-check.service.ts";
import { type CardChange, updateCard } from "./cards.repo.ts";
import { createCardSchema } from "./cards.schemas.ts";
import { type CardRecord, isLiveTeam, isUsableCategory, lockCardholderMembership } from "./cards-query.repo.ts";
import { issueCard } from "./issue-card.service.ts";

const invalid = (path: string, message: string): AppError =>
  new AppError("VALIDATION_FAILED", message, { issues: [{ path, code: "custom", message }] });

/**
 * The checks a card's new cardholder, team or category must pass: rows of the caller's project. The cardholder's
 * membership stays locked until the transaction ends (lockCardholderMembership), so no card goes to someone who
 * is being removed.
 */
export const assertCardholder = async (tx: Tx, projectId: string, userId: string): Promise<void> => {
  if (!(await lockCardholderMembership(tx, projectId, userId))) {
    throw new AppError("USER_NOT_IN_PROJECT", "The cardholder is not a member of the company.");
  }
};
export const assertTeam = async (tx: Tx, projectId: string, teamId: string | null): Promise<void> => {
  if (teamId && !(await isLiveTeam(tx, projectId, teamId))) throw new AppError("NOT_FOUND", "The team was not found.");
};
export const assertCategory = async (tx: Tx, projectId: string, categoryId: string | null): Promise<void> => {
  if (categoryId && !(await isUsableCategory(tx, projectId, categoryId))) {
    throw new AppError("NOT_FOUND", "The category was not found.");
  }
};

/**
 * Spec 7, create employee card / create business card, in one transaction: the input is parsed (name required,
 * at most 30; one limit; a close date only for employee cards and not before today), the policy is asked as
 * `card create` for that cardholder and team (a team admin without a team is refused with `same_team` missing),
 * then the limit check, then the card is issued (audited as card.create). Returns the new card's id.
 */
export const createCard = async (
  deps: AppDeps,
  ctx: ProjectContext,
  cardType: CardType,
  input: unknown,
): Promise<string> => {
  assertCardActionPossible(ctx, "create");
  const args = createCardSchema.parse(input);
  // The create panel's optional step (issue 19): merchant controls written with the card, in its transaction.
  const merchantControls = parseNewCardMerchantControls((input as { merchant_controls?: unknown }).merchant_controls);
  const now = deps.now();
  if (args.will_close_at && cardType !== "EMPLOYEE_EXPENSE") {
    throw invalid("will_close_at", "Only employee cards close on a date.");
  }
  if (args.will_close_at && args.will_close_at.getTime() < now.getTime()) {
    throw invalid("will_close_at", "The close date may not be in the past.");
  }
  const projectId = ctx.membership.projectId;
  const subject = { project_id: projectId, team_id: args.team_id, user_id: args.cardholder_id };
  authorizeCard(ctx, "create", subject);
  // Where the card may be used is set by whoever may manage its limits (issue 19), asked of the card to be.
  if (merchantControls) authorizeCard(ctx, "manage-limits", subject);
  const [limit] = args.limits;
  if (!limit) throw invalid("limits", "One limit is required.");
  return deps.db.transaction(async (tx) => {
    // Before the limit check: a company waiting for approval has no credit, and should hear why, not that the
    // amount is over its account limit. issueCard asks again (every issuing path goes through it).
    await assertProjectApproved(tx, projectId);
    await assertCardholder(tx, projectId, args.cardholder_id);
    await assertTeam(tx, projectId, args.team_id);
    await assertCategory(tx, projectId, args.default_transaction_category_id);
    await assertCardLimitsAllowed(tx, {
      projectId,
      actorId: ctx.user.id,
      cardholderId: args.cardholder_id,
      teamId: args.team_id,
      amount: limit.sum_amount,
      now,
    });
    const card = await issueCard(
      tx,
      { secrets: processorDeps(deps).secrets, now },
      {
        projectId,
        cardType,
        cardholderId: args.cardholder_id,
        teamId: args.team_id,
        description: args.description,
        limit: { sumAmount: limit.sum_amount, period: limit.period },
        willCloseAt: args.will_close_at,
        defaultTransactionCategoryId: args.default_transaction_category_id,
        createdBy: ctx.user.id,
        requestId: ctx.requestId,
      },
    );
    if (merchantControls) {
      await writeNewCardMerchantControls(tx, {
        projectId,
        cardId: card.id,
        controls: merchantControls,
        by: ctx.user.id,
        requestId: ctx.requestId,
        now,
      });
    }
    return card.id;
  });
};

/** What one change does to a locked card: the columns to set and what the audit row records. */
export type CardEdit = { change: Omit<CardChange, "updatedAt">; data: Record<string, unknown> };

/**
 * The one path of every change to an existing card: in a transaction, lock the card of the caller's project, ask
 * the policy with it, refuse a closed card (closing is final), apply the edit and write `card.<name>` to the
 * audit log. Returns the card's id.
 */
export const changeCard = async (
  deps: AppDeps,
  ctx: ProjectContext,
  cardId: string,
  action: CardAction,
  name: string,
  edit: (tx: Tx, card: CardRecord, now: Date) => Promise<CardEdit>,
): Promise<string> => {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const card = await loadCardFor(tx, ctx, cardId, action, { lock: true });
    if (card.status === "CLOSED") throw new AppError("CARD_CLOSED", "The card is closed and cannot be changed.");
    const { change, data } = await edit(tx, card, now);
    await updateCard(tx, card.projectId, card.id, { ...change, updatedAt: now });
    await writeAudit(tx, {
      action: `card.${name}`,
      objectType: "card",
      objectId: card.id,
      projectId: card.projectId,
      actorUserId: ctx.user.id,
      requestId: ctx.requestId,
      data: { masked_number: card.maskedNumber, ...data },
      at: now,
    });
    return card.id;
  });
};

/** Re-asks the policy about the card as it will be (new cardholder or team): a team admin keeps to their teams. */
export const authorizeAfter = (
  ctx: ProjectContext,
  action: CardAction,
  card: CardRecord,
  next: Partial<Pick<CardRecord, "teamId" | "cardholderId">>,
): void => authorizeCard(ctx, action, cardSubject({ ...card, ...next }));
