import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { TestApp } from "../../../app/testing/test-app.ts";
import type { Db } from "../../../platform/db/client.ts";
import { taxCategories } from "../../../platform/db/schema/index.ts";
import { createTeamsScene, type GraphQLBody, graphqlFor } from "../../teams/teams.fixtures.ts";
import { seedTaxCategories } from "../accounting.service.ts";

/** Test helpers of the accounting tests (not a test file itself). */

export const CATEGORY_FIELDS = `id title code enabled group default_tax_category_id
  default_tax_category { id code percentage peppol_code }
  sub_group_ids subgroup_ids dimensions { id title values { id title code enabled } } deleted_at`;

export type CategoryBody = {
  id: string;
  title: string;
  code: string;
  enabled: boolean;
  group: string;
  default_tax_category_id: string | null;
  default_tax_category: { id: string; code: string; percentage: number; peppol_code: string } | null;
  sub_group_ids: string[];
  subgroup_ids: string[];
  dimensions: { id: string; title: string; values: { id: string; title: string; code: string | null }[] }[];
  deleted_at: string | null;
};

export const APPLY = `mutation($kind: CategoryChangesetKind!, $id: ID, $title: String, $code: String, $enabled: Boolean,
  $tax: ID, $dims: [CategoryDimensionInput!]) {
  apply_category_changeset(kind: $kind, category_id: $id, title: $title, code: $code, enabled: $enabled,
    default_tax_category_id: $tax, dimensions: $dims) { ${CATEGORY_FIELDS} } }`;

export type Applied = { apply_category_changeset: CategoryBody };

/** A code nobody else has: tests of one file share a database. */
export const uniqueCode = (prefix = "K"): string => `${prefix}-${randomUUID().slice(0, 8)}`;

/**
 * The teams scene (a company with two teams and every role, and another company with its owner), with the Icelandic
 * VAT rates in both companies, and GraphQL as each caller.
 */
export const createAccountingScene = async (t: TestApp) => {
  const scene = await createTeamsScene(t.db);
  const now = new Date();
  await seedTaxCategories(t.db, { projectId: scene.project.id, now });
  await seedTaxCategories(t.db, { projectId: scene.other.id, now });
  const taxId = async (projectId: string, code: string): Promise<string> => {
    const [row] = await t.db
      .select({ id: taxCategories.id })
      .from(taxCategories)
      .where(
        and(eq(taxCategories.projectId, projectId), eq(taxCategories.code, code), isNull(taxCategories.deletedAt)),
      );
    if (!row) throw new Error(`no tax category ${code}`);
    return row.id;
  };
  return {
    ...scene,
    vat24: await taxId(scene.project.id, "VSK24"),
    vat11: await taxId(scene.project.id, "VSK11"),
    foreignVat24: await taxId(scene.other.id, "VSK24"),
  };
};

export type AccountingScene = Awaited<ReturnType<typeof createAccountingScene>>;

/** How many categories, dimensions, values and links the company has, deleted ones included. */
export const countRows = async (db: Db, projectId: string) => {
  const result = await db.execute<{ categories: number; dimensions: number; values: number; links: number }>(sql`
    select
      (select count(*)::int from categories where project_id = ${projectId}) as categories,
      (select count(*)::int from dimensions where project_id = ${projectId}) as dimensions,
      (select count(*)::int from dimension_values where project_id = ${projectId}) as values,
      (select count(*)::int from category_dimensions where project_id = ${projectId}) as links`);
  return result.rows[0];
};

/** Creates a category through the changeset as `headers`, failing the test when it is refused. */
export const createWithDimensions = async (
  t: TestApp,
  headers: Record<string, string>,
  variables: Record<string, unknown>,
): Promise<CategoryBody> => {
  const body: GraphQLBody<Applied> = await graphqlFor(t)<Applied>(APPLY, headers, { kind: "CREATE", ...variables });
  const created = body.data?.apply_category_changeset;
  if (!created) throw new Error(`create refused: ${JSON.stringify(body.errors)}`);
  return created;
};
