import {
  DEFAULT_MCC_RULES,
  DEFAULT_RULE_CATEGORIES,
  merchantKey,
  PROPOSAL_THRESHOLD,
  RULE_MATCH_KINDS,
  RULE_NAME_MAX,
  type RuleMatchKind,
  rulePattern,
  taxCategoryForVat,
} from "@kort/core";
import { z } from "zod";
import { writeAudit } from "../../platform/audit/audit.ts";
import type { Db, Executor, Tx } from "../../platform/db/client.ts";
import { encodeCursor, pageOf, timeCursorFromText } from "../../platform/db/keyset-cursor.ts";
import { AppError, violatedUniqueConstraint } from "../../platform/errors.ts";
import { authorize } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { notify } from "../../platform/notifications/notify.ts";
import {
  applyRules,
  type CategorisationGroup,
  categorisationGroups,
  decideProposal,
  deleteRule,
  dimensionValueTitles,
  findRule,
  insertDefaultRules,
  insertProposal,
  insertRule,
  insertStarterCategories,
  listOpenProposals,
  listRules,
  liveRuleWithPattern,
  lockProposal,
  lockRule,
  markPeopleCategorised,
  merchantNamesOf,
  type ProposalRecord,
  proposalDeciders,
  RULE_PATTERN_CONSTRAINT,
  type RuleApplied,
  type RuleRecord,
  type RuleValues,
  ruleValuesOfCategory,
  taxCategoriesForDefaults,
  updateRule,
  usableRuleCategory,
  usableRuleTaxCategory,
} from "./categorisation.repo.ts";

/**
 * Automatic categorisation (issue 19, docs/categorisation-rules.md). Rules are the company's accounting setup: the
 * policy's `category manage` (owners and accountants, project scope) guards every call, asked before any input is
 * read. Each call is one database transaction and is audited; notices go out with notify() in that transaction.
 */

export type CategorisationDeps = { db: Db; now: () => Date };

/** Asks the policy about the caller's own company: rules belong to the company, never to a team or a person. */
const authorizeRules = (ctx: ProjectContext): void =>
  authorize(ctx, "category", "manage", { project_id: ctx.membership.projectId });

const ruleNotFound = () => new AppError("NOT_FOUND", "The rule was not found.");
const proposalNotFound = () => new AppError("NOT_FOUND", "The proposal was not found.");
const ruleExists = () =>
  new AppError("CATEGORISATION_RULE_EXISTS", "The company has a rule for this merchant or MCC already.", {
    issues: [{ path: "pattern", code: "CATEGORISATION_RULE_EXISTS", message: "A rule for it exists." }],
  });

/** A rule met by another request between our check and our write reads as the coded error, never a 500. */
const withPatternGuard = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    if (violatedUniqueConstraint(error) === RULE_PATTERN_CONSTRAINT) throw ruleExists();
    throw error;
  }
};

const audit = (
  tx: Executor,
  ctx: ProjectContext,
  entry: { action: string; objectType: string; objectId: string; data: Record<string, unknown>; at: Date },
) =>
  writeAudit(tx, {
    ...entry,
    projectId: ctx.membership.projectId,
    actorUserId: ctx.user.id,
    requestId: ctx.requestId,
  });

// ---------------------------------------------------------------------------------------------------------------
// What the rest of Kort calls: settlement and a person's categorisation.

/**
 * Settled transactions meet the company's rules, in the settlement's own database transaction and in one statement
 * for the batch (categorisation.repo applyRules). The merchant key is made here, in TypeScript, and stored: SQL's
 * lower() follows the database's locale, which may leave Icelandic capitals as they are.
 */
export const categoriseSettled = (
  tx: Tx,
  projectId: string,
  settled: readonly { transactionId: string; merchantName: string }[],
  now: Date,
): Promise<RuleApplied[]> =>
  applyRules(
    tx,
    projectId,
    settled.map((item) => ({ transactionId: item.transactionId, merchantKey: merchantKey(item.merchantName) })),
    now,
  );

/**
 * People set the category of these transactions (the panel, the app, or a bulk change of a selection), in that
 * change's database transaction: the transactions no longer name a rule, and for each merchant whose transactions
 * now number three with the same category and tax category, with no rule for the merchant, no open proposal and no
 * dismissal of the same, Kort proposes a rule and tells the owners and accountants. A selection costs the same
 * three statements as one transaction, plus the proposals it makes. Answers each new proposal's id by the
 * transaction whose dimension values it took (the last of its group).
 */
export const noteCategorisations = async (
  tx: Tx,
  input: { projectId: string; transactionIds: readonly string[]; actorUserId: string; now: Date },
): Promise<Map<string, string>> => {
  const proposals = new Map<string, string>();
  const rows = await merchantNamesOf(tx, input.projectId, input.transactionIds);
  if (rows.length === 0) return proposals;
  await markPeopleCategorised(
    tx,
    input.projectId,
    rows.map((row) => ({ id: row.id, merchantKey: merchantKey(row.merchant_name) })),
  );
  const groups = await categorisationGroups(tx, input.projectId, input.transactionIds, PROPOSAL_THRESHOLD);
  for (const group of groups.filter((candidate) => candidate.same >= PROPOSAL_THRESHOLD && !candidate.blocked)) {
    const proposalId = await proposeRule(tx, input, group);
    if (proposalId !== undefined) proposals.set(group.last_id, proposalId);
  }
  return proposals;
};

/** One proposal from a group of a person's categorisations, audited and told to the deciders; undefined if raced. */
const proposeRule = async (
  tx: Tx,
  input: { projectId: string; actorUserId: string; now: Date },
  group: CategorisationGroup,
): Promise<string | undefined> => {
  const proposalId = await insertProposal(tx, {
    projectId: input.projectId,
    merchantKey: group.merchant_key,
    merchantName: group.merchant_name,
    categoryId: group.category_id,
    taxCategoryId: group.tax_category_id,
    dimensionValueIds: group.dimension_value_ids,
    transactionCount: group.same,
    now: input.now,
  });
  if (proposalId === undefined) return undefined;
  const payload = { proposal_id: proposalId, merchant_name: group.merchant_name, category_id: group.category_id };
  await writeAudit(tx, {
    action: "categorisation_proposal.create",
    objectType: "categorisation_proposal",
    objectId: proposalId,
    projectId: input.projectId,
    actorUserId: input.actorUserId,
    data: {
      ...payload,
      merchant_key: group.merchant_key,
      tax_category_id: group.tax_category_id,
      transaction_count: group.same,
    },
    at: input.now,
  });
  for (const userId of await proposalDeciders(tx, input.projectId)) {
    await notify(tx, {
      projectId: input.projectId,
      userId,
      kind: "categorisation.rule_proposed",
      payload,
      dedupeKey: `rule-proposal:${proposalId}`,
      at: input.now,
    });
  }
  return proposalId;
};

/** `noteCategorisations` for one transaction: the proposal it made, if any. */
export const noteCategorisation = async (
  tx: Tx,
  input: { projectId: string; transactionId: string; actorUserId: string; now: Date },
): Promise<string | undefined> => {
  const proposals = await noteCategorisations(tx, { ...input, transactionIds: [input.transactionId] });
  return proposals.get(input.transactionId);
};

/**
 * The default rules of a new company (sign-up): the starter categories for fuel, food and travel, each with its
 * usual VAT, and an MCC rule per default MCC with the VAT mapped to the company's own tax categories when it has
 * them (docs/categorisation-rules.md). Run after the company's tax categories are made, in the sign-up's transaction.
 */
export const seedDefaultRules = async (tx: Executor, input: { projectId: string; now: Date }): Promise<void> => {
  const taxes = await taxCategoriesForDefaults(tx, input.projectId);
  const categoryIds = await insertStarterCategories(
    tx,
    input.projectId,
    DEFAULT_RULE_CATEGORIES.map((category) => ({
      title: category.title,
      code: category.code,
      taxCategoryId: category.vat ? (taxCategoryForVat(category.vat, taxes)?.id ?? null) : null,
    })),
    input.now,
  );
  const codeOf = new Map(DEFAULT_RULE_CATEGORIES.map((category) => [category.key, category.code]));
  const rules = DEFAULT_MCC_RULES.map((rule) => ({
    mcc: rule.mcc,
    name: rule.name,
    categoryId: categoryIds.get(codeOf.get(rule.category) ?? "") ?? null,
    taxCategoryId: taxCategoryForVat(rule.vat, taxes)?.id ?? null,
  })).filter((rule) => rule.categoryId !== null || rule.taxCategoryId !== null);
  const made = await insertDefaultRules(tx, input.projectId, rules, input.now);
  await writeAudit(tx, {
    action: "categorisation_rule.defaults",
    objectType: "project",
    objectId: input.projectId,
    projectId: input.projectId,
    data: { rules: made, mccs: rules.map((rule) => rule.mcc) },
    at: input.now,
  });
};

// ---------------------------------------------------------------------------------------------------------------
// The accounting page's calls.

export type RuleDto = Omit<
  RuleRecord,
  "project_id" | "tax_percentage" | "dimension_value_ids" | "created_at" | "updated_at"
> & {
  created_at: Date;
  updated_at: Date;
  tax_percentage: number | null;
  dimension_values: { id: string; title: string; dimension_id: string; dimension_title: string }[];
};

export type ProposalDto = Omit<
  ProposalRecord,
  "project_id" | "tax_percentage" | "dimension_value_ids" | "created_at"
> & {
  created_at: Date;
  tax_percentage: number | null;
  dimension_values: { id: string; title: string; dimension_id: string; dimension_title: string }[];
};

/** Titles of the values of every row of a page in one statement. */
const withValues = async <
  R extends { dimension_value_ids: string[]; tax_percentage: string | null; created_at: string; updated_at?: string },
>(
  db: Executor,
  projectId: string,
  rows: readonly R[],
) => {
  const titles = await dimensionValueTitles(
    db,
    projectId,
    rows.flatMap((row) => row.dimension_value_ids),
  );
  const byId = new Map(titles.map((title) => [title.id, title]));
  return rows.map(({ dimension_value_ids, tax_percentage, created_at, updated_at, ...row }) => ({
    ...row,
    created_at: new Date(created_at),
    ...(updated_at === undefined ? {} : { updated_at: new Date(updated_at) }),
    // A percentage is numeric(5,2) read as text; shown as a number (24, 11, 5.5) like TaxCategory.percentage.
    tax_percentage: tax_percentage === null ? null : Number(tax_percentage),
    dimension_values: dimension_value_ids.flatMap((id) => byId.get(id) ?? []),
  }));
};

const PAGE_MAX = 200;
/** These lists' cursors carry PostgreSQL's text of the last row's `created_at` (keyset-cursor.ts, `timeKey`). */
const pageArgs = z.object({
  first: z.int().min(1).max(PAGE_MAX).nullish(),
  after: timeCursorFromText.nullish(),
});

export const listRulesFor = async (deps: CategorisationDeps, ctx: ProjectContext, args: unknown) => {
  authorizeRules(ctx);
  const { first, after } = pageArgs.parse(args);
  const limit = first ?? 100;
  const projectId = ctx.membership.projectId;
  const rows = await listRules(deps.db, projectId, after ?? null, limit);
  const page = pageOf(rows, limit, (last) => encodeCursor({ value: last.created_at, id: last.id }));
  return { nodes: (await withValues(deps.db, projectId, page.nodes)) as RuleDto[], next_cursor: page.next_cursor };
};

export const listProposalsFor = async (deps: CategorisationDeps, ctx: ProjectContext, args: unknown) => {
  authorizeRules(ctx);
  const { first, after } = pageArgs.parse(args);
  const limit = first ?? 50;
  const projectId = ctx.membership.projectId;
  const rows = await listOpenProposals(deps.db, projectId, after ?? null, limit);
  const page = pageOf(rows, limit, (last) => encodeCursor({ value: last.created_at, id: last.id }));
  return {
    nodes: (await withValues(deps.db, projectId, page.nodes)) as ProposalDto[],
    next_cursor: page.next_cursor,
  };
};

const optionalId = z
  .uuid()
  .nullish()
  .transform((id) => id ?? null);

const ruleInput = z.object({
  match_kind: z.enum(RULE_MATCH_KINDS),
  pattern: z.string().max(200),
  name: z.string().trim().max(RULE_NAME_MAX).nullish(),
  category_id: optionalId,
  tax_category_id: optionalId,
  dimension_value_ids: z
    .array(z.uuid())
    .max(50)
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]),
  active: z
    .boolean()
    .nullish()
    .transform((active) => active ?? true),
});

const invalid = (path: string, message: string) =>
  new AppError("VALIDATION_FAILED", message, { issues: [{ path, code: "invalid", message }] });

/** A rule as given, checked against the company: what it matches and what it sets must be usable. */
const checkedRule = async (tx: Executor, projectId: string, input: unknown): Promise<RuleValues> => {
  const args = ruleInput.parse(input);
  const pattern = rulePattern(args.match_kind, args.pattern);
  if (pattern === undefined) {
    throw invalid(
      "pattern",
      args.match_kind === "MCC" ? "An MCC is four digits." : "A merchant name needs a letter or a digit.",
    );
  }
  if (args.category_id === null && args.tax_category_id === null) {
    throw invalid("category_id", "A rule sets a category, a tax category or both.");
  }
  if (args.category_id !== null && !(await usableRuleCategory(tx, projectId, args.category_id))) {
    throw new AppError("CATEGORY_NOT_AVAILABLE", "The category cannot be used for a rule.");
  }
  if (args.tax_category_id !== null && !(await usableRuleTaxCategory(tx, projectId, args.tax_category_id))) {
    throw new AppError("TAX_CATEGORY_NOT_AVAILABLE", "The tax category cannot be used.");
  }
  if (args.dimension_value_ids.length > 0) {
    const values =
      args.category_id === null
        ? []
        : await ruleValuesOfCategory(tx, projectId, args.category_id, args.dimension_value_ids);
    const dimensions = new Set(values.map((value) => value.dimension_id));
    if (values.length !== args.dimension_value_ids.length || dimensions.size !== values.length) {
      throw new AppError("DIMENSION_VALUE_NOT_AVAILABLE", "A dimension value cannot be used with this category.");
    }
  }
  const name = args.name || (args.match_kind === "MCC" ? `MCC ${pattern}` : args.pattern.trim());
  return {
    matchKind: args.match_kind,
    pattern,
    name: name.slice(0, RULE_NAME_MAX),
    categoryId: args.category_id,
    taxCategoryId: args.tax_category_id,
    dimensionValueIds: args.dimension_value_ids,
    active: args.active,
  };
};

const ruleDto = async (tx: Executor, projectId: string, id: string): Promise<RuleDto> => {
  const row = await findRule(tx, projectId, id);
  if (!row) throw ruleNotFound();
  const [dto] = await withValues(tx, projectId, [row]);
  return dto as RuleDto;
};

const auditedValues = (values: RuleValues) => ({
  match_kind: values.matchKind,
  pattern: values.pattern,
  name: values.name,
  category_id: values.categoryId,
  tax_category_id: values.taxCategoryId,
  subcategory_ids: values.dimensionValueIds,
  active: values.active,
});

export const createRuleFor = (deps: CategorisationDeps, ctx: ProjectContext, input: unknown): Promise<RuleDto> => {
  authorizeRules(ctx);
  const projectId = ctx.membership.projectId;
  const now = deps.now();
  return withPatternGuard(() =>
    deps.db.transaction(async (tx) => {
      const values = await checkedRule(tx, projectId, input);
      if (await liveRuleWithPattern(tx, projectId, values.matchKind, values.pattern)) throw ruleExists();
      const id = await insertRule(tx, projectId, { ...values, source: "MANUAL", createdBy: ctx.user.id, now });
      await audit(tx, ctx, {
        action: "categorisation_rule.create",
        objectType: "categorisation_rule",
        objectId: id,
        data: auditedValues(values),
        at: now,
      });
      return ruleDto(tx, projectId, id);
    }),
  );
};

const ruleId = (id: unknown): string => {
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) throw ruleNotFound();
  return parsed.data;
};

export const updateRuleFor = (
  deps: CategorisationDeps,
  ctx: ProjectContext,
  id: unknown,
  input: unknown,
): Promise<RuleDto> => {
  authorizeRules(ctx);
  const projectId = ctx.membership.projectId;
  const now = deps.now();
  return withPatternGuard(() =>
    deps.db.transaction(async (tx) => {
      const locked = await lockRule(tx, projectId, ruleId(id));
      if (!locked) throw ruleNotFound();
      authorize(ctx, "category", "manage", { project_id: projectId });
      const values = await checkedRule(tx, projectId, input);
      if (await liveRuleWithPattern(tx, projectId, values.matchKind, values.pattern, locked.id)) throw ruleExists();
      await updateRule(tx, projectId, locked.id, { ...values, now });
      await audit(tx, ctx, {
        action: "categorisation_rule.update",
        objectType: "categorisation_rule",
        objectId: locked.id,
        data: auditedValues(values),
        at: now,
      });
      return ruleDto(tx, projectId, locked.id);
    }),
  );
};

export const deleteRuleFor = (deps: CategorisationDeps, ctx: ProjectContext, id: unknown): Promise<{ id: string }> => {
  authorizeRules(ctx);
  const projectId = ctx.membership.projectId;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const locked = await lockRule(tx, projectId, ruleId(id));
    if (!locked) throw ruleNotFound();
    authorize(ctx, "category", "manage", { project_id: projectId });
    await deleteRule(tx, projectId, locked.id, now);
    await audit(tx, ctx, {
      action: "categorisation_rule.delete",
      objectType: "categorisation_rule",
      objectId: locked.id,
      data: {},
      at: now,
    });
    return { id: locked.id };
  });
};

/** The open proposal, locked; one decided already is a CATEGORISATION_PROPOSAL_DECIDED. */
const openProposal = async (tx: Tx, ctx: ProjectContext, id: unknown): Promise<ProposalRecord> => {
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) throw proposalNotFound();
  const row = await lockProposal(tx, ctx.membership.projectId, parsed.data);
  if (!row) throw proposalNotFound();
  authorize(ctx, "category", "manage", { project_id: row.project_id });
  if (row.status !== "PROPOSED") {
    throw new AppError("CATEGORISATION_PROPOSAL_DECIDED", `The proposal was ${row.status.toLowerCase()} already.`, {
      status: row.status,
    });
  }
  return row;
};

/**
 * Accepting makes the proposal a merchant rule (source ACCEPTED, named after the merchant) with the proposal's
 * category, tax category and dimension values, checked again against the company as it is now.
 */
export const acceptProposalFor = (deps: CategorisationDeps, ctx: ProjectContext, id: unknown): Promise<RuleDto> => {
  authorizeRules(ctx);
  const projectId = ctx.membership.projectId;
  const now = deps.now();
  return withPatternGuard(() =>
    deps.db.transaction(async (tx) => {
      const proposal = await openProposal(tx, ctx, id);
      const values = await checkedRule(tx, projectId, {
        match_kind: "MERCHANT" satisfies RuleMatchKind,
        pattern: proposal.merchant_key,
        name: proposal.merchant_name.trim().slice(0, RULE_NAME_MAX),
        category_id: proposal.category_id,
        tax_category_id: proposal.tax_category_id,
        dimension_value_ids: proposal.dimension_value_ids,
      });
      if (await liveRuleWithPattern(tx, projectId, "MERCHANT", values.pattern)) throw ruleExists();
      const ruleIdMade = await insertRule(tx, projectId, {
        ...values,
        source: "ACCEPTED",
        createdBy: ctx.user.id,
        now,
      });
      await decideProposal(tx, projectId, proposal.id, {
        status: "ACCEPTED",
        ruleId: ruleIdMade,
        by: ctx.user.id,
        now,
      });
      await audit(tx, ctx, {
        action: "categorisation_proposal.accept",
        objectType: "categorisation_proposal",
        objectId: proposal.id,
        data: { rule_id: ruleIdMade, ...auditedValues(values) },
        at: now,
      });
      return ruleDto(tx, projectId, ruleIdMade);
    }),
  );
};

/** Dismissing keeps the proposal, so the same merchant with the same category and tax is never proposed again. */
export const dismissProposalFor = (
  deps: CategorisationDeps,
  ctx: ProjectContext,
  id: unknown,
): Promise<{ id: string }> => {
  authorizeRules(ctx);
  const projectId = ctx.membership.projectId;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const proposal = await openProposal(tx, ctx, id);
    await decideProposal(tx, projectId, proposal.id, { status: "DISMISSED", ruleId: null, by: ctx.user.id, now });
    await audit(tx, ctx, {
      action: "categorisation_proposal.dismiss",
      objectType: "categorisation_proposal",
      objectId: proposal.id,
      data: { merchant_key: proposal.merchant_key, category_id: proposal.category_id },
      at: now,
    });
    return { id: proposal.id };
  });
};
