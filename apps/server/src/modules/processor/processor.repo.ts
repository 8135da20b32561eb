import { and, desc, eq, isNull, lte, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import {
  authorizations,
  cardNumbers,
  cards,
  fxRates,
  projectRegistry,
  projects,
  transactions,
} from "../../platform/db/schema/index.ts";
import { quoteLiteral } from "../../platform/db/sql-literal.ts";

/**
 * The processor's SQL. Every decision and settlement locks the card row and then the project row, always in that
 * order, with FOR NO KEY UPDATE: two requests on one card, or on one project's credit, take turns, while inserts
 * that only reference the rows (FOR KEY SHARE) are not blocked.
 */
const cardColumns = {
  id: cards.id,
  projectId: cards.projectId,
  teamId: cards.teamId,
  cardholderId: cards.cardholderId,
  status: cards.status,
  expirationMonth: cards.expirationMonth,
  expirationYear: cards.expirationYear,
  willCloseAt: cards.willCloseAt,
  maskedNumber: cards.maskedNumber,
  defaultTransactionCategoryId: cards.defaultTransactionCategoryId,
};

/** A row of one company: every statement below names the company of the rows it reads (docs/scaling.md). */
type CompanyRow = { projectId: string; id: string };

/**
 * The company and id of the card the network names by its number, from the card directory: the one lookup across
 * companies (a PAN belongs to no company's key space; docs/scaling.md, blocker 2). Unlocked: a card never changes
 * company or number, so the answer can be kept; the decision then locks the card within its company. With the
 * company's number from the registry, which the decision's ids carry (companyUuid).
 */
export const cardOfPan = async (
  db: Executor,
  panLookup: string,
): Promise<(CompanyRow & { companyNumber: number }) | undefined> => {
  const [row] = await db
    .select({ projectId: cardNumbers.projectId, id: cardNumbers.cardId, companyNumber: projectRegistry.companyNumber })
    .from(cardNumbers)
    .innerJoin(projectRegistry, eq(projectRegistry.projectId, cardNumbers.projectId))
    .where(eq(cardNumbers.panLookup, panLookup));
  return row;
};

/** The company of a number in the registry (the number an id carries, companyUuid), if it still exists. */
export const companyOfNumber = async (db: Executor, companyNumber: number): Promise<string | undefined> => {
  const [row] = await db
    .select({ projectId: projectRegistry.projectId })
    .from(projectRegistry)
    .where(eq(projectRegistry.companyNumber, companyNumber));
  return row?.projectId;
};

/** A company's number in the registry, for the ids made for it (companyUuid). */
export const numberOfCompany = async (db: Executor, projectId: string): Promise<number | undefined> => {
  const [row] = await db
    .select({ companyNumber: projectRegistry.companyNumber })
    .from(projectRegistry)
    .where(eq(projectRegistry.projectId, projectId));
  return row?.companyNumber;
};

export const lockCardById = async (tx: Executor, card: CompanyRow) => {
  const [row] = await tx
    .select(cardColumns)
    .from(cards)
    .where(and(eq(cards.projectId, card.projectId), eq(cards.id, card.id)))
    .for("no key update");
  return row;
};

/** Locks the project row (its credit) and answers its credit limit. */
export const lockProjectCredit = async (tx: Executor, projectId: string): Promise<number> => {
  const [project] = await tx
    .select({ creditLimit: projects.creditLimit })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for("no key update");
  if (!project) throw new Error(`Project ${projectId} of a card is missing`);
  return project.creditLimit;
};

/** ISK per unit x 1,000,000 of the newest rate in force at `now`, or undefined when there is none. */
export const fxRateAt = async (tx: Executor, currency: string, now: Date): Promise<number | undefined> => {
  const [rate] = await tx
    .select({ micros: fxRates.iskPerUnitMicros })
    .from(fxRates)
    .where(and(eq(fxRates.currency, currency), lte(fxRates.validFrom, now)))
    .orderBy(desc(fxRates.validFrom))
    .limit(1);
  return rate?.micros;
};

export type NewAuthorization = typeof authorizations.$inferInsert;

/**
 * Inserts a decision; undefined when a row with the same (card, network reference) exists already (a retry that
 * got past the card lock some other way): the caller then answers that row.
 */
export const insertAuthorization = async (tx: Executor, values: NewAuthorization): Promise<string | undefined> => {
  const [row] = await tx
    .insert(authorizations)
    .values(values)
    .onConflictDoNothing({ target: [authorizations.projectId, authorizations.cardId, authorizations.networkReference] })
    .returning({ id: authorizations.id });
  return row?.id;
};

/**
 * The authorization the network names by its id (a reversal, a clearing), within the company its id carries; an id
 * that carries none (made before migration 0042) is looked for across companies.
 */
export const findAuthorization = async (tx: Executor, by: { projectId: string | undefined; id: string }) => {
  const [row] = await tx
    .select()
    .from(authorizations)
    .where(
      by.projectId === undefined
        ? eq(authorizations.id, by.id)
        : and(eq(authorizations.projectId, by.projectId), eq(authorizations.id, by.id)),
    );
  return row;
};

const authorizationIs = (authorization: CompanyRow) =>
  and(eq(authorizations.projectId, authorization.projectId), eq(authorizations.id, authorization.id));

export const lockAuthorization = async (tx: Executor, authorization: CompanyRow) => {
  const [row] = await tx.select().from(authorizations).where(authorizationIs(authorization)).for("update");
  return row;
};

export const updateAuthorization = (
  tx: Executor,
  authorization: CompanyRow,
  values: Partial<
    Pick<NewAuthorization, "status" | "clearedAmount" | "clearedAt" | "reversedAt" | "expiredAt" | "updatedAt">
  >,
) => tx.update(authorizations).set(values).where(authorizationIs(authorization));

export type NewTransaction = typeof transactions.$inferInsert;

/** One decision of a batch, as `kort_insert_decisions` (migration 0020_decision_batch) takes it. */
export type DecisionRow = {
  id: string;
  project_id: string;
  card_id: string;
  user_id: string;
  team_id: string | null;
  amount: number;
  original_amount: number;
  original_currency: string;
  original_exponent: number;
  merchant_name: string;
  merchant_country: string;
  mcc: string;
  network_reference: string | null;
  status: "pending" | "declined";
  decline_code: string | null;
  approval_code: string | null;
  created_at: string;
  /** The card's default category, for the approved one's unsettled ledger row. */
  category_id: string | null;
  /** The approved one's unsettled ledger row's id, which carries the company like the decision's (companyUuid). */
  transaction_id: string | null;
};

/**
 * The statement that inserts a batch's decisions and the approved ones' unsettled ledger rows (the balance
 * triggers post them at once). It fails when a (card, network reference) of the batch was stored meanwhile: the
 * caller's transaction is then rolled back and its requests decided again one by one, where the stored decision
 * is found under the lock. The rows are one quoted JSON literal, so that the statement can share one round trip
 * with the COMMIT after it.
 */
export const insertDecisionsSql = (rows: readonly DecisionRow[]): string =>
  `select kort_insert_decisions(${quoteLiteral(JSON.stringify(rows))}::json) as inserted`;

export const insertTransaction = async (tx: Executor, values: NewTransaction): Promise<string> => {
  const [row] = await tx.insert(transactions).values(values).returning({ id: transactions.id });
  if (!row) throw new Error("transaction insert returned nothing");
  return row.id;
};

/**
 * A transaction by its id (the network's refund names it so: within the company the id carries, or across companies
 * for an id that carries none), or within its company by the authorization it settled or by a card's network
 * reference: the unique keys, which lead with the company.
 */
export const findTransaction = async (
  tx: Executor,
  by:
    | { projectId: string | undefined; id: string }
    | { projectId: string; authorizationId: string }
    | { projectId: string; cardId: string; networkReference: string },
) => {
  const where =
    "networkReference" in by
      ? and(
          eq(transactions.projectId, by.projectId),
          eq(transactions.cardId, by.cardId),
          eq(transactions.networkReference, by.networkReference),
        )
      : "id" in by
        ? by.projectId === undefined
          ? eq(transactions.id, by.id)
          : and(eq(transactions.projectId, by.projectId), eq(transactions.id, by.id))
        : and(eq(transactions.projectId, by.projectId), eq(transactions.authorizationId, by.authorizationId));
  const [row] = await tx.select().from(transactions).where(where);
  return row;
};

const unsettledOf = (authorization: CompanyRow) =>
  and(
    eq(transactions.projectId, authorization.projectId),
    eq(transactions.authorizationId, authorization.id),
    isNull(transactions.closedAt),
  );

/** The ledger row of a pending authorization, locked: what clearing settles or a reversal removes. */
export const unsettledTransactionOf = async (tx: Executor, authorization: CompanyRow) => {
  const [row] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(unsettledOf(authorization))
    .for("update");
  return row;
};

export const settleTransaction = async (
  tx: Executor,
  transaction: CompanyRow,
  values: Required<Pick<NewTransaction, "originalAmount" | "transactionAmount" | "closedAt" | "updatedAt">>,
): Promise<string> => {
  // A purchase booked to a category (the card's default) takes the category's VAT when it settles, unless set.
  await tx
    .update(transactions)
    .set({
      ...values,
      taxCategoryId: sql`coalesce(${transactions.taxCategoryId},
        (select default_tax_category_id from categories where id = ${transactions.categoryId}))`,
    })
    .where(and(eq(transactions.projectId, transaction.projectId), eq(transactions.id, transaction.id)));
  return transaction.id;
};

export const removeUnsettledTransaction = (tx: Executor, authorization: CompanyRow) =>
  tx.delete(transactions).where(unsettledOf(authorization));

/** How much of a purchase has been refunded, in its original currency's minor units (a positive number). */
export const refundedOf = async (tx: Executor, purchase: CompanyRow): Promise<number> => {
  const [row] = await tx
    .select({ refunded: sql<string>`coalesce(-sum(${transactions.originalAmount}), 0)::bigint` })
    .from(transactions)
    .where(and(eq(transactions.projectId, purchase.projectId), eq(transactions.refundOfTransactionId, purchase.id)));
  return Number(row?.refunded ?? 0);
};
