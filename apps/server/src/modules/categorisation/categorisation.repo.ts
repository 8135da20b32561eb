import type { ProposalStatus, RuleMatchKind, RuleSource } from "@kort/core";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { afterTimeCursor, type KeysetCursor } from "../../platform/db/keyset-cursor.ts";

/**
 * Automatic categorisation in SQL (issue 19). Every statement is scoped by the company; rules and proposals are
 * keyed (project_id, id), so an id of another company is simply not found.
 */

export const RULE_PATTERN_CONSTRAINT = "categorisation_rules_project_pattern_live_key";

export type RuleRecord = {
  id: string;
  project_id: string;
  match_kind: RuleMatchKind;
  pattern: string;
  name: string;
  category_id: string | null;
  category_title: string | null;
  category_code: string | null;
  tax_category_id: string | null;
  tax_category_code: string | null;
  tax_percentage: string | null;
  dimension_value_ids: string[];
  source: RuleSource;
  active: boolean;
  created_by: string | null;
  /** Raw statements answer timestamps as PostgreSQL's text (microseconds kept): the keyset cursor uses it as is. */
  created_at: string;
  updated_at: string;
};

/** A rule with the titles the accounting page shows: scalar lookups by primary key, one statement per page. */
const ruleColumns = sql`
  r.id, r.project_id, r.match_kind, r.pattern, r.name, r.category_id,
  (select c.title from categories c where c.project_id = r.project_id and c.id = r.category_id) as category_title,
  (select c.code from categories c where c.project_id = r.project_id and c.id = r.category_id) as category_code,
  r.tax_category_id,
  (select tc.code from tax_categories tc where tc.project_id = r.project_id and tc.id = r.tax_category_id) as tax_category_code,
  (select trim_scale(tc.percentage)::text from tax_categories tc where tc.project_id = r.project_id and tc.id = r.tax_category_id) as tax_percentage,
  r.dimension_value_ids, r.source, r.active, r.created_by, r.created_at, r.updated_at`;

/** A page of the company's live rules, newest first, by keyset on (created_at, id). */
export const listRules = async (
  db: Executor,
  projectId: string,
  after: KeysetCursor | null,
  limit: number,
): Promise<RuleRecord[]> => {
  const keyset: SQL = after ? sql`and ${afterTimeCursor(sql`r.created_at`, sql`r.id`, after)}` : sql``;
  const result = await db.execute<RuleRecord>(sql`
    select ${ruleColumns} from categorisation_rules r
     where r.project_id = ${projectId} and r.deleted_at is null ${keyset}
     order by r.created_at desc, r.id desc
     limit ${limit + 1}`);
  return result.rows;
};

export const findRule = async (db: Executor, projectId: string, id: string): Promise<RuleRecord | undefined> => {
  const result = await db.execute<RuleRecord>(sql`
    select ${ruleColumns} from categorisation_rules r
     where r.project_id = ${projectId} and r.id = ${id} and r.deleted_at is null`);
  return result.rows[0];
};

/** The live rule, locked until the change commits. */
export const lockRule = async (db: Executor, projectId: string, id: string): Promise<{ id: string } | undefined> => {
  const result = await db.execute<{ id: string }>(sql`
    select id from categorisation_rules
     where project_id = ${projectId} and id = ${id} and deleted_at is null for update`);
  return result.rows[0];
};

export const liveRuleWithPattern = async (
  db: Executor,
  projectId: string,
  kind: RuleMatchKind,
  pattern: string,
  exceptId: string | null = null,
): Promise<boolean> => {
  const result = await db.execute(sql`
    select 1 from categorisation_rules
     where project_id = ${projectId} and match_kind = ${kind} and pattern = ${pattern} and deleted_at is null
       and (${exceptId}::uuid is null or id <> ${exceptId}::uuid)`);
  return result.rows.length > 0;
};

export type RuleValues = {
  matchKind: RuleMatchKind;
  pattern: string;
  name: string;
  categoryId: string | null;
  taxCategoryId: string | null;
  dimensionValueIds: readonly string[];
  active: boolean;
};

export const insertRule = async (
  db: Executor,
  projectId: string,
  values: RuleValues & { source: RuleSource; createdBy: string | null; now: Date },
): Promise<string> => {
  const result = await db.execute<{ id: string }>(sql`
    insert into categorisation_rules (project_id, match_kind, pattern, name, category_id, tax_category_id,
                                      dimension_value_ids, source, active, created_by, created_at, updated_at)
    values (${projectId}, ${values.matchKind}, ${values.pattern}, ${values.name}, ${values.categoryId},
            ${values.taxCategoryId}, ${sql.param([...values.dimensionValueIds])}::uuid[], ${values.source},
            ${values.active}, ${values.createdBy}, ${values.now}, ${values.now})
    returning id`);
  const row = result.rows[0];
  if (!row) throw new Error("rule insert returned nothing");
  return row.id;
};

export const updateRule = (db: Executor, projectId: string, id: string, values: RuleValues & { now: Date }) =>
  db.execute(sql`
    update categorisation_rules
       set match_kind = ${values.matchKind}, pattern = ${values.pattern}, name = ${values.name},
           category_id = ${values.categoryId}, tax_category_id = ${values.taxCategoryId},
           dimension_value_ids = ${sql.param([...values.dimensionValueIds])}::uuid[], active = ${values.active},
           updated_at = ${values.now}
     where project_id = ${projectId} and id = ${id}`);

/** Deleting keeps the row (deleted_at): transactions it categorised still name it. */
export const deleteRule = (db: Executor, projectId: string, id: string, now: Date) =>
  db.execute(sql`
    update categorisation_rules set deleted_at = ${now}, active = false, updated_at = ${now}
     where project_id = ${projectId} and id = ${id}`);

/** A live, enabled Default category of the company (what a rule may set). */
export const usableRuleCategory = async (db: Executor, projectId: string, id: string): Promise<boolean> => {
  const result = await db.execute(sql`
    select 1 from categories
     where id = ${id} and project_id = ${projectId} and "group" = 'Default' and enabled and deleted_at is null`);
  return result.rows.length > 0;
};

export const usableRuleTaxCategory = async (db: Executor, projectId: string, id: string): Promise<boolean> => {
  const result = await db.execute(sql`
    select 1 from tax_categories where id = ${id} and project_id = ${projectId} and enabled and deleted_at is null`);
  return result.rows.length > 0;
};

/** Of `valueIds`, the live, enabled values of dimensions the category asks for, each with its dimension. */
export const ruleValuesOfCategory = async (
  db: Executor,
  projectId: string,
  categoryId: string,
  valueIds: readonly string[],
): Promise<{ value_id: string; dimension_id: string }[]> => {
  if (valueIds.length === 0) return [];
  const result = await db.execute<{ value_id: string; dimension_id: string }>(sql`
    select v.id as value_id, v.dimension_id from dimension_values v
      join category_dimensions cd on cd.project_id = v.project_id and cd.dimension_id = v.dimension_id and cd.category_id = ${categoryId}
      join dimensions d on d.project_id = v.project_id and d.id = v.dimension_id and d.deleted_at is null
     where v.project_id = ${projectId} and v.id = any(${sql.param([...valueIds])}::uuid[])
       and v.enabled and v.deleted_at is null`);
  return result.rows;
};

/** The titles of dimension values, for the rules and proposals of one page at once. */
export const dimensionValueTitles = async (
  db: Executor,
  projectId: string,
  ids: readonly string[],
): Promise<{ id: string; title: string; dimension_id: string; dimension_title: string }[]> => {
  if (ids.length === 0) return [];
  const result = await db.execute<{ id: string; title: string; dimension_id: string; dimension_title: string }>(sql`
    select v.id, v.title, d.id as dimension_id, d.title as dimension_title
      from dimension_values v join dimensions d on d.project_id = v.project_id and d.id = v.dimension_id
     where v.project_id = ${projectId} and v.id = any(${sql.param([...new Set(ids)])}::uuid[])`);
  return result.rows;
};

export type SettledItem = { transactionId: string; merchantKey: string };
export type RuleApplied = {
  transaction_id: string;
  rule_id: string;
  category_id: string | null;
  tax_category_id: string | null;
};

/**
 * Stamps each settled transaction with its merchant key and lets the best matching live rule fill what is still
 * empty, in one statement for the whole batch (issue 19):
 *   - the rule: a merchant rule on the key beats an MCC rule (then newest, then lowest id; @kort/core pickRule);
 *   - the category only when the transaction has none and the rule's is live, enabled and visible to the card's
 *     team (the panel's own rule, transaction-edits.repo usableCategory); what a person or the card's default set stays;
 *   - the tax category when it has none: the rule's (live, enabled), else the filled category's default;
 *   - the rule's dimension values only with the category it filled, each of a dimension that category asks for;
 *   - `categorised_by_rule_id` and an audit row for each transaction the rule changed.
 */
export const applyRules = async (
  db: Executor,
  projectId: string,
  items: readonly SettledItem[],
  now: Date,
): Promise<RuleApplied[]> => {
  if (items.length === 0) return [];
  const result = await db.execute<RuleApplied>(sql`
    with items as (
      select * from unnest(${sql.param(items.map((item) => item.transactionId))}::uuid[],
                           ${sql.param(items.map((item) => item.merchantKey))}::text[]) as i(transaction_id, merchant_key)
    ),
    matched as (
      select t.id, i.merchant_key, r.id as rule_id, r.dimension_value_ids,
             case when t.category_id is null then c.id end as fill_category,
             case when t.tax_category_id is null
                  then coalesce(tc.id, case when t.category_id is null then ctc.id end) end as fill_tax
        from items i
        join transactions t on t.project_id = ${projectId} and t.id = i.transaction_id
        left join lateral (
          select r.id, r.category_id, r.tax_category_id, r.dimension_value_ids
            from categorisation_rules r
           where r.project_id = ${projectId} and r.active and r.deleted_at is null
             and ((r.match_kind = 'MERCHANT' and i.merchant_key <> '' and r.pattern = i.merchant_key)
                  or (r.match_kind = 'MCC' and r.pattern = t.mcc))
           order by (r.match_kind = 'MERCHANT') desc, r.created_at desc, r.id
           limit 1) r on true
        left join categories c
          on c.id = r.category_id and c.project_id = ${projectId} and c."group" = 'Default' and c.enabled
         and c.deleted_at is null
         and (t.team_id is null
              or coalesce((select tm.all_categories_visible from teams tm
                            where tm.id = t.team_id and tm.project_id = ${projectId}), true)
              or exists (select 1 from team_visible_categories v where v.team_id = t.team_id and v.category_id = c.id))
        left join tax_categories tc
          on tc.id = r.tax_category_id and tc.project_id = ${projectId} and tc.enabled and tc.deleted_at is null
        left join tax_categories ctc
          on ctc.id = c.default_tax_category_id and ctc.project_id = ${projectId} and ctc.enabled
         and ctc.deleted_at is null
    ),
    updated as (
      update transactions t
         set merchant_key = m.merchant_key,
             category_id = coalesce(t.category_id, m.fill_category),
             tax_category_id = coalesce(t.tax_category_id, m.fill_tax),
             categorised_by_rule_id = case when m.fill_category is not null or m.fill_tax is not null
                                           then m.rule_id else t.categorised_by_rule_id end,
             updated_at = case when m.fill_category is not null or m.fill_tax is not null
                               then ${now}::timestamptz else t.updated_at end
        from matched m
       where t.project_id = ${projectId} and t.id = m.id
      returning t.id, t.project_id, t.category_id, t.tax_category_id, m.rule_id, m.fill_category, m.fill_tax,
                m.dimension_value_ids
    ),
    changed as (select * from updated where fill_category is not null or fill_tax is not null),
    values_set as (
      insert into transaction_dimension_values (project_id, transaction_id, dimension_id, dimension_value_id, created_at)
      select u.project_id, u.id, v.dimension_id, v.id, ${now}
        from changed u
        cross join lateral unnest(u.dimension_value_ids) as rv(value_id)
        join dimension_values v on v.project_id = u.project_id and v.id = rv.value_id and v.enabled
         and v.deleted_at is null
        join dimensions d on d.project_id = v.project_id and d.id = v.dimension_id and d.deleted_at is null
        join category_dimensions cd on cd.project_id = v.project_id and cd.category_id = u.fill_category and cd.dimension_id = v.dimension_id
       where u.fill_category is not null
      on conflict do nothing
      returning transaction_id, dimension_value_id
    ),
    audited as (
      insert into audit_log (project_id, action, object_type, object_id, data, created_at)
      select u.project_id, 'transaction.categorised_by_rule', 'transaction', u.id::text,
             jsonb_build_object('rule_id', u.rule_id, 'category_id', u.fill_category, 'tax_category_id', u.fill_tax,
                                'subcategory_ids', coalesce((select jsonb_agg(vs.dimension_value_id)
                                                               from values_set vs where vs.transaction_id = u.id),
                                                            '[]'::jsonb)),
             ${now}
        from changed u
    )
    select id as transaction_id, rule_id, category_id, tax_category_id from changed`);
  return result.rows;
};

/** The merchant names of the company's transactions among `ids`, for their merchant keys. */
export const merchantNamesOf = async (
  db: Executor,
  projectId: string,
  ids: readonly string[],
): Promise<{ id: string; merchant_name: string }[]> => {
  const result = await db.execute<{ id: string; merchant_name: string }>(sql`
    select id, merchant_name from transactions where project_id = ${projectId} and id = any(${sql.param([...ids])}::uuid[])`);
  return result.rows;
};

/** A person set the category: each transaction carries its merchant key, and no rule is named for it any more. */
export const markPeopleCategorised = (
  db: Executor,
  projectId: string,
  keys: readonly { id: string; merchantKey: string }[],
) =>
  db.execute(sql`
    update transactions t set merchant_key = k.key, categorised_by_rule_id = null
      from unnest(${sql.param(keys.map((k) => k.id))}::uuid[], ${sql.param(keys.map((k) => k.merchantKey))}::text[])
           as k(id, key)
     where t.project_id = ${projectId} and t.id = k.id`);

/**
 * The categorisations a person's change made, one per merchant, category and tax category among `ids` (merchants
 * with a key and a category only): how many of the company's transactions carry the same, counting no further than
 * `upTo` (at most that many entries of transactions_project_merchant_key_category_idx each), whether a proposal
 * must not be made (a live merchant rule, an open proposal for the merchant, or the same categorisation dismissed
 * before), and the merchant's name and dimension values of the group's last transaction for a proposal. One
 * statement for a whole selection.
 */
export type CategorisationGroup = {
  merchant_key: string;
  merchant_name: string;
  category_id: string;
  tax_category_id: string | null;
  last_id: string;
  dimension_value_ids: string[];
  same: number;
  blocked: boolean;
};

export const categorisationGroups = async (
  db: Executor,
  projectId: string,
  ids: readonly string[],
  upTo: number,
): Promise<CategorisationGroup[]> => {
  const result = await db.execute<CategorisationGroup>(sql`
    with chosen as (
      select t.id, t.merchant_key, t.merchant_name, t.category_id, t.tax_category_id
        from transactions t
       where t.project_id = ${projectId} and t.id = any(${sql.param([...ids])}::uuid[])
         and t.merchant_key <> '' and t.category_id is not null
    ),
    groups as (
      select merchant_key, category_id, tax_category_id, max(id::text)::uuid as last_id
        from chosen group by merchant_key, category_id, tax_category_id
    )
    select g.merchant_key, c.merchant_name, g.category_id, g.tax_category_id, g.last_id,
           coalesce((select array_agg(tdv.dimension_value_id order by tdv.dimension_id)
                       from transaction_dimension_values tdv
                      where tdv.project_id = ${projectId} and tdv.transaction_id = g.last_id), '{}') as dimension_value_ids,
           (select count(*)::int from (
              select 1 from transactions s
               where s.project_id = ${projectId} and s.merchant_key = g.merchant_key and s.category_id = g.category_id
                 and s.tax_category_id is not distinct from g.tax_category_id
               limit ${upTo}) same) as same,
           (exists (select 1 from categorisation_rules r
                     where r.project_id = ${projectId} and r.match_kind = 'MERCHANT' and r.pattern = g.merchant_key
                       and r.deleted_at is null)
            or exists (select 1 from categorisation_proposals p
                        where p.project_id = ${projectId} and p.merchant_key = g.merchant_key
                          and (p.status = 'PROPOSED'
                               or (p.status = 'DISMISSED' and p.category_id = g.category_id
                                   and p.tax_category_id is not distinct from g.tax_category_id)))) as blocked
      from groups g join chosen c on c.id = g.last_id
     order by g.last_id`);
  return result.rows;
};

/** A new open proposal; undefined when another request opened one for the merchant first (the partial unique index). */
export const insertProposal = async (
  db: Executor,
  values: {
    projectId: string;
    merchantKey: string;
    merchantName: string;
    categoryId: string;
    taxCategoryId: string | null;
    dimensionValueIds: readonly string[];
    transactionCount: number;
    now: Date;
  },
): Promise<string | undefined> => {
  const result = await db.execute<{ id: string }>(sql`
    insert into categorisation_proposals (project_id, merchant_key, merchant_name, category_id, tax_category_id,
                                          dimension_value_ids, transaction_count, created_at)
    values (${values.projectId}, ${values.merchantKey}, ${values.merchantName}, ${values.categoryId},
            ${values.taxCategoryId}, ${sql.param([...values.dimensionValueIds])}::uuid[], ${values.transactionCount},
            ${values.now})
    on conflict (project_id, merchant_key) where status = 'PROPOSED' do nothing
    returning id`);
  return result.rows[0]?.id;
};

/** The company's owners and accountants: who decides on a proposal. */
export const proposalDeciders = async (db: Executor, projectId: string): Promise<string[]> => {
  const result = await db.execute<{ user_id: string }>(sql`
    select user_id from project_members
     where project_id = ${projectId} and role in ('project_owner', 'accountant')`);
  return result.rows.map((row) => row.user_id);
};

export type ProposalRecord = {
  id: string;
  project_id: string;
  merchant_key: string;
  merchant_name: string;
  category_id: string;
  category_title: string | null;
  category_code: string | null;
  tax_category_id: string | null;
  tax_category_code: string | null;
  tax_percentage: string | null;
  dimension_value_ids: string[];
  transaction_count: number;
  status: ProposalStatus;
  rule_id: string | null;
  created_at: string;
};

const proposalColumns = sql`
  p.id, p.project_id, p.merchant_key, p.merchant_name, p.category_id,
  (select c.title from categories c where c.project_id = p.project_id and c.id = p.category_id) as category_title,
  (select c.code from categories c where c.project_id = p.project_id and c.id = p.category_id) as category_code,
  p.tax_category_id,
  (select tc.code from tax_categories tc where tc.project_id = p.project_id and tc.id = p.tax_category_id) as tax_category_code,
  (select trim_scale(tc.percentage)::text from tax_categories tc where tc.project_id = p.project_id and tc.id = p.tax_category_id) as tax_percentage,
  p.dimension_value_ids, p.transaction_count, p.status, p.rule_id, p.created_at`;

/** A page of the company's open proposals, newest first, by keyset on (created_at, id). */
export const listOpenProposals = async (
  db: Executor,
  projectId: string,
  after: KeysetCursor | null,
  limit: number,
): Promise<ProposalRecord[]> => {
  const keyset: SQL = after ? sql`and ${afterTimeCursor(sql`p.created_at`, sql`p.id`, after)}` : sql``;
  const result = await db.execute<ProposalRecord>(sql`
    select ${proposalColumns} from categorisation_proposals p
     where p.project_id = ${projectId} and p.status = 'PROPOSED' ${keyset}
     order by p.created_at desc, p.id desc
     limit ${limit + 1}`);
  return result.rows;
};

export const lockProposal = async (
  db: Executor,
  projectId: string,
  id: string,
): Promise<ProposalRecord | undefined> => {
  await db.execute(
    sql`select 1 from categorisation_proposals where project_id = ${projectId} and id = ${id} for update`,
  );
  const result = await db.execute<ProposalRecord>(sql`
    select ${proposalColumns} from categorisation_proposals p where p.project_id = ${projectId} and p.id = ${id}`);
  return result.rows[0];
};

export const decideProposal = (
  db: Executor,
  projectId: string,
  id: string,
  decision: { status: "ACCEPTED" | "DISMISSED"; ruleId: string | null; by: string; now: Date },
) =>
  db.execute(sql`
    update categorisation_proposals
       set status = ${decision.status}, rule_id = ${decision.ruleId}, decided_by = ${decision.by},
           decided_at = ${decision.now}
     where project_id = ${projectId} and id = ${id}`);

/**
 * The starter categories of a new company (codes kept if the company has them already), each with its default
 * VAT; answers the live category id of each code.
 */
export const insertStarterCategories = async (
  db: Executor,
  projectId: string,
  rows: readonly { title: string; code: string; taxCategoryId: string | null }[],
  now: Date,
): Promise<Map<string, string>> => {
  for (const row of rows) {
    await db.execute(sql`
      insert into categories (project_id, title, code, default_tax_category_id, created_at, updated_at)
      values (${projectId}, ${row.title}, ${row.code}, ${row.taxCategoryId}, ${now}, ${now})
      on conflict (project_id, code) where deleted_at is null do nothing`);
  }
  const result = await db.execute<{ id: string; code: string }>(sql`
    select id, code from categories
     where project_id = ${projectId} and deleted_at is null
       and code = any(${sql.param(rows.map((row) => row.code))}::text[])`);
  return new Map(result.rows.map((row) => [row.code, row.id]));
};

/** The company's live, enabled tax categories with their rate in basis points (integers, never floats). */
export const taxCategoriesForDefaults = async (
  db: Executor,
  projectId: string,
): Promise<{ id: string; peppol_code: string; basis_points: number }[]> => {
  const result = await db.execute<{ id: string; peppol_code: string; basis_points: number }>(sql`
    select id, peppol_code, (percentage * 100)::int as basis_points from tax_categories
     where project_id = ${projectId} and enabled and deleted_at is null
     order by code, id`);
  return result.rows;
};

/** Default rules, skipping an MCC the company has a live rule for already. */
export const insertDefaultRules = async (
  db: Executor,
  projectId: string,
  rules: readonly { mcc: string; name: string; categoryId: string | null; taxCategoryId: string | null }[],
  now: Date,
): Promise<number> => {
  if (rules.length === 0) return 0;
  const result = await db.execute(sql`
    insert into categorisation_rules (project_id, match_kind, pattern, name, category_id, tax_category_id, source,
                                      created_at, updated_at)
    select ${projectId}, 'MCC', d.mcc, d.name, d.category_id, d.tax_category_id, 'DEFAULT', ${now}, ${now}
      from unnest(${sql.param(rules.map((rule) => rule.mcc))}::text[],
                  ${sql.param(rules.map((rule) => rule.name))}::text[],
                  ${sql.param(rules.map((rule) => rule.categoryId))}::uuid[],
                  ${sql.param(rules.map((rule) => rule.taxCategoryId))}::uuid[]) as d(mcc, name, category_id, tax_category_id)
    on conflict (project_id, match_kind, pattern) where deleted_at is null do nothing
    returning id`);
  return result.rows.length;
};
