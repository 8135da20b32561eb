import { describe, expect, it } from "vitest";
import { valuesKeptFor, withDimensionValue } from "./dimension-values.ts";

const CURRENT = [
  { dimension_id: "department", value_id: "sales" },
  { dimension_id: "project", value_id: "alpha" },
];

describe("dimension values of a transaction", () => {
  it("replaces one dimension's value and keeps the others", () => {
    expect(withDimensionValue(CURRENT, "project", "beta")).toEqual(["sales", "beta"]);
    expect(withDimensionValue(CURRENT, "region", "north")).toEqual(["sales", "alpha", "north"]);
  });

  it("clears one dimension's value", () => {
    expect(withDimensionValue(CURRENT, "department", null)).toEqual(["alpha"]);
  });

  it("keeps only the values of dimensions the new category asks for", () => {
    expect(valuesKeptFor(CURRENT, ["project", "region"])).toEqual(["alpha"]);
    expect(valuesKeptFor(CURRENT, [])).toEqual([]);
  });
});
