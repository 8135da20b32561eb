import { describe, expect, it } from "vitest";
import {
  addValue,
  type CategoryForm,
  canAddDimension,
  canSubmitCategory,
  categoryFieldProblems,
  createVariables,
  EMPTY_CATEGORY_FORM,
  editVariables,
  newDimension,
  removeValue,
  renameValue,
  submitProblem,
} from "./category-form.ts";

const form = (patch: Partial<CategoryForm>): CategoryForm => ({ ...EMPTY_CATEGORY_FORM, ...patch });

describe("the category form", () => {
  it("needs a name and a valid code", () => {
    expect(categoryFieldProblems(EMPTY_CATEGORY_FORM)).toEqual({ title: "required", code: "required" });
    expect(categoryFieldProblems(form({ title: "Skrifstofa", code: "23 60" }))).toEqual({ code: "categoryCode" });
    expect(categoryFieldProblems(form({ title: "Skrifstofa", code: "x".repeat(21) }))).toEqual({ code: "tooLong" });
    expect(canSubmitCategory(form({ title: " Skrifstofa ", code: " 2360 " }))).toBe(true);
  });

  it("trims values and ignores blank and repeated ones", () => {
    let dimension = newDimension();
    dimension = addValue(dimension, "  Sala ");
    dimension = addValue(dimension, "   ");
    dimension = addValue(dimension, "SALA");
    dimension = addValue(dimension, "Þróun");
    expect(dimension.values.map((value) => value.title)).toEqual(["Sala", "Þróun"]);
    expect(dimension.values.every((value) => value.key.startsWith("tmp-") && value.id === undefined)).toBe(true);
    const [sala, throun] = dimension.values;
    if (!sala || !throun) throw new Error("two values expected");
    expect(renameValue(dimension, sala.key, " Sölusvið ").values[0]?.title).toBe("Sölusvið");
    expect(renameValue(dimension, sala.key, "þróun").values[0]?.title).toBe("Sala");
    expect(removeValue(dimension, throun.key).values.map((value) => value.title)).toEqual(["Sala"]);
  });

  it("stops a submission at a blank dimension title first, then at a dimension without values", () => {
    const named = { ...addValue(newDimension(), "A"), title: "Deild" };
    const blank = { ...addValue(newDimension(), "B"), title: "  " };
    const empty = { ...newDimension(), title: "Tóm" };
    expect(submitProblem(form({ dimensions: [named, empty, blank] }))).toEqual({ kind: "dimensionTitle", index: 2 });
    expect(submitProblem(form({ dimensions: [named, empty] }))).toEqual({ kind: "dimensionValues", title: "Tóm" });
    expect(submitProblem(form({ dimensions: [named] }))).toBeNull();
  });

  it("allows 3 dimensions on the basic plan and more on pro", () => {
    const three = form({ dimensions: [newDimension(), newDimension(), newDimension()] });
    expect(canAddDimension(form({ dimensions: [newDimension(), newDimension()] }), "basic")).toBe(true);
    expect(canAddDimension(three, "basic")).toBe(false);
    expect(canAddDimension(three, "pro")).toBe(true);
  });

  it("sends server ids only: new dimensions and values go without one, and an edit never sends the code", () => {
    const existing = {
      key: "d1",
      id: "d1",
      title: "Deild",
      values: [{ key: "v1", id: "v1", title: "Sala", code: "D-10" }],
    };
    const fresh = { ...addValue(newDimension(), "Vefur"), title: " Verkefni " };
    const filled = form({ title: " Ferðir ", code: " 2330 ", taxId: "t24", dimensions: [existing, fresh] });
    expect(createVariables(filled)).toEqual({
      kind: "CREATE",
      title: "Ferðir",
      code: "2330",
      default_tax_category_id: "t24",
      dimensions: [
        { id: "d1", title: "Deild", values: [{ id: "v1", title: "Sala", code: "D-10" }] },
        { title: "Verkefni", values: [{ title: "Vefur", code: null }] },
      ],
    });
    const edit = editVariables("c1", filled);
    expect(edit).toMatchObject({ kind: "EDIT", category_id: "c1", title: "Ferðir" });
    expect("code" in edit).toBe(false);
  });
});
