import type { MerchantControls } from "@kort/core";
import { writeAudit } from "../../platform/audit/audit.ts";
import type { Tx } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { policyFor } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { cardSubject, loadCardFor } from "../cards/card-access.ts";
import {
  findCardMerchantControls,
  findCardsMerchantControls,
  findProjectSpendRules,
  writeCardMerchantControls,
} from "./spend-rules.repo.ts";
import {
  type CardMerchantControlsDto,
  controlsDto,
  type EffectiveMerchantControlsDto,
  merchantControlsSchema,
  optionalMerchantControlsSchema,
} from "./spend-rules.schemas.ts";

/**
 * A card's own merchant controls (issue 19): read by whoever may read the card, changed by whoever may manage its
 * limits (`card manage-limits`: owners, and team admins for their teams' cards), in one transaction with the card
 * locked and an audit row.
 */

type Deps = Pick<AppDeps, "db" | "now">;

export const cardMerchantControlsFor = async (
  deps: Deps,
  ctx: ProjectContext,
  cardId: string,
): Promise<CardMerchantControlsDto> => {
  const card = await loadCardFor(deps.db, ctx, cardId, "read");
  const [own, rules] = await Promise.all([
    findCardMerchantControls(deps.db, card.projectId, card.id),
    findProjectSpendRules(deps.db, card.projectId),
  ]);
  return {
    card_id: card.id,
    own: controlsDto(own),
    company_default: controlsDto(rules.merchantDefault),
    can_manage: policyFor(ctx, "card", "manage-limits", cardSubject(card)).allowed,
  };
};

const effective = (
  controls: MerchantControls | null,
  source: EffectiveMerchantControlsDto["source"],
): EffectiveMerchantControlsDto | null => {
  if (!controls) return null;
  // A card's own BLOCK of nothing is how it opts out of the default: nothing restricts it (docs/spend-rules.md).
  if (controls.mode === "BLOCK" && controls.groups.length === 0 && controls.merchants.length === 0) return null;
  return { mode: controls.mode, groups: [...controls.groups], merchants: [...controls.merchants], source };
};

/**
 * The merchant controls each card meets, for cards the caller has already been allowed to read (the app's list and
 * card): two statements for any number of cards, the cards' own rows and the company's default, never one per card.
 */
export const effectiveMerchantControls = async (
  deps: Pick<AppDeps, "db">,
  projectId: string,
  cardIds: readonly string[],
): Promise<Map<string, EffectiveMerchantControlsDto | null>> => {
  if (cardIds.length === 0) return new Map();
  const [own, rules] = await Promise.all([
    findCardsMerchantControls(deps.db, projectId, cardIds),
    findProjectSpendRules(deps.db, projectId),
  ]);
  return new Map(
    cardIds.map((id) => [
      id,
      own.has(id) ? effective(own.get(id) ?? null, "CARD") : effective(rules.merchantDefault, "COMPANY_DEFAULT"),
    ]),
  );
};

export const setCardMerchantControls = async (
  deps: Deps,
  ctx: ProjectContext,
  cardId: string,
  input: unknown,
): Promise<CardMerchantControlsDto> => {
  const controls = optionalMerchantControlsSchema.parse(input);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const card = await loadCardFor(tx, ctx, cardId, "manage-limits", { lock: true });
    if (card.status === "CLOSED") throw new AppError("CARD_CLOSED", "The card is closed and cannot be changed.");
    const before = await findCardMerchantControls(tx, card.projectId, card.id);
    await writeCardMerchantControls(tx, { projectId: card.projectId, cardId: card.id, controls, by: ctx.user.id, now });
    await writeAudit(tx, {
      action: "card.set_merchant_controls",
      objectType: "card",
      objectId: card.id,
      projectId: card.projectId,
      actorUserId: ctx.user.id,
      requestId: ctx.requestId,
      data: { masked_number: card.maskedNumber, from: controlsDto(before), to: controlsDto(controls) },
      at: now,
    });
  });
  return cardMerchantControlsFor(deps, ctx, cardId);
};

/** Parses the create-card panel's optional controls (undefined or null: none). */
export const parseNewCardMerchantControls = (input: unknown): MerchantControls | null =>
  input === undefined || input === null ? null : merchantControlsSchema.parse(input);

/**
 * A new card's controls, in the transaction that issues it (the caller was asked `card create` and, for these
 * controls, `card manage-limits` of the card to be: createCard in cards/card-changes.service.ts).
 */
export const writeNewCardMerchantControls = async (
  tx: Tx,
  row: { projectId: string; cardId: string; controls: MerchantControls; by: string; requestId: string; now: Date },
): Promise<void> => {
  await writeCardMerchantControls(tx, { ...row });
  await writeAudit(tx, {
    action: "card.set_merchant_controls",
    objectType: "card",
    objectId: row.cardId,
    projectId: row.projectId,
    actorUserId: row.by,
    requestId: row.requestId,
    data: { from: null, to: controlsDto(row.controls) },
    at: row.now,
  });
};
