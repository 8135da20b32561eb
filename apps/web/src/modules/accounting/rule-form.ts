import { type RuleMatchKind, rulePattern } from "@kort/core";
import type { ChosenValue } from "../expenses/dimension-values.ts";
import type { CategorisationRule } from "./rules.graphql.ts";

/**
 * The Rules tab's form (issue 19), for a new rule and for editing one: what it matches, the category, tax category and
 * dimension values it sets (one value per dimension the category asks for, as the transaction panel offers them),
 * and whether it is on.
 */
export type RuleDraft = {
  kind: RuleMatchKind;
  pattern: string;
  name: string;
  categoryId: string | null;
  taxId: string | null;
  values: ChosenValue[];
  active: boolean;
};

export const EMPTY_RULE_DRAFT: RuleDraft = {
  kind: "MERCHANT",
  pattern: "",
  name: "",
  categoryId: null,
  taxId: null,
  values: [],
  active: true,
};

/** A stored rule as the form edits it. Its pattern is the merchant key already, which keys to itself. */
export const draftOf = (rule: CategorisationRule): RuleDraft => ({
  kind: rule.match_kind,
  pattern: rule.pattern,
  name: rule.name,
  categoryId: rule.category_id ?? null,
  taxId: rule.tax_category_id ?? null,
  values: rule.dimension_values.map((value) => ({ dimension_id: value.dimension_id, value_id: value.id })),
  active: rule.active,
});

/** Another category keeps only the values of dimensions it also asks for; no category, no values. */
export const withCategory = (draft: RuleDraft, categoryId: string | null, dimensionIds: readonly string[]) => ({
  ...draft,
  categoryId,
  values: categoryId === null ? [] : draft.values.filter((value) => dimensionIds.includes(value.dimension_id)),
});

/** One dimension's value chosen (null clears it): the dimension's previous value goes, as in the panel. */
export const withValue = (draft: RuleDraft, dimensionId: string, valueId: string | null): RuleDraft => ({
  ...draft,
  values: [
    ...draft.values.filter((value) => value.dimension_id !== dimensionId),
    ...(valueId === null ? [] : [{ dimension_id: dimensionId, value_id: valueId }]),
  ],
});

/** What stops the form being sent, checked as the server checks it; null when it may be sent. */
export type RuleProblem = "pattern" | "target" | null;

export const ruleProblem = (draft: RuleDraft): RuleProblem => {
  if (rulePattern(draft.kind, draft.pattern) === undefined) return "pattern";
  if (draft.categoryId === null && draft.taxId === null) return "target";
  return null;
};

/** The mutation's variables (create takes them without `active`: a new rule is on). */
export const ruleVariables = (draft: RuleDraft) => ({
  match_kind: draft.kind,
  pattern: draft.pattern.trim(),
  name: draft.name.trim() === "" ? null : draft.name.trim(),
  category_id: draft.categoryId,
  tax_category_id: draft.taxId,
  dimension_value_ids: draft.categoryId === null ? [] : draft.values.map((value) => value.value_id),
});
