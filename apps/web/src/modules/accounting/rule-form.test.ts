import { describe, expect, it } from "vitest";
import {
  draftOf,
  EMPTY_RULE_DRAFT,
  type RuleDraft,
  ruleProblem,
  ruleVariables,
  withCategory,
  withValue,
} from "./rule-form.ts";
import type { CategorisationRule } from "./rules.graphql.ts";

const draft = (patch: Partial<RuleDraft>): RuleDraft => ({ ...EMPTY_RULE_DRAFT, ...patch });

describe("the rule form", () => {
  it("needs a merchant name with a letter or digit, or an MCC of four digits", () => {
    expect(ruleProblem(draft({ pattern: " *- ", categoryId: "c" }))).toBe("pattern");
    expect(ruleProblem(draft({ kind: "MCC", pattern: "581", categoryId: "c" }))).toBe("pattern");
    expect(ruleProblem(draft({ kind: "MCC", pattern: "5812", categoryId: "c" }))).toBeNull();
    expect(ruleProblem(draft({ pattern: "Bónus", taxId: "t" }))).toBeNull();
  });

  it("needs a category or a tax category to set", () => {
    expect(ruleProblem(draft({ pattern: "Bónus" }))).toBe("target");
  });

  it("keeps one value per dimension: choosing another replaces it, clearing removes it", () => {
    const first = withValue(draft({ categoryId: "c" }), "d1", "v1");
    const second = withValue(first, "d2", "v2");
    const replaced = withValue(second, "d1", "v3");
    expect(replaced.values).toEqual([
      { dimension_id: "d2", value_id: "v2" },
      { dimension_id: "d1", value_id: "v3" },
    ]);
    expect(withValue(replaced, "d2", null).values).toEqual([{ dimension_id: "d1", value_id: "v3" }]);
  });

  it("keeps only the values of dimensions the new category asks for, and none without a category", () => {
    const chosen = draft({
      categoryId: "c1",
      values: [
        { dimension_id: "d1", value_id: "v1" },
        { dimension_id: "d2", value_id: "v2" },
      ],
    });
    expect(withCategory(chosen, "c2", ["d2"]).values).toEqual([{ dimension_id: "d2", value_id: "v2" }]);
    expect(withCategory(chosen, null, ["d1", "d2"]).values).toEqual([]);
  });

  it("sends the trimmed pattern, no empty name, and values only with a category", () => {
    expect(
      ruleVariables(
        draft({ pattern: "  Bónus ", name: "  ", taxId: "t", values: [{ dimension_id: "d", value_id: "v" }] }),
      ),
    ).toEqual({
      match_kind: "MERCHANT",
      pattern: "Bónus",
      name: null,
      category_id: null,
      tax_category_id: "t",
      dimension_value_ids: [],
    });
    expect(
      ruleVariables(draft({ pattern: "x", categoryId: "c", values: [{ dimension_id: "d", value_id: "v" }] })),
    ).toMatchObject({ category_id: "c", dimension_value_ids: ["v"] });
  });

  it("edits a stored rule as it is, on or off", () => {
    const rule = {
      id: "r",
      match_kind: "MERCHANT",
      pattern: "bónus",
      name: "Bónus",
      category_id: "c",
      category_title: "Matur",
      category_code: "4520",
      tax_category_id: null,
      tax_category_code: null,
      tax_percentage: null,
      dimension_values: [{ id: "v", title: "A", dimension_id: "d", dimension_title: "Verkefni" }],
      source: "MANUAL",
      active: false,
    } as CategorisationRule;
    expect(draftOf(rule)).toEqual({
      kind: "MERCHANT",
      pattern: "bónus",
      name: "Bónus",
      categoryId: "c",
      taxId: null,
      values: [{ dimension_id: "d", value_id: "v" }],
      active: false,
    });
  });
});
