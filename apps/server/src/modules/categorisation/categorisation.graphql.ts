import { PROPOSAL_STATUSES, RULE_MATCH_KINDS, RULE_SOURCES } from "@kort/core";
import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import {
  acceptProposalFor,
  createRuleFor,
  deleteRuleFor,
  dismissProposalFor,
  listProposalsFor,
  listRulesFor,
  type ProposalDto,
  type RuleDto,
  updateRuleFor,
} from "./categorisation.service.ts";

/** Automatic categorisation (issue 19): the accounting page's rules and proposals, for owners and accountants. */

const RuleMatchKindEnum = builder.enumType("RuleMatchKind", {
  description: "MERCHANT: the merchant's normalised name. MCC: the merchant category code (four digits).",
  values: RULE_MATCH_KINDS,
});

const RuleSourceEnum = builder.enumType("RuleSource", {
  description: "DEFAULT: made at sign-up. ACCEPTED: from an accepted proposal. MANUAL: written by a person.",
  values: RULE_SOURCES,
});

const ProposalStatusEnum = builder.enumType("RuleProposalStatus", { values: PROPOSAL_STATUSES });

type ValueDto = RuleDto["dimension_values"][number];

const RuleDimensionValue = builder.objectRef<ValueDto>("RuleDimensionValue").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    title: t.exposeString("title"),
    dimension_id: t.exposeID("dimension_id"),
    dimension_title: t.exposeString("dimension_title"),
  }),
});

const CategorisationRule = builder.objectRef<RuleDto>("CategorisationRule").implement({
  description: "A rule that fills a settling transaction's empty category, tax category and dimension values.",
  fields: (t) => ({
    id: t.exposeID("id"),
    match_kind: t.expose("match_kind", { type: RuleMatchKindEnum }),
    pattern: t.exposeString("pattern", { description: "The merchant key (lower case, no store numbers) or the MCC." }),
    name: t.exposeString("name"),
    category_id: t.exposeID("category_id", { nullable: true }),
    category_title: t.exposeString("category_title", { nullable: true }),
    category_code: t.exposeString("category_code", { nullable: true }),
    tax_category_id: t.exposeID("tax_category_id", { nullable: true }),
    tax_category_code: t.exposeString("tax_category_code", { nullable: true }),
    tax_percentage: t.exposeFloat("tax_percentage", { nullable: true }),
    dimension_values: t.expose("dimension_values", { type: [RuleDimensionValue] }),
    source: t.expose("source", { type: RuleSourceEnum }),
    active: t.exposeBoolean("active"),
    created_at: t.expose("created_at", { type: "DateTime" }),
    updated_at: t.expose("updated_at", { type: "DateTime" }),
  }),
});

const RuleProposal = builder.objectRef<ProposalDto>("CategorisationRuleProposal").implement({
  description: "A merchant categorised the same way three times: a rule Kort proposes, to accept or dismiss.",
  fields: (t) => ({
    id: t.exposeID("id"),
    merchant_name: t.exposeString("merchant_name"),
    merchant_key: t.exposeString("merchant_key"),
    category_id: t.exposeID("category_id"),
    category_title: t.exposeString("category_title", { nullable: true }),
    category_code: t.exposeString("category_code", { nullable: true }),
    tax_category_id: t.exposeID("tax_category_id", { nullable: true }),
    tax_category_code: t.exposeString("tax_category_code", { nullable: true }),
    tax_percentage: t.exposeFloat("tax_percentage", { nullable: true }),
    dimension_values: t.expose("dimension_values", { type: [RuleDimensionValue] }),
    transaction_count: t.exposeInt("transaction_count"),
    status: t.expose("status", { type: ProposalStatusEnum }),
    created_at: t.expose("created_at", { type: "DateTime" }),
  }),
});

const RulePage = builder
  .objectRef<{ nodes: RuleDto[]; next_cursor: string | null }>("CategorisationRulePage")
  .implement({
    fields: (t) => ({
      nodes: t.expose("nodes", { type: [CategorisationRule] }),
      next_cursor: t.exposeString("next_cursor", { nullable: true }),
    }),
  });

const ProposalPage = builder
  .objectRef<{ nodes: ProposalDto[]; next_cursor: string | null }>("CategorisationRuleProposalPage")
  .implement({
    fields: (t) => ({
      nodes: t.expose("nodes", { type: [RuleProposal] }),
      next_cursor: t.exposeString("next_cursor", { nullable: true }),
    }),
  });

builder.queryField("categorisation_rules", (t) =>
  t.field({
    type: RulePage,
    description: "category manage: the company's live rules, newest first (keyset: after a next_cursor).",
    args: { first: t.arg.int({ required: false }), after: t.arg.string({ required: false }) },
    resolve: (_root, args, { kort, deps }) => listRulesFor(deps, requireProject(kort), args),
  }),
);

builder.queryField("categorisation_rule_proposals", (t) =>
  t.field({
    type: ProposalPage,
    description: "category manage: the open proposals, newest first (keyset: after a next_cursor).",
    args: { first: t.arg.int({ required: false }), after: t.arg.string({ required: false }) },
    resolve: (_root, args, { kort, deps }) => listProposalsFor(deps, requireProject(kort), args),
  }),
);

builder.mutationField("create_categorisation_rule", (t) =>
  t.field({
    type: CategorisationRule,
    description:
      "category manage: a rule on a merchant name or an MCC that sets a category, a tax category or both, and the category's dimension values.",
    args: {
      match_kind: t.arg({ type: RuleMatchKindEnum, required: true }),
      pattern: t.arg.string({ required: true }),
      name: t.arg.string({ required: false }),
      category_id: t.arg.id({ required: false }),
      tax_category_id: t.arg.id({ required: false }),
      dimension_value_ids: t.arg.idList({ required: false }),
      active: t.arg.boolean({ required: false }),
    },
    resolve: (_root, args, { kort, deps }) => createRuleFor(deps, requireProject(kort), args),
  }),
);

builder.mutationField("update_categorisation_rule", (t) =>
  t.field({
    type: CategorisationRule,
    description: "category manage: the rule as a whole, as create_categorisation_rule takes it.",
    args: {
      id: t.arg.id({ required: true }),
      match_kind: t.arg({ type: RuleMatchKindEnum, required: true }),
      pattern: t.arg.string({ required: true }),
      name: t.arg.string({ required: false }),
      category_id: t.arg.id({ required: false }),
      tax_category_id: t.arg.id({ required: false }),
      dimension_value_ids: t.arg.idList({ required: false }),
      active: t.arg.boolean({ required: false }),
    },
    resolve: (_root, { id, ...args }, { kort, deps }) => updateRuleFor(deps, requireProject(kort), id, args),
  }),
);

builder.mutationField("delete_categorisation_rule", (t) =>
  t.field({
    type: "ID",
    description: "category manage: the rule stops applying; transactions it categorised still name it.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, { kort, deps }) => (await deleteRuleFor(deps, requireProject(kort), args.id)).id,
  }),
);

builder.mutationField("accept_categorisation_rule_proposal", (t) =>
  t.field({
    type: CategorisationRule,
    description: "category manage: the proposal becomes a merchant rule.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => acceptProposalFor(deps, requireProject(kort), args.id),
  }),
);

builder.mutationField("dismiss_categorisation_rule_proposal", (t) =>
  t.field({
    type: "ID",
    description:
      "category manage: the proposal is closed; the same categorisation of the merchant is not proposed again.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, { kort, deps }) => (await dismissProposalFor(deps, requireProject(kort), args.id)).id,
  }),
);
