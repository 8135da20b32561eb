import { basisPointsToDecimal, decimalToBasisPoints, type PeppolTaxCode } from "@kort/core";
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { categories, taxCategories, transactions } from "../../platform/db/schema/index.ts";

export type TaxCategoryRecord = {
  id: string;
  code: string;
  peppolCode: PeppolTaxCode;
  /** The percentage in basis points: 24% is 2400. */
  basisPoints: number;
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/** The unique index that keeps a tax code to one live tax category of a project. */
export const TAX_CODE_CONSTRAINT = "tax_categories_project_code_live_key";

const columns = {
  id: taxCategories.id,
  code: taxCategories.code,
  peppolCode: taxCategories.peppolCode,
  percentage: taxCategories.percentage,
  enabled: taxCategories.enabled,
  createdAt: taxCategories.createdAt,
  updatedAt: taxCategories.updatedAt,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]["_"]["data"] };

const toRecord = (row: Row): TaxCategoryRecord => {
  const basisPoints = decimalToBasisPoints(row.percentage);
  if (basisPoints === null) throw new Error(`tax category ${row.id} has the percentage ${row.percentage}`);
  return {
    id: row.id,
    code: row.code,
    // The check constraint holds it to PEPPOL_TAX_CODES.
    peppolCode: row.peppolCode as PeppolTaxCode,
    basisPoints,
    enabled: row.enabled,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
};

const live = (projectId: string) => and(eq(taxCategories.projectId, projectId), isNull(taxCategories.deletedAt));

/** The project's live tax categories, highest rate first (24%, 11%, 0%). */
export const listTaxCategories = async (db: Executor, projectId: string): Promise<TaxCategoryRecord[]> =>
  (
    await db
      .select(columns)
      .from(taxCategories)
      .where(live(projectId))
      .orderBy(sql`${taxCategories.percentage} desc`, asc(taxCategories.code))
  ).map(toRecord);

/** Live tax categories of the project among `ids` (another project's ids read as absent). */
export const findTaxCategories = async (
  db: Executor,
  projectId: string,
  ids: readonly string[],
): Promise<TaxCategoryRecord[]> =>
  ids.length === 0
    ? []
    : (
        await db
          .select(columns)
          .from(taxCategories)
          .where(and(live(projectId), inArray(taxCategories.id, [...ids])))
      ).map(toRecord);

/** One live tax category of the project, locked for a change. */
export const lockTaxCategory = async (
  db: Executor,
  projectId: string,
  id: string,
): Promise<TaxCategoryRecord | null> => {
  const [row] = await db
    .select(columns)
    .from(taxCategories)
    .where(and(live(projectId), eq(taxCategories.id, id)))
    .for("update");
  return row ? toRecord(row) : null;
};

export const liveTaxCodeTaken = async (
  db: Executor,
  projectId: string,
  code: string,
  exceptId?: string,
): Promise<boolean> => {
  const rows = await db
    .select({ id: taxCategories.id })
    .from(taxCategories)
    .where(and(live(projectId), eq(taxCategories.code, code), exceptId ? ne(taxCategories.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
};

/**
 * The tax categories among `ids` that are in use: set on a transaction, or the default of a live category. Those
 * cannot be deleted, only disabled, and their rate and Peppol code stay as they were booked.
 */
export const taxCategoriesInUse = async (
  db: Executor,
  projectId: string,
  ids: readonly string[],
): Promise<Set<string>> => {
  if (ids.length === 0) return new Set();
  const onTransactions = await db
    .selectDistinct({ id: transactions.taxCategoryId })
    .from(transactions)
    .where(and(eq(transactions.projectId, projectId), inArray(transactions.taxCategoryId, [...ids])));
  const onCategories = await db
    .selectDistinct({ id: categories.defaultTaxCategoryId })
    .from(categories)
    .where(
      and(
        eq(categories.projectId, projectId),
        isNull(categories.deletedAt),
        inArray(categories.defaultTaxCategoryId, [...ids]),
      ),
    );
  return new Set([...onTransactions, ...onCategories].flatMap((row) => (row.id ? [row.id] : [])));
};

export const insertTaxCategory = async (
  db: Executor,
  values: {
    projectId: string;
    code: string;
    peppolCode: PeppolTaxCode;
    basisPoints: number;
    enabled: boolean;
    now: Date;
  },
): Promise<TaxCategoryRecord> => {
  const [row] = await db
    .insert(taxCategories)
    .values({
      projectId: values.projectId,
      code: values.code,
      peppolCode: values.peppolCode,
      percentage: basisPointsToDecimal(values.basisPoints),
      enabled: values.enabled,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning(columns);
  if (!row) throw new Error("tax category insert returned nothing");
  return toRecord(row);
};

/** Adds the tax categories whose codes the project has not got live; existing ones are left as they are. */
export const insertMissingTaxCategories = async (
  db: Executor,
  projectId: string,
  rows: readonly { code: string; peppolCode: PeppolTaxCode; basisPoints: number }[],
  now: Date,
): Promise<void> => {
  if (rows.length === 0) return;
  await db
    .insert(taxCategories)
    .values(
      rows.map((row) => ({
        projectId,
        code: row.code,
        peppolCode: row.peppolCode,
        percentage: basisPointsToDecimal(row.basisPoints),
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
};

export const updateTaxCategory = async (
  db: Executor,
  projectId: string,
  id: string,
  patch: {
    code?: string | undefined;
    peppolCode?: PeppolTaxCode | undefined;
    basisPoints?: number | undefined;
    enabled?: boolean | undefined;
    deletedAt?: Date | undefined;
    now: Date;
  },
): Promise<void> => {
  await db
    .update(taxCategories)
    .set({
      code: patch.code,
      peppolCode: patch.peppolCode,
      percentage: patch.basisPoints === undefined ? undefined : basisPointsToDecimal(patch.basisPoints),
      enabled: patch.enabled,
      deletedAt: patch.deletedAt,
      updatedAt: patch.now,
    })
    .where(and(eq(taxCategories.projectId, projectId), eq(taxCategories.id, id)));
};
