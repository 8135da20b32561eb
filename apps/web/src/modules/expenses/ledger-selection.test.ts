import { describe, expect, it } from "vitest";
import {
  EMPTY_SELECTION,
  headerState,
  isEmptySelection,
  isSelected,
  type LedgerSelection,
  selectAll,
  selectionInput,
  toggleRange,
  toggleRow,
} from "./ledger-selection.ts";

const ORDER = ["a", "b", "c", "d", "e", "f"];
const FILTER = { from_date: "2026-10-27", to_date: "2026-11-26", todo: "MissingReceipt" as const };
const picked = (selection: LedgerSelection) => ORDER.filter((id) => isSelected(selection, id));

describe("ledger selection", () => {
  it("picks and unpicks rows one by one", () => {
    const one = toggleRow(EMPTY_SELECTION, "b");
    expect(picked(one)).toEqual(["b"]);
    expect(isEmptySelection(toggleRow(one, "b"))).toBe(true);
    expect(headerState(one)).toBe("some");
    expect(headerState(EMPTY_SELECTION)).toBe("none");
  });

  it("shift-click selects the rows between the anchor and the clicked row, either way", () => {
    const down = toggleRange(toggleRow(EMPTY_SELECTION, "b"), ORDER, "e");
    expect(picked(down)).toEqual(["b", "c", "d", "e"]);
    const up = toggleRange(toggleRow(EMPTY_SELECTION, "e"), ORDER, "c");
    expect(picked(up)).toEqual(["c", "d", "e"]);
  });

  it("shift-click on a selected row unselects the range", () => {
    const all = toggleRange(toggleRow(EMPTY_SELECTION, "a"), ORDER, "f");
    const cut = toggleRange(toggleRow(all, "b"), ORDER, "d");
    expect(picked(cut)).toEqual(["a", "e", "f"]);
  });

  it("shift-click without an anchor in the rows is a plain click", () => {
    expect(picked(toggleRange(EMPTY_SELECTION, ORDER, "c"))).toEqual(["c"]);
    const gone: LedgerSelection = { kind: "ids", ids: new Set(), anchor: "zz" };
    expect(picked(toggleRange(gone, ORDER, "c"))).toEqual(["c"]);
  });

  it("selects all in the filter, rows not loaded included, and leaves out the ones unpicked", () => {
    const all = selectAll();
    expect(isSelected(all, "never-loaded")).toBe(true);
    expect(headerState(all)).toBe("all");
    const some = toggleRange(toggleRow(all, "b"), ORDER, "c");
    expect(picked(some)).toEqual(["a", "d", "e", "f"]);
    expect(headerState(some)).toBe("some");
    expect(selectionInput(some, FILTER)).toEqual({ filter: FILTER, excluded_ids: ["b", "c"] });
  });

  it("asks the server for the picked ids, and for nothing when none is picked", () => {
    expect(selectionInput(EMPTY_SELECTION, FILTER)).toBeNull();
    expect(selectionInput(toggleRow(toggleRow(EMPTY_SELECTION, "d"), "a"), FILTER)).toEqual({
      transaction_ids: ["a", "d"],
    });
  });
});
