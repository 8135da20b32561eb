import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";

/**
 * What the transaction panel changes, in SQL: the transaction row locked for the change, and the checks that a
 * category, dimension value, tax category or team belongs to the project and may be chosen. Every statement is
 * scoped by project, so an id of another company is simply not found.
 */

export type LockedTransaction = {
  id: string;
  project_id: string;
  team_id: string | null;
  user_id: string;
  card_id: string;
  category_id: string | null;
};

/**
 * The transactions among `ids`, locked in id order until the change commits; ids of no transaction of the project
 * are left out.
 */
export const lockTransactions = async (
  tx: Executor,
  projectId: string,
  ids: readonly string[],
): Promise<LockedTransaction[]> => {
  const result = await tx.execute<LockedTransaction>(sql`
    select id, project_id, team_id, user_id, card_id, category_id from transactions
     where project_id = ${projectId} and id = any(${sql.param([...ids])}::uuid[])
     order by id for update`);
  return result.rows;
};

/**
 * A live, enabled category of `group` that the team may use: every category when the team shows all (or there is
 * no team), else the team's chosen ones (teams' visible categories, spec 3).
 */
export const usableCategory = async (
  tx: Executor,
  projectId: string,
  categoryId: string,
  group: "Default" | "Team",
  teamId: string | null,
): Promise<boolean> => {
  const visible: SQL = teamId
    ? sql`and (
        coalesce((select all_categories_visible from teams where id = ${teamId} and project_id = ${projectId}), true)
        or exists (select 1 from team_visible_categories v where v.team_id = ${teamId} and v.category_id = c.id))`
    : sql``;
  const result = await tx.execute(sql`
    select 1 from categories c
     where c.id = ${categoryId} and c.project_id = ${projectId} and c."group" = ${group}
       and c.enabled and c.deleted_at is null ${visible}`);
  return result.rows.length > 0;
};

export type ChosenValue = { value_id: string; dimension_id: string };

/** Of `valueIds`, the live, enabled values of dimensions linked to the category, each with its dimension. */
export const valuesOfCategory = async (
  tx: Executor,
  projectId: string,
  categoryId: string,
  valueIds: readonly string[],
): Promise<ChosenValue[]> => {
  if (valueIds.length === 0) return [];
  const result = await tx.execute<ChosenValue>(sql`
    select v.id as value_id, v.dimension_id from dimension_values v
      join category_dimensions cd on cd.project_id = v.project_id and cd.dimension_id = v.dimension_id and cd.category_id = ${categoryId}
      join dimensions d on d.project_id = v.project_id and d.id = v.dimension_id and d.deleted_at is null
     where v.project_id = ${projectId} and v.id = any(${sql.param([...valueIds])}::uuid[])
       and v.enabled and v.deleted_at is null`);
  return result.rows;
};

export const setCategory = async (
  tx: Executor,
  transaction: LockedTransaction,
  categoryId: string | null,
  values: readonly ChosenValue[],
  now: Date,
): Promise<void> => {
  await tx.execute(sql`
    update transactions
       set category_id = ${categoryId}, updated_at = ${now},
           -- A category brings its default VAT to a transaction that has none yet; a chosen one stays.
           tax_category_id = coalesce(tax_category_id,
             (select default_tax_category_id from categories where id = ${categoryId}))
     where id = ${transaction.id}`);
  await tx.execute(sql`delete from transaction_dimension_values where transaction_id = ${transaction.id}`);
  for (const value of values) {
    await tx.execute(sql`
      insert into transaction_dimension_values (project_id, transaction_id, dimension_id, dimension_value_id, created_at)
      values (${transaction.project_id}, ${transaction.id}, ${value.dimension_id}, ${value.value_id}, ${now})`);
  }
};

/** Sets the category and removes the dimension values of dimensions the category does not ask for. */
export const setCategoryKeepingValues = async (
  tx: Executor,
  projectId: string,
  ids: readonly string[],
  categoryId: string,
  now: Date,
): Promise<void> => {
  const chosen = sql`any(${sql.param([...ids])}::uuid[])`;
  await tx.execute(sql`
    update transactions
       set category_id = ${categoryId}, updated_at = ${now},
           tax_category_id = coalesce(tax_category_id,
             (select default_tax_category_id from categories where project_id = ${projectId} and id = ${categoryId}))
     where project_id = ${projectId} and id = ${chosen}`);
  await tx.execute(sql`
    delete from transaction_dimension_values tdv
     where tdv.project_id = ${projectId} and tdv.transaction_id = ${chosen}
       and not exists (select 1 from category_dimensions cd
                        where cd.project_id = ${projectId} and cd.category_id = ${categoryId}
                          and cd.dimension_id = tdv.dimension_id)`);
};

export const usableTaxCategory = async (tx: Executor, projectId: string, id: string): Promise<boolean> => {
  const result = await tx.execute(sql`
    select 1 from tax_categories where id = ${id} and project_id = ${projectId} and enabled and deleted_at is null`);
  return result.rows.length > 0;
};

export const liveTeam = async (tx: Executor, projectId: string, id: string): Promise<boolean> => {
  const result = await tx.execute(sql`
    select 1 from teams where id = ${id} and project_id = ${projectId} and deleted_at is null`);
  return result.rows.length > 0;
};

/** The one-column changes of the panel; the column names are ours, never a caller's. */
export type TransactionField = "tax_category_id" | "comments" | "team_category_id" | "team_id";

export const setField = (tx: Executor, id: string, field: TransactionField, value: string | null, now: Date) =>
  tx.execute(sql`update transactions set ${sql.identifier(field)} = ${value}, updated_at = ${now} where id = ${id}`);

/** `setField` on a selection's transactions, in one statement. */
export const setFieldOfAll = (
  tx: Executor,
  projectId: string,
  ids: readonly string[],
  field: TransactionField,
  value: string | null,
  now: Date,
) =>
  tx.execute(sql`
    update transactions set ${sql.identifier(field)} = ${value}, updated_at = ${now}
     where project_id = ${projectId} and id = any(${sql.param([...ids])}::uuid[])`);
