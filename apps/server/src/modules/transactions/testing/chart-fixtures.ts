import type { Db } from "../../../platform/db/client.ts";
import { categories, dimensions, dimensionValues, taxCategories } from "../../../platform/db/schema/index.ts";

/** Test helpers of the transaction tests (not a test file itself): a company's chart, row by row. */
export const chartFixtures = (db: Db, projectId: string) => ({
  /** A Default category (code: the title's first four letters) unless `extra` says otherwise. */
  category: async (title: string, extra: Partial<typeof categories.$inferInsert> = {}) =>
    (
      await db
        .insert(categories)
        .values({ projectId, title, code: title.slice(0, 4), ...extra })
        .returning()
    )[0]?.id as string,
  dimension: async (title: string) =>
    (await db.insert(dimensions).values({ projectId, title }).returning())[0]?.id as string,
  value: async (dimensionId: string, title: string) =>
    (await db.insert(dimensionValues).values({ projectId, dimensionId, title }).returning())[0]?.id as string,
  /** A 24% tax category with this code. */
  tax: async (code: string, enabled: boolean) =>
    (
      await db.insert(taxCategories).values({ projectId, code, peppolCode: "S", percentage: "24", enabled }).returning()
    )[0]?.id as string,
});
