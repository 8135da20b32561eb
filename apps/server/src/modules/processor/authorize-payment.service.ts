import { randomInt } from "node:crypto";
import { type CurrencyCode, currencyExponent, DECLINE_CODES, type DeclineCode } from "@kort/core";
import type { CardSecrets } from "../../platform/crypto/card-secrets.ts";
import type { Db } from "../../platform/db/client.ts";
import { companyUuid } from "../../platform/db/uuid-v7.ts";
import { AppError } from "../../platform/errors.ts";
import { decisionStatesOf, decisionStatesSql, referenceKey, type StoredDecision } from "./balances.repo.ts";
import { type Batcher, createBatcher } from "./batcher.ts";
import { afterApproval, type Decision, decide, type TeamControl } from "./decide.ts";
import { toIsk } from "./fx.ts";
import { cardOfPan, type DecisionRow, fxRateAt, insertDecisionsSql } from "./processor.repo.ts";

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
  /**
   * A new decision whose cardholder has a device that takes pushes: its push is worth queueing. False for a network
   * retry (the holder was told of the first answer) and an unknown card.
   */
  notify: boolean;
};

type Priced = { amountIsk: number; supported: boolean };

const priced = async (db: Db, request: PaymentRequest, now: Date): Promise<Priced> => {
  if (request.currency === "ISK") return { amountIsk: request.amount, supported: true };
  const rate = await fxRateAt(db, request.currency, now);
  if (rate === undefined) return { amountIsk: 0, supported: false };
  return { amountIsk: toIsk(request.amount, request.currency, rate), supported: true };
};

const isDeclineCode = (code: string | null): code is DeclineCode =>
  code !== null && DECLINE_CODES.some((known) => known === code);

/**
 * The stored decision for a retried request. The same reference with another amount or currency is not a retry
 * but a network error: CONFLICT, so nothing is decided twice and nothing is silently answered for another amount.
 */
const storedAnswer = (row: StoredDecision, request: PaymentRequest): PaymentAnswer | AppError => {
  if (row.originalAmount !== request.amount || row.originalCurrency !== request.currency) {
    return new AppError("CONFLICT", "The network reference was used for another amount.", {
      network_reference: request.networkReference,
    });
  }
  const declineCode = isDeclineCode(row.declineCode) ? row.declineCode : null;
  return { id: row.id, approved: row.status !== "declined", declineCode, amountIsk: row.amount, notify: false };
};

/** A request on its way to its company's batch: priced, and its card found in the directory. */
type Submitted = {
  request: PaymentRequest;
  projectId: string;
  /** The company's number in the registry, which the decision's ids carry (companyUuid). */
  companyNumber: number;
  cardId: string;
  amountIsk: number;
  supported: boolean;
};

/**
 * One transaction on one connection of the pool in two round trips: `BEGIN` rides with the first statement and
 * `COMMIT` with the last (several statements in one simple query; their values are quoted literals). While the
 * card and company locks are held, the only waits are the rules in TypeScript between the two. On any failure the
 * transaction is rolled back (a connection that cannot even roll back is discarded) and the failure rethrown.
 */
const inTwoRoundTrips = async <T>(
  db: Db,
  work: (client: { first(sql: string): Promise<unknown>; last(sql: string): Promise<void> }) => Promise<T>,
): Promise<T> => {
  const client = await db.$client.connect();
  let broken: Error | undefined;
  try {
    return await work({
      first: async (text) => {
        const results = (await client.query(`BEGIN; ${text}`)) as unknown as { rows: { state?: unknown }[] }[];
        return results[1]?.rows[0]?.state;
      },
      last: async (text) => {
        await client.query(`${text}; COMMIT`);
      },
    });
  } catch (error) {
    await client.query("ROLLBACK").catch((failed: Error) => {
      broken = failed;
    });
    throw error;
  } finally {
    client.release(broken);
  }
};

/**
 * Decides a batch of requests of one company or several, in arrival order, in one database transaction with one
 * commit and two round trips (`inTwoRoundTrips`): the first locks, company by company in id order, the company's
 * cards of the batch (in id order) and then its row (FOR NO KEY UPDATE) and reads the state the rules read
 * (running balances, docs/balances.md), in one statement for every company of the batch; `decide` runs per request
 * on that state as the earlier approvals of the batch left it (`afterApproval`); the second inserts the decisions
 * and the approved ones' unsettled ledger rows (the triggers post them to the balances in the same transaction) and
 * commits. A request with a network reference already decided on its card, stored or earlier in the batch, answers
 * that decision (a network retry). An answer that is an error fails that request alone.
 */
const decideBatch = async (deps: ProcessorDeps, batch: readonly Submitted[]): Promise<(PaymentAnswer | Error)[]> =>
  inTwoRoundTrips(deps.db, async ({ first, last }) => {
    // Every batch of every process takes the locks in one order, company by company in id order, a company's cards
    // before its row (a settlement takes one card and then its company), so none waits in a circle; one statement
    // locks and reads them all (`decisionStatesSql`).
    // The clock is read before the locks are granted (they and the read are one statement); the read counts
    // entries dated after it (docs/balances.md, "Batches"), so a decision another process made meanwhile counts.
    const now = deps.now();
    const cards = [...new Map(batch.map(({ projectId, cardId }) => [cardId, { projectId, cardId }])).values()];
    const references = batch.flatMap(({ projectId, cardId, request }) =>
      request.networkReference ? [{ projectId, cardId, reference: request.networkReference }] : [],
    );
    const states = decisionStatesOf(
      (await first(decisionStatesSql(cards, references, now))) as Parameters<typeof decisionStatesOf>[0],
    );
    const credit = new Map([...states].map(([projectId, state]) => [projectId, state.creditLimit - state.creditUsed]));
    // A team's windows as the batch's approvals so far left them, shared by the team's cards: each card's state
    // carries its own copy of the team's read, which a batch-mate on another card of the team would not move.
    const teams = new Map<string, TeamControl | null>();
    const decided = new Map<string, StoredDecision>();
    const rows: DecisionRow[] = [];
    const answers = batch.map(
      ({ request, projectId, companyNumber, cardId, amountIsk, supported }): PaymentAnswer | Error => {
        const state = states.get(projectId);
        const cardState = state?.cards.get(cardId);
        let availableCredit = credit.get(projectId) ?? 0;
        if (!state || !cardState) {
          return { id: null, approved: false, declineCode: "UNKNOWN_CARD", amountIsk, notify: false };
        }
        const reference = request.networkReference;
        const key = reference ? referenceKey(cardId, reference) : undefined;
        const earlier = key ? (state.stored.get(key) ?? decided.get(key)) : undefined;
        if (earlier) return storedAnswer(earlier, request);
        const { card } = cardState;
        const team = card.teamId && teams.has(card.teamId) ? (teams.get(card.teamId) ?? null) : cardState.team;
        const decision: Decision = supported
          ? decide({
              now,
              card,
              request: {
                amountIsk,
                mcc: request.mcc,
                merchantName: request.merchantName,
                expiryMonth: request.expiryMonth,
                expiryYear: request.expiryYear,
              },
              merchantControls: cardState.merchantControls,
              receiptLock: cardState.receiptLock,
              limits: cardState.limits,
              team,
              availableCredit,
            })
          : { approved: false, code: "CURRENCY_NOT_SUPPORTED" };
        // Time-ordered: every decision lands on the newest page of the authorizations key (uuid-v7.ts). The ids carry
        // the company, since the network names the authorization and its ledger row by id alone later (company-ids.ts).
        const id = companyUuid(companyNumber);
        const status = decision.approved ? "pending" : "declined";
        const declineCode = decision.approved ? null : decision.code;
        rows.push({
          id,
          project_id: projectId,
          card_id: cardId,
          user_id: card.cardholderId,
          team_id: card.teamId,
          amount: amountIsk,
          original_amount: request.amount,
          original_currency: request.currency,
          original_exponent: currencyExponent(request.currency),
          merchant_name: request.merchantName,
          merchant_country: request.merchantCountry,
          mcc: request.mcc,
          network_reference: reference ?? null,
          status,
          decline_code: declineCode,
          approval_code: decision.approved ? String(randomInt(0, 1_000_000)).padStart(6, "0") : null,
          created_at: now.toISOString(),
          category_id: card.defaultTransactionCategoryId,
          transaction_id: decision.approved ? companyUuid(companyNumber) : null,
        });
        if (key) {
          decided.set(key, {
            id,
            cardId,
            reference: reference ?? "",
            status,
            declineCode,
            amount: amountIsk,
            originalAmount: request.amount,
            originalCurrency: request.currency,
          });
        }
        if (decision.approved) {
          // What this approval adds to the card's, team's and company's balances, for the next request of the batch.
          // The purchase's unsettled ledger row (closed_at null) is written with the decision: the holder can attach
          // a receipt and the accountant categorise it before it clears. Sums read the authorization until then.
          const after = afterApproval(
            { limits: cardState.limits, team, availableCredit },
            { amountIsk, mcc: request.mcc },
          );
          cardState.limits = after.limits;
          if (card.teamId) teams.set(card.teamId, after.team);
          availableCredit = after.availableCredit;
          credit.set(projectId, availableCredit);
        }
        return { id, approved: decision.approved, declineCode, amountIsk, notify: cardState.holderHasPush };
      },
    );
    // With no rows (every request a retry or refused) there is nothing to write but the COMMIT.
    await last(rows.length > 0 ? insertDecisionsSql(rows) : "select 1");
    return answers;
  });

/**
 * A company's queue (its lane): companies are spread over LANES queues per process by their id, so one company's
 * requests are always in one queue, in arrival order, with at most one batch in flight; a batch holds whatever
 * waited in its lane, of one company or several. With many companies each rarely has more than one request
 * waiting: sharing a lane gives them one commit for several, and the lanes keep several batches (and PostgreSQL's
 * cores) busy at once. Two per process: on this 2-core machine fewer lanes made bigger batches and less of
 * PostgreSQL's CPU per decision (docs/balances.md, "Batches"); several server processes add lanes of their own.
 */
const LANES = 2;
/** A company's lane; the bench reads it too, to keep two measured companies out of each other's batches. */
export const laneOf = (projectId: string): string => String(Number.parseInt(projectId.slice(-4), 16) % LANES);

/** The batchers of a process: one per database and clock (tests give each company a clock of its own). */
const batchers = new WeakMap<Db, WeakMap<() => Date, Batcher<Submitted, PaymentAnswer>>>();

const batcherOf = (deps: ProcessorDeps): Batcher<Submitted, PaymentAnswer> => {
  let byClock = batchers.get(deps.db);
  if (!byClock) {
    byClock = new WeakMap();
    batchers.set(deps.db, byClock);
  }
  let batcher = byClock.get(deps.now);
  if (!batcher) {
    // The batch runs on the dependencies of the request that opened the batcher: the same database and clock.
    const { db, now, secrets } = deps;
    batcher = createBatcher<Submitted, PaymentAnswer>((items) => decideBatch({ db, now, secrets }, items));
    byClock.set(deps.now, batcher);
  }
  return batcher;
};

/**
 * The card directory, kept: a card never changes its number or its company. Only found cards are kept (a card
 * issued later must be found), and the map is emptied when it grows large rather than evicting one by one.
 */
const directory = new Map<string, { projectId: string; id: string; companyNumber: number }>();
const DIRECTORY_SIZE = 100_000;

const findCard = async (db: Db, panLookup: string) => {
  const known = directory.get(panLookup);
  if (known) return known;
  const card = await cardOfPan(db, panLookup);
  if (card) {
    if (directory.size >= DIRECTORY_SIZE) directory.clear();
    directory.set(panLookup, card);
  }
  return card;
};

/**
 * Decides one authorization request: approved (`pending`, reserving its amount) or declined with its code, stored
 * either way. Requests are decided in batches, a company's always in its lane (`decideBatch`, `createBatcher`,
 * `laneOf`): concurrent requests on one card or one company take turns under the database's locks, so together
 * they never approve more than a limit or the credit allows, in one process or several. A request with a network reference already decided on
 * that card answers the stored decision (a network retry).
 */
export const authorizePayment = async (deps: ProcessorDeps, request: PaymentRequest): Promise<PaymentAnswer> => {
  const lookup = deps.secrets.panLookup(request.pan);
  const { amountIsk, supported } = await priced(deps.db, request, deps.now());
  const card = await findCard(deps.db, lookup);
  if (!card) return { id: null, approved: false, declineCode: "UNKNOWN_CARD", amountIsk, notify: false };
  const submitted: Submitted = {
    request,
    projectId: card.projectId,
    companyNumber: card.companyNumber,
    cardId: card.id,
    amountIsk,
    supported,
  };
  return batcherOf(deps).submit(laneOf(card.projectId), submitted);
};
