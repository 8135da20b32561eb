import type { Tx } from "../../platform/db/client.ts";
import type { AuthorizationRow, TransactionRow } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/errors.ts";
import { categoriseSettled } from "../categorisation/categorisation.service.ts";
import type { ProcessorDeps } from "./authorize-payment.service.ts";
import { captureTolerances, flagOverCapture } from "./capture-review.repo.ts";
import { excessOverTolerance, toleranceFor } from "./capture-tolerance.ts";
import { companyIdFor, companyOfId } from "./company-ids.ts";
import { proportionOf, toIsk } from "./fx.ts";
import {
  findAuthorization,
  findTransaction,
  fxRateAt,
  insertTransaction,
  lockAuthorization,
  lockCardById,
  lockProjectCredit,
  refundedOf,
  removeUnsettledTransaction,
  settleTransaction,
  unsettledTransactionOf,
  updateAuthorization,
} from "./processor.repo.ts";

type SettleDeps = Pick<ProcessorDeps, "db" | "now">;

const notFound = (what: string) => new AppError("NOT_FOUND", `The ${what} was not found.`);

/** The authorization the network names by its id, within the company the id carries (company-ids.ts). */
const authorizationOf = async (tx: Tx, id: string) => {
  const company = await companyOfId(tx, id);
  return company ? findAuthorization(tx, { projectId: company.projectId, id }) : undefined;
};

/** Takes the card and project locks (the order authorizations take them) and then the authorization's row. */
const lockedAuthorization = async (tx: Tx, authorizationId: string) => {
  const seen = await authorizationOf(tx, authorizationId);
  if (!seen) throw notFound("authorization");
  const card = await lockCardById(tx, { projectId: seen.projectId, id: seen.cardId });
  if (!card) throw notFound("card");
  await lockProjectCredit(tx, card.projectId);
  const row = await lockAuthorization(tx, seen);
  if (!row) throw notFound("authorization");
  return { row, card };
};

export type ReversalAnswer = { id: string; status: AuthorizationRow["status"] };

/**
 * Releases a pending authorization's reservation. Reversing twice answers the same. A reversal that finds the
 * authorization expired answers so: expiry released the same reservation and removed the same ledger row, and a
 * network's late reversal is harmless, not a conflict. A settled or declined one is a CONFLICT.
 */
export const reverseAuthorization = (deps: SettleDeps, authorizationId: string): Promise<ReversalAnswer> =>
  deps.db.transaction(async (tx) => {
    const { row } = await lockedAuthorization(tx, authorizationId);
    if (row.status === "reversed" || row.status === "expired") return { id: row.id, status: row.status };
    if (row.status !== "pending") {
      throw new AppError("CONFLICT", `The authorization is ${row.status} and cannot be reversed.`, {
        status: row.status,
      });
    }
    const now = deps.now();
    await updateAuthorization(tx, row, { status: "reversed", reversedAt: now, updatedAt: now });
    // The purchase did not happen: it leaves the ledger; a receipt attached to it waits unmatched again.
    await removeUnsettledTransaction(tx, row);
    return { id: row.id, status: "reversed" };
  });

export type SettlementAnswer = { transaction_id: string; authorization_id: string | null; amount_isk: number };

/** The ISK of `amount` (original currency): the authorized ISK when unchanged, else at today's rate. */
const settledIsk = async (tx: Tx, row: AuthorizationRow, amount: number, now: Date): Promise<number> => {
  if (amount === row.originalAmount) return row.amount;
  if (row.originalCurrency === "ISK") return amount;
  const rate = await fxRateAt(tx, row.originalCurrency, now);
  if (rate === undefined) throw new AppError("CONFLICT", `No exchange rate for ${row.originalCurrency}.`);
  return toIsk(amount, row.originalCurrency, rate);
};

/**
 * A clearing retried by the network: one authorization settles once (no partial clearings; the unique key
 * (project_id, authorization_id) of transactions holds it), so the same amount again answers the stored settlement, another
 * amount is a CONFLICT.
 */
const repeatedClearing = async (tx: Tx, row: AuthorizationRow, amount: number): Promise<SettlementAnswer> => {
  const settled = await findTransaction(tx, { projectId: row.projectId, authorizationId: row.id });
  if (!settled || settled.originalAmount !== amount) {
    throw new AppError("CONFLICT", "The authorization was cleared already at another amount.", { status: row.status });
  }
  return { transaction_id: settled.id, authorization_id: row.id, amount_isk: settled.transactionAmount };
};

/**
 * Settles a pending authorization into a transaction. The final amount (in the authorization's currency) may
 * differ from the authorized one (a tip, a fuel pump): the reservation is released and the settled amount
 * counts as used, dated at the authorization's time so it stays in the same limit windows. No balance is checked
 * (networks post clearings whatever they are); one far above its authorization is flagged (capture-tolerance.ts).
 */
export const clearAuthorization = (
  deps: SettleDeps,
  input: { authorizationId: string; amount: number },
): Promise<SettlementAnswer> =>
  deps.db.transaction(async (tx) => {
    const { row, card } = await lockedAuthorization(tx, input.authorizationId);
    if (row.status === "cleared") return repeatedClearing(tx, row, input.amount);
    // An expired authorization released its reservation, but the purchase happened: its late clearing posts.
    if (row.status !== "pending" && row.status !== "expired") {
      throw new AppError("CONFLICT", `The authorization is ${row.status} and cannot be cleared.`, {
        status: row.status,
      });
    }
    const now = deps.now();
    const amountIsk = await settledIsk(tx, row, input.amount, now);
    const settled = { originalAmount: input.amount, transactionAmount: amountIsk, closedAt: now, updatedAt: now };
    const unsettled = await unsettledTransactionOf(tx, row);
    // Approved purchases are in the ledger unsettled (with what people set on them); older ones are made here.
    const transactionId = unsettled
      ? await settleTransaction(tx, { projectId: row.projectId, id: unsettled.id }, settled)
      : await insertTransaction(tx, {
          id: await companyIdFor(tx, row.projectId),
          projectId: row.projectId,
          cardId: row.cardId,
          userId: row.userId,
          teamId: row.teamId,
          authorizationId: row.id,
          description: row.merchantName,
          merchantName: row.merchantName,
          merchantCountry: row.merchantCountry,
          mcc: row.mcc,
          originalAmount: input.amount,
          originalCurrency: row.originalCurrency,
          originalExponent: row.originalExponent,
          transactionAmount: amountIsk,
          transactionDate: row.createdAt,
          categoryId: card.defaultTransactionCategoryId,
          closedAt: now,
          createdAt: now,
          updatedAt: now,
        });
    // The company's rules fill what nobody has set yet, in this same transaction (issue 19).
    await categoriseSettled(tx, row.projectId, [{ transactionId, merchantName: row.merchantName }], now);
    await updateAuthorization(tx, row, {
      status: "cleared",
      clearedAmount: amountIsk,
      clearedAt: now,
      updatedAt: now,
    });
    if (amountIsk > row.amount) {
      const tolerance = toleranceFor(row.mcc, await captureTolerances(tx, row.projectId));
      const excessIsk = excessOverTolerance(row.amount, amountIsk, tolerance);
      if (excessIsk > 0) {
        await flagOverCapture(tx, {
          projectId: row.projectId,
          cardId: row.cardId,
          transactionId,
          authorizationId: row.id,
          authorizedIsk: row.amount,
          clearedIsk: amountIsk,
          excessIsk,
          now,
        });
      }
    }
    return { transaction_id: transactionId, authorization_id: row.id, amount_isk: amountIsk };
  });

/** A refund retried with its network reference answers the stored refund; the reference on anything else is a CONFLICT. */
const repeatedRefund = (refund: TransactionRow, purchase: TransactionRow, amount: number): SettlementAnswer => {
  if (refund.refundOfTransactionId !== purchase.id || refund.originalAmount !== -amount) {
    throw new AppError("CONFLICT", "The network reference was used for another refund.");
  }
  return {
    transaction_id: refund.id,
    authorization_id: purchase.authorizationId,
    amount_isk: refund.transactionAmount,
  };
};

/**
 * The purchase a refund names: by its transaction id, or by the authorization it settled, found first so the
 * settlement is looked up within its company.
 */
const purchaseOf = async (tx: Tx, by: { authorizationId: string } | { transactionId: string }) => {
  if ("transactionId" in by) {
    const company = await companyOfId(tx, by.transactionId);
    return company ? findTransaction(tx, { projectId: company.projectId, id: by.transactionId }) : undefined;
  }
  const authorization = await authorizationOf(tx, by.authorizationId);
  return authorization
    ? findTransaction(tx, { projectId: authorization.projectId, authorizationId: authorization.id })
    : undefined;
};

/**
 * A refund of a settled purchase, found by its authorization or its transaction: a negative transaction in the
 * purchase's currency. Its ISK is the same share of the purchase's ISK (no rate drift: a full refund gives back
 * exactly what was paid). Refunds together cannot exceed the purchase.
 */
export const refundPurchase = (
  deps: SettleDeps,
  input: ({ authorizationId: string } | { transactionId: string }) & { amount: number; networkReference?: string },
): Promise<SettlementAnswer> =>
  deps.db.transaction(async (tx) => {
    const seen = await purchaseOf(tx, input);
    if (!seen || seen.closedAt === null) throw notFound("settled purchase");
    const card = await lockCardById(tx, { projectId: seen.projectId, id: seen.cardId });
    if (!card) throw notFound("card");
    await lockProjectCredit(tx, card.projectId);
    const reference = input.networkReference;
    const repeated = reference
      ? await findTransaction(tx, { projectId: card.projectId, cardId: card.id, networkReference: reference })
      : undefined;
    if (repeated) return repeatedRefund(repeated, seen, input.amount);
    if (seen.refundOfTransactionId !== null || seen.originalAmount <= 0) {
      throw new AppError("CONFLICT", "Only a purchase can be refunded.");
    }
    const refunded = await refundedOf(tx, seen);
    if (refunded + input.amount > seen.originalAmount) {
      throw new AppError("CONFLICT", "The refunds would exceed the purchase.", {
        refundable: seen.originalAmount - refunded,
      });
    }
    const now = deps.now();
    const amountIsk = proportionOf(seen.transactionAmount, input.amount, seen.originalAmount);
    const transactionId = await insertTransaction(tx, {
      id: await companyIdFor(tx, seen.projectId),
      projectId: seen.projectId,
      cardId: seen.cardId,
      userId: seen.userId,
      teamId: seen.teamId,
      refundOfTransactionId: seen.id,
      networkReference: reference ?? null,
      description: seen.description,
      merchantName: seen.merchantName,
      merchantCountry: seen.merchantCountry,
      mcc: seen.mcc,
      originalAmount: -input.amount,
      originalCurrency: seen.originalCurrency,
      originalExponent: seen.originalExponent,
      transactionAmount: -amountIsk,
      transactionDate: now,
      categoryId: seen.categoryId,
      closedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    return { transaction_id: transactionId, authorization_id: seen.authorizationId, amount_isk: -amountIsk };
  });
