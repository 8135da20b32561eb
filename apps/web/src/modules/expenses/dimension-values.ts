/**
 * The dimension values sent with a category (spec 7, set transaction category: subcategory_ids, at most one per
 * dimension linked to the category). Choosing a value replaces that dimension's; choosing another category keeps
 * only the values of dimensions the new category also asks for.
 */
export type ChosenValue = { dimension_id: string; value_id: string };

/** The values after one dimension's value is chosen (null clears that dimension). */
export const withDimensionValue = (
  current: readonly ChosenValue[],
  dimensionId: string,
  valueId: string | null,
): string[] => [
  ...current.filter((value) => value.dimension_id !== dimensionId).map((value) => value.value_id),
  ...(valueId === null ? [] : [valueId]),
];

/** The values that stay when the transaction moves to a category asking for `dimensionIds`. */
export const valuesKeptFor = (current: readonly ChosenValue[], dimensionIds: readonly string[]): string[] =>
  current.filter((value) => dimensionIds.includes(value.dimension_id)).map((value) => value.value_id);
