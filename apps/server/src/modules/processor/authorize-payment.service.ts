import { randomInt } from "node:crypto";
import { type CurrencyCode, currencyExponent, DECLINE_CODES, type DeclineCode } from "@kort/core";
import type { CardSecrets } from "../../platform/crypto/card-secrets.ts";
import type { Db, Tx } from "../../platform/db/client.ts";
import type { AuthorizationRow } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/errors.ts";
import { decisionState } from "./balances.repo.ts";
import { type Decision, type DecisionInput, decide } from "./decide.ts";
import { toIsk } from "./fx.ts";
import {
  findAuthorizationByReference,
  fxRateAt,
  insertAuthorization,
  insertTransaction,
  lockCardAndCompany,
} from "./processor.repo.ts";

type LockedCard = NonNullable<Awaited<ReturnType<typeof lockCardAndCompany>>>;

/** What the processor needs: the database, the card key's operations, and the clock of its rules. */
export type ProcessorDeps = { db: Db; secrets: CardSecrets; now: () => Date };

export type PaymentRequest = {
  pan: string;
  expiryMonth: number;
  expiryYear: number;
  /** In `currency` minor units (USD 12.99 = 1299). */
  amount: number;
  currency: CurrencyCode;
  merchantName: string;
  mcc: string;
  merchantCountry: string;
  /** The network's id for this request (at most 64): a retry with it on the same card answers the stored decision. */
  networkReference?: string;
};

/** `id` is null only for an unknown card: there is no company to store that request under. */
export type PaymentAnswer = {
  id: string | null;
  approved: boolean;
  declineCode: DeclineCode | null;
  amountIsk: number;
};

type Priced = { amountIsk: number; supported: boolean };

const priced = async (db: Db, request: PaymentRequest, now: Date): Promise<Priced> => {
  if (request.currency === "ISK") return { amountIsk: request.amount, supported: true };
  const rate = await fxRateAt(db, request.currency, now);
  if (rate === undefined) return { amountIsk: 0, supported: false };
  return { amountIsk: toIsk(request.amount, request.currency, rate), supported: true };
};

/** Loads, under the locks already held, everything `decide` reads: a dozen balance rows by key (balances.repo.ts). */
const decisionInput = async (
  tx: Tx,
  card: LockedCard,
  request: PaymentRequest,
  amountIsk: number,
  now: Date,
): Promise<DecisionInput> => {
  const state = await decisionState(tx, card, now);
  return {
    now,
    card,
    request: { amountIsk, mcc: request.mcc, expiryMonth: request.expiryMonth, expiryYear: request.expiryYear },
    limits: state.limits,
    team: state.team,
    availableCredit: card.creditLimit - state.creditUsed,
  };
};

const isDeclineCode = (code: string | null): code is DeclineCode =>
  code !== null && DECLINE_CODES.some((known) => known === code);

/**
 * The stored decision for a retried request. The same reference with another amount or currency is not a retry
 * but a network error: CONFLICT, so nothing is decided twice and nothing is silently answered for another amount.
 */
const storedAnswer = (row: AuthorizationRow, request: PaymentRequest): PaymentAnswer => {
  if (row.originalAmount !== request.amount || row.originalCurrency !== request.currency) {
    throw new AppError("CONFLICT", "The network reference was used for another amount.", {
      network_reference: request.networkReference,
    });
  }
  const declineCode = isDeclineCode(row.declineCode) ? row.declineCode : null;
  return { id: row.id, approved: row.status !== "declined", declineCode, amountIsk: row.amount };
};

/**
 * Decides one authorization request in one database transaction: the card row and then the project row are
 * locked (FOR NO KEY UPDATE), the limits and credit are read from the running balances, and the decision is
 * stored (the triggers post it to the balances in the same transaction), approved
 * (`pending`, reserving its amount) or declined with its code. Concurrent requests on one card or one
 * project take turns, so together they never approve more than a limit or the credit allows. A request with a
 * network reference already decided on that card answers the stored decision (a network retry).
 */
export const authorizePayment = async (deps: ProcessorDeps, request: PaymentRequest): Promise<PaymentAnswer> => {
  const lookup = deps.secrets.panLookup(request.pan);
  const { amountIsk, supported } = await priced(deps.db, request, deps.now());
  return deps.db.transaction(async (tx) => {
    const card = await lockCardAndCompany(tx, lookup);
    if (!card) return { id: null, approved: false, declineCode: "UNKNOWN_CARD", amountIsk };
    // A retry waits on the card lock behind the first request, so it sees the decision that request committed.
    const reference = request.networkReference;
    const stored = reference ? await findAuthorizationByReference(tx, card, reference) : undefined;
    if (stored) return storedAnswer(stored, request);
    // The clock is read after the locks are held, so stored times follow the order of the decisions.
    const now = deps.now();
    const decision: Decision = supported
      ? decide(await decisionInput(tx, card, request, amountIsk, now))
      : { approved: false, code: "CURRENCY_NOT_SUPPORTED" };
    const id = await insertAuthorization(tx, {
      projectId: card.projectId,
      cardId: card.id,
      userId: card.cardholderId,
      teamId: card.teamId,
      amount: amountIsk,
      currency: "ISK",
      originalAmount: request.amount,
      originalCurrency: request.currency,
      originalExponent: currencyExponent(request.currency),
      merchantName: request.merchantName,
      merchantCountry: request.merchantCountry,
      mcc: request.mcc,
      networkReference: reference ?? null,
      status: decision.approved ? "pending" : "declined",
      declineCode: decision.approved ? null : decision.code,
      approvalCode: decision.approved ? String(randomInt(0, 1_000_000)).padStart(6, "0") : null,
      createdAt: now,
      updatedAt: now,
    });
    if (id === undefined) {
      const raced = reference ? await findAuthorizationByReference(tx, card, reference) : undefined;
      if (!raced) throw new Error("An authorization conflicted on its network reference but was not found");
      return storedAnswer(raced, request);
    }
    if (decision.approved) {
      // The purchase is in the ledger from the moment it is approved, unsettled (closed_at null): the holder can
      // attach a receipt and the accountant categorise it before it clears. Sums read the authorization until then.
      await insertTransaction(tx, {
        projectId: card.projectId,
        cardId: card.id,
        userId: card.cardholderId,
        teamId: card.teamId,
        authorizationId: id,
        description: request.merchantName,
        merchantName: request.merchantName,
        merchantCountry: request.merchantCountry,
        mcc: request.mcc,
        originalAmount: request.amount,
        originalCurrency: request.currency,
        originalExponent: currencyExponent(request.currency),
        transactionAmount: amountIsk,
        transactionDate: now,
        categoryId: card.defaultTransactionCategoryId,
        closedAt: null,
        createdAt: now,
        updatedAt: now,
      });
    }
    return { id, approved: decision.approved, declineCode: decision.approved ? null : decision.code, amountIsk };
  });
};
