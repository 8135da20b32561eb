import { writeAudit } from "../../platform/audit/audit.ts";
import { AppError } from "../../platform/errors.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { confirmPasscode } from "../auth/passcode-check.service.ts";
import { assertCardActionPossible, type CardAction, type CardRecord, loadCardFor } from "../cards/card-access.ts";
import { processorDeps } from "../processor/network.rest.ts";
import { sealedSecretsOf } from "./funding-sources.repo.ts";
import { provisionSchema, revealSchema } from "./funding-sources.schemas.ts";
import { buildProvisioningPayload, type Wallet } from "./wallet-provisioning.ts";

/**
 * The card's secrets leave the server only to its holder: `card sensitive-details` and `card push-provisioning`
 * are granted to the user role in own scope and to no other role (decisions.md), so even the project owner is
 * refused another person's card. Every reveal is audited with the last four digits only, never the PAN.
 */

const assertUsable = (card: CardRecord): void => {
  if (card.status === "CLOSED") throw new AppError("CARD_CLOSED", "The card is closed.");
  if (card.status === "EXPIRED" || card.status === "REJECTED") {
    throw new AppError("CONFLICT", "The card can no longer be used.", { status: card.status });
  }
};

const loadUsable = async (deps: AppDeps, ctx: ProjectContext, id: string, action: CardAction) => {
  const card = await loadCardFor(deps.db, ctx, id, action);
  assertUsable(card);
  return card;
};

const openSecrets = async (deps: AppDeps, card: CardRecord) => {
  const sealed = await sealedSecretsOf(deps.db, card.projectId, card.id);
  if (!sealed) throw new Error("card vanished");
  const { secrets } = processorDeps(deps);
  return { pan: secrets.open(sealed.pan, card.id), cvc: secrets.open(sealed.cvc, card.id) };
};

const audit = (deps: AppDeps, ctx: ProjectContext, card: CardRecord, action: string, data = {}) =>
  writeAudit(deps.db, {
    action,
    objectType: "card",
    objectId: card.id,
    projectId: card.projectId,
    actorUserId: ctx.user.id,
    requestId: ctx.requestId,
    data: { masked_number: card.maskedNumber, ...data },
    at: deps.now(),
  });

/**
 * Spec 7, sensitive: PAN, CVC and expiry for the holder, after they re-enter their passcode (issue 17: a phone
 * left unlocked must not show the card); audited as `card.reveal`. The body is read after the policy question.
 */
export const revealCard = async (deps: AppDeps, ctx: ProjectContext, id: string, body: unknown) => {
  const card = await loadUsable(deps, ctx, id, "sensitive-details");
  const { passcode } = revealSchema.parse(body ?? {});
  await confirmPasscode(deps, ctx, ctx.user.id, passcode);
  const { pan, cvc } = await openSecrets(deps, card);
  await audit(deps, ctx, card, "card.reveal");
  return { pan, cvc, expiry_month: card.expirationMonth, expiry_year: card.expirationYear };
};

/** Spec 7, provision: the wallet payload (wallet-provisioning.ts), audited as `card.provision`. */
export const provisionCard = async (deps: AppDeps, ctx: ProjectContext, id: string, wallet: Wallet, body: unknown) => {
  assertCardActionPossible(ctx, "push-provisioning");
  const request = provisionSchema.parse(body ?? {});
  const card = await loadUsable(deps, ctx, id, "push-provisioning");
  const { pan } = await openSecrets(deps, card);
  const payload = buildProvisioningPayload(
    wallet,
    {
      cardId: card.id,
      pan,
      expiryMonth: card.expirationMonth,
      expiryYear: card.expirationYear,
      cardholderName: card.cardholderName,
    },
    { publicKey: request.public_key, nonce: request.nonce },
  );
  await audit(deps, ctx, card, "card.provision", { wallet });
  return payload;
};
