import type { ProjectPlan } from "@kort/core";
import { CATEGORY_CODE_MAX_LENGTH, CATEGORY_TITLE_MAX_LENGTH, dimensionCountAllowed, isCategoryCode } from "@kort/core";
import type { AccountingCategory, ChangesetVariables, Dimension } from "./accounting.graphql.ts";

/**
 * The create and edit category panels' state (spec 4 and 5), apart from React so it can be tested. New dimensions
 * and values get random temporary keys here; only existing ones carry their server id (a UUID), and only that id
 * is sent, so a temporary key never reaches the server.
 */

export type ValueDraft = { key: string; id?: string; title: string; code: string | null };
export type DimensionDraft = { key: string; id?: string; title: string; values: ValueDraft[] };
export type CategoryForm = {
  title: string;
  code: string;
  taxId: string | null;
  dimensions: DimensionDraft[];
};

export const EMPTY_CATEGORY_FORM: CategoryForm = { title: "", code: "", taxId: null, dimensions: [] };

/** A random temporary id for a dimension or value made in the browser (spec 3). */
export const temporaryId = (): string =>
  `tmp-${typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : Math.random().toString(36).slice(2)}`;

export const draftOf = (dimension: Dimension): DimensionDraft => ({
  key: dimension.id,
  id: dimension.id,
  title: dimension.title,
  values: dimension.values.map((value) => ({ key: value.id, id: value.id, title: value.title, code: value.code })),
});

export const formFromCategory = (category: AccountingCategory): CategoryForm => ({
  title: category.title,
  code: category.code,
  taxId: category.default_tax_category_id,
  dimensions: category.dimensions.map(draftOf),
});

export const newDimension = (): DimensionDraft => ({ key: temporaryId(), title: "", values: [] });

const sameText = (a: string, b: string) => a.toLocaleLowerCase("is") === b.toLocaleLowerCase("is");

/** Adds a value (trimmed, spec 5); a blank one or one the dimension has already (whatever its case) is ignored. */
export const addValue = (dimension: DimensionDraft, title: string): DimensionDraft => {
  const trimmed = title.trim();
  if (trimmed === "" || dimension.values.some((value) => sameText(value.title, trimmed))) return dimension;
  return { ...dimension, values: [...dimension.values, { key: temporaryId(), title: trimmed, code: null }] };
};

/** Renames a value (trimmed); blank or a name another value has leaves it as it was. */
export const renameValue = (dimension: DimensionDraft, key: string, title: string): DimensionDraft => {
  const trimmed = title.trim();
  if (trimmed === "" || dimension.values.some((value) => value.key !== key && sameText(value.title, trimmed))) {
    return dimension;
  }
  return {
    ...dimension,
    values: dimension.values.map((value) => (value.key === key ? { ...value, title: trimmed } : value)),
  };
};

export const removeValue = (dimension: DimensionDraft, key: string): DimensionDraft => ({
  ...dimension,
  values: dimension.values.filter((value) => value.key !== key),
});

export type FieldProblem = "required" | "tooLong" | "categoryCode";

/** Problems shown by the fields as the form is filled: name and code required (spec 5), the code's rule. */
export const categoryFieldProblems = (form: CategoryForm): { title?: FieldProblem; code?: FieldProblem } => {
  const title = form.title.trim();
  const code = form.code.trim();
  return {
    ...(title === "" ? { title: "required" } : title.length > CATEGORY_TITLE_MAX_LENGTH ? { title: "tooLong" } : {}),
    ...(code === ""
      ? { code: "required" }
      : code.length > CATEGORY_CODE_MAX_LENGTH
        ? { code: "tooLong" }
        : !isCategoryCode(code)
          ? { code: "categoryCode" }
          : {}),
  };
};

export const canSubmitCategory = (form: CategoryForm): boolean => Object.keys(categoryFieldProblems(form)).length === 0;

/** Whether one more dimension fits the plan (spec 5: at most 3 on the basic plan). */
export const canAddDimension = (form: CategoryForm, plan: ProjectPlan): boolean =>
  dimensionCountAllowed(plan, form.dimensions.length + 1);

/**
 * What stops a submitted form, checked in spec 5's order: a dimension whose title is empty after trimming aborts
 * the whole creation; a dimension without values gives the dimension-without-values error.
 */
export type SubmitProblem = { kind: "dimensionTitle"; index: number } | { kind: "dimensionValues"; title: string };

export const submitProblem = (form: CategoryForm): SubmitProblem | null => {
  const blank = form.dimensions.findIndex((dimension) => dimension.title.trim() === "");
  if (blank >= 0) return { kind: "dimensionTitle", index: blank };
  const empty = form.dimensions.find((dimension) => dimension.values.length === 0);
  if (empty) return { kind: "dimensionValues", title: empty.title.trim() };
  return null;
};

const dimensionsOf = (form: CategoryForm): NonNullable<ChangesetVariables["dimensions"]> =>
  form.dimensions.map((dimension) => ({
    ...(dimension.id ? { id: dimension.id } : {}),
    title: dimension.title.trim(),
    values: dimension.values.map((value) => ({
      ...(value.id ? { id: value.id } : {}),
      title: value.title,
      code: value.code,
    })),
  }));

/** The create changeset: the category with its dimensions (new ones without ids) in one operation. */
export const createVariables = (form: CategoryForm): ChangesetVariables => ({
  kind: "CREATE",
  title: form.title.trim(),
  code: form.code.trim(),
  default_tax_category_id: form.taxId,
  dimensions: dimensionsOf(form),
});

/** The edit changeset: never the code (fixed after creation); the category's whole list of dimensions. */
export const editVariables = (categoryId: string, form: CategoryForm): ChangesetVariables => ({
  kind: "EDIT",
  category_id: categoryId,
  title: form.title.trim(),
  default_tax_category_id: form.taxId,
  dimensions: dimensionsOf(form),
});
