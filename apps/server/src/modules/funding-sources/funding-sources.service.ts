import type { CardStatus } from "@kort/core";
import { writeAudit } from "../../platform/audit/audit.ts";
import { hashPasscode } from "../../platform/crypto/passwords.ts";
import { AppError } from "../../platform/errors.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { enqueueMessage } from "../../platform/outbox/outbox.ts";
import { confirmPasscode } from "../auth/passcode-check.service.ts";
import { designsByCardType } from "../card-designs/card-designs.service.ts";
import { assertCardActionPossible, type CardAction, loadCardFor } from "../cards/card-access.ts";
import { type CardEdit, changeCard, createCard } from "../cards/card-changes.service.ts";
import { closeCard, lockCard, unlockCard } from "../cards/card-edits.service.ts";
import type { CardBalanceDto, CardDto } from "../cards/cards.schemas.ts";
import { cardBalance, cardBalances, getCardFor, listCardsFor } from "../cards/cards.service.ts";
import { effectiveMerchantControls } from "../spend-rules/card-controls.service.ts";
import type { EffectiveMerchantControlsDto } from "../spend-rules/spend-rules.schemas.ts";
import { contactOf, setPinHash } from "./funding-sources.repo.ts";
import {
  createFundingSourceSchema,
  type FundingSourceDto,
  type PageQuery,
  setPinSchema,
} from "./funding-sources.schemas.ts";

/**
 * Spec 7, funding sources: the employee app's cards. Reads and admin actions go through the cards module's
 * services (policy, lock, audit); the holder's own actions (freeze, activation, PIN) use its one change path.
 */

const NO_BALANCE: CardBalanceDto = { settled_balance: 0, available_balance: 0, currency: "ISK" };

type Design = { id: string; url: string; thumbnail_url: string | null } | null;

const toFundingSource = (
  card: CardDto,
  balance: CardBalanceDto,
  design: Design,
  merchantControls: EffectiveMerchantControlsDto | null,
): FundingSourceDto => ({
  id: card.id,
  description: card.description,
  status: card.status,
  enabled: card.status === "ACTIVE",
  card: {
    masked_number: card.masked_number,
    card_type: card.card_type,
    expiration_month: card.expiration_month,
    expiration_year: card.expiration_year,
    limits: card.limits,
    balance,
    design,
    merchant_controls: merchantControls,
  },
});

/** The funding source as the caller may read it now (card read). */
export const getFundingSource = async (deps: AppDeps, ctx: ProjectContext, id: string) => {
  const card = await getCardFor(deps, ctx, id);
  const designs = await designsByCardType(deps, ctx.membership.projectId);
  const controls = await effectiveMerchantControls(deps, ctx.membership.projectId, [card.id]);
  return toFundingSource(
    card,
    await cardBalance(deps, card),
    designs.get(card.card_type) ?? null,
    controls.get(card.id) ?? null,
  );
};

/** The caller's own cards in the project, newest first: whatever the role, the app lists what the user holds. */
export const listFundingSources = async (deps: AppDeps, ctx: ProjectContext, page: PageQuery) => {
  const { nodes, total_count } = await listCardsFor(deps, ctx, {
    filter: { cardholder_id: ctx.user.id },
    page: page.page,
    limit: page.limit,
  });
  // Every card's balance in one statement (the processor's running balances), not one per card.
  const balances = await cardBalances(deps, nodes);
  // The company's designs by card type, read once for the whole list.
  const designs = await designsByCardType(deps, ctx.membership.projectId);
  // The merchant controls every card meets: its own rows and the company's default, two statements for the page.
  const controls = await effectiveMerchantControls(
    deps,
    ctx.membership.projectId,
    nodes.map((card) => card.id),
  );
  return {
    nodes: nodes.map((card) =>
      toFundingSource(
        card,
        balances.get(card.id) ?? NO_BALANCE,
        designs.get(card.card_type) ?? null,
        controls.get(card.id) ?? null,
      ),
    ),
    total_count,
  };
};

/** Create: the policy's `card create` decides (a user has none); the cards service checks everything else. */
export const createFundingSource = async (deps: AppDeps, ctx: ProjectContext, body: unknown) => {
  assertCardActionPossible(ctx, "create");
  const { card_type, ...input } = createFundingSourceSchema.parse(body ?? {});
  const id = await createCard(deps, ctx, card_type, input);
  return getFundingSource(deps, ctx, id);
};

export const closeFundingSource = async (deps: AppDeps, ctx: ProjectContext, id: string) =>
  getFundingSource(deps, ctx, await closeCard(deps, ctx, id));
export const lockFundingSource = async (deps: AppDeps, ctx: ProjectContext, id: string) =>
  getFundingSource(deps, ctx, await lockCard(deps, ctx, id));
export const unlockFundingSource = async (deps: AppDeps, ctx: ProjectContext, id: string) =>
  getFundingSource(deps, ctx, await unlockCard(deps, ctx, id));

/** One status move of the holder's: only from `from`, else CONFLICT naming the status it needs. */
const moveStatus = async (
  deps: AppDeps,
  ctx: ProjectContext,
  id: string,
  move: { action: CardAction; name: string; from: CardStatus; to: CardStatus },
) => {
  await changeCard(deps, ctx, id, move.action, move.name, async (_tx, card, now): Promise<CardEdit> => {
    if (card.status !== move.from) {
      throw new AppError("CONFLICT", `Only a card that is ${move.from} can be made ${move.to}.`, {
        status: card.status,
      });
    }
    return { change: { status: move.to, statusChangedAt: now }, data: { from: move.from, to: move.to } };
  });
  return getFundingSource(deps, ctx, id);
};

/** FROZEN is the holder's own, reversible stop (decisions.md); LOCKED is the admins' and is not touched here. */
export const freezeFundingSource = (deps: AppDeps, ctx: ProjectContext, id: string) =>
  moveStatus(deps, ctx, id, { action: "freeze", name: "freeze", from: "ACTIVE", to: "FROZEN" });
export const unfreezeFundingSource = (deps: AppDeps, ctx: ProjectContext, id: string) =>
  moveStatus(deps, ctx, id, { action: "freeze", name: "unfreeze", from: "FROZEN", to: "ACTIVE" });

/** A CREATED card becomes ACTIVE by its holder; both calls of spec 7 ask `card in-app-activation`. */
export const activateFundingSource = (deps: AppDeps, ctx: ProjectContext, id: string, name: string) =>
  moveStatus(deps, ctx, id, { action: "in-app-activation", name, from: "CREATED", to: "ACTIVE" });

/**
 * The PIN is a card secret like the PAN, so it is the holder's `sensitive-details` action, after the passcode
 * again. It is stored only as an argon2id hash; the audit row records that it was set, never the PIN.
 */
export const setFundingSourcePin = async (deps: AppDeps, ctx: ProjectContext, id: string, body: unknown) => {
  assertCardActionPossible(ctx, "sensitive-details");
  const { pin, passcode } = setPinSchema.parse(body ?? {});
  // The card is loaded and asked about first, so a colleague's card id is refused before any passcode counts.
  await loadCardFor(deps.db, ctx, id, "sensitive-details");
  await confirmPasscode(deps, ctx, ctx.user.id, passcode);
  const pinHash = await hashPasscode(pin);
  await changeCard(deps, ctx, id, "sensitive-details", "pin_set", async (tx, card, now) => {
    await setPinHash(tx, card.projectId, card.id, pinHash, now);
    return { change: {}, data: {} };
  });
  return { pin_set: true };
};

const pinRequestText = {
  is: (last4: string) =>
    `Kort: Beðið var um PIN-númer kortsins sem endar á ${last4}. Varst það ekki þú? Frystu kortið í appinu.`,
  en: (last4: string) =>
    `Kort: The PIN of your card ending ${last4} was requested. Not you? Freeze the card in the app.`,
};

/** The PIN reminder: a message to the holder that the PIN was requested; the PIN itself is never sent or kept. */
export const requestFundingSourcePin = async (deps: AppDeps, ctx: ProjectContext, id: string) => {
  const card = await loadCardFor(deps.db, ctx, id, "sensitive-details");
  if (card.status === "CLOSED") throw new AppError("CARD_CLOSED", "The card is closed.");
  const contact = await contactOf(deps.db, card.cardholderId);
  if (!contact) throw new Error("cardholder vanished");
  const text = pinRequestText[ctx.locale === "is-IS" ? "is" : "en"](card.maskedNumber);
  // The message and its audit line together, on one connection.
  await deps.db.transaction(async (tx) => {
    await enqueueMessage(
      tx,
      contact.phone
        ? { channel: "sms", to: contact.phone, body: text, projectId: card.projectId }
        : { channel: "email", to: contact.email, subject: "Kort PIN", body: text, projectId: card.projectId },
    );
    await writeAudit(tx, {
      action: "card.pin_request",
      objectType: "card",
      objectId: card.id,
      projectId: card.projectId,
      actorUserId: ctx.user.id,
      requestId: ctx.requestId,
      data: { masked_number: card.maskedNumber, channel: contact.phone ? "sms" : "email" },
      at: deps.now(),
    });
  });
  return { sent: true };
};
