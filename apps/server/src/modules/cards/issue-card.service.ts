import { randomUUID } from "node:crypto";
import { CARD_LIMIT_COUNT, type CardType, type LimitPeriod } from "@kort/core";
import { writeAudit } from "../../platform/audit/audit.ts";
import type { CardSecrets } from "../../platform/crypto/card-secrets.ts";
import type { Tx } from "../../platform/db/client.ts";
import { violatedUniqueConstraint } from "../../platform/errors.ts";
import { assertProjectApproved } from "../projects/project-approval.service.ts";
import { expiryFrom, generateCvc, generatePan, lastFour } from "./card-numbers.ts";
import { insertCard, insertCardLimit } from "./cards.repo.ts";

export type IssueCardInput = {
  projectId: string;
  cardType: CardType;
  cardholderId: string;
  teamId: string | null;
  /** The card name, at most 30 characters (checked by the caller's schema). */
  description: string;
  limit: { sumAmount: number; period: LimitPeriod };
  willCloseAt: Date | null;
  defaultTransactionCategoryId: string | null;
  createdBy: string;
  requestId?: string;
};

export type IssuedCard = {
  id: string;
  maskedNumber: string;
  expirationMonth: number;
  expirationYear: number;
};

/** The key that refuses a card number already taken: the card directory's (the cards' own went in migration 0043). */
const NUMBER_TAKEN = "card_numbers_pkey";

/**
 * Issues an ACTIVE virtual card in the caller's transaction (authorisation and the limit check are the
 * caller's): a Luhn-valid test PAN, CVC and expiry 3 years out, PAN and CVC sealed with the card key and the
 * PAN's lookup hash stored; one limit (count 1000, single amount = sum, usage ALL, spec section 3). Audited as
 * `card.create` with the last four digits only. A PAN that collides with another card's is drawn again. Refused
 * with PROJECT_NOT_APPROVED unless the platform has approved the company: every issuing path comes through here.
 * The answer carries the PAN and CVC for the caller that must hand them on (the network simulator, tests);
 * nothing may list or log them.
 */
export const issueCard = async (
  tx: Tx,
  deps: { secrets: CardSecrets; now: Date },
  input: IssueCardInput,
): Promise<IssuedCard & { pan: string; cvc: string }> => {
  await assertProjectApproved(tx, input.projectId);
  const id = randomUUID();
  const { now, secrets } = deps;
  const expiry = expiryFrom(now);
  const cvc = generateCvc();
  let pan = generatePan();
  for (let attempt = 0; ; attempt += 1) {
    const inserted = await tx
      .transaction(async (savepoint) => {
        await insertCard(savepoint, {
          id,
          projectId: input.projectId,
          cardType: input.cardType,
          teamId: input.teamId,
          status: "ACTIVE",
          statusChangedAt: now,
          description: input.description,
          maskedNumber: lastFour(pan),
          panEncrypted: secrets.seal(pan, id),
          cvcEncrypted: secrets.seal(cvc, id),
          panLookup: secrets.panLookup(pan),
          ...expiry,
          cardholderId: input.cardholderId,
          createdBy: input.createdBy,
          willCloseAt: input.willCloseAt,
          defaultTransactionCategoryId: input.defaultTransactionCategoryId,
          createdAt: now,
          updatedAt: now,
        });
        return true;
      })
      .catch((error: unknown) => {
        // A number another card already has: refused by the card directory's key, which its trigger writes.
        if (attempt < 3 && violatedUniqueConstraint(error) === NUMBER_TAKEN) return false;
        throw error;
      });
    if (inserted) break;
    pan = generatePan();
  }
  await insertCardLimit(tx, {
    projectId: input.projectId,
    cardId: id,
    sumAmount: input.limit.sumAmount,
    singleAmount: input.limit.sumAmount,
    count: CARD_LIMIT_COUNT,
    usageType: "ALL",
    period: input.limit.period,
    createdAt: now,
    updatedAt: now,
  });
  await writeAudit(tx, {
    action: "card.create",
    objectType: "card",
    objectId: id,
    projectId: input.projectId,
    actorUserId: input.createdBy,
    requestId: input.requestId,
    data: { masked_number: lastFour(pan), card_type: input.cardType, limit: input.limit },
    at: now,
  });
  return { id, maskedNumber: lastFour(pan), ...expiry, pan, cvc };
};
