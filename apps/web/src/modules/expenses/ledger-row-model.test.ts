import { constructTable, createColumnHelper, tableFeatures } from "@tanstack/react-table";
// The React adapter's own reactivity needs a component to render in; this pure test drives the table core directly.
import { storeReactivityBindings } from "@tanstack/table-core/store-reactivity-bindings";
import { describe, expect, it } from "vitest";
import { keptCoreRowModel, slotOf } from "./ledger-row-model.ts";

type Item = { id: string; name: string };
const features = tableFeatures({ coreRowModel: keptCoreRowModel, coreReactivityFeature: storeReactivityBindings() });
const helper = createColumnHelper<typeof features, Item>();
const columns = helper.columns([helper.accessor("name", { id: "name" })]);

const tableOf = (data: Item[]) => constructTable({ features, columns, data, getRowId: (item: Item) => item.id });

const item = (id: string): Item => ({ id, name: `name ${id}` });

describe("kept core row model", () => {
  it("keeps the rows of loaded pages when the next page arrives, and makes rows for the new one only", () => {
    const [a, b, c] = [item("a"), item("b"), item("c")];
    const table = tableOf([a, b]);
    const first = table.getRowModel().rows;
    table.setOptions((options) => ({ ...options, data: [a, b, c] }));
    const second = table.getRowModel();
    expect(second.rows.map((row) => row.id)).toEqual(["a", "b", "c"]);
    expect(second.rows[0]).toBe(first[0]);
    expect(second.rows[1]).toBe(first[1]);
    expect(second.rowsById.c?.original).toBe(c);
    expect(second.rows[2]?.getValue("name")).toBe("name c");
  });

  it("answers the same model while the data is the same array", () => {
    const table = tableOf([item("a")]);
    expect(table.getRowModel()).toBe(table.getRowModel());
  });

  it("makes new rows for refetched objects and for rows that moved", () => {
    const [a, b] = [item("a"), item("b")];
    const table = tableOf([a, b]);
    const [rowA, rowB] = table.getRowModel().rows;
    table.setOptions((options) => ({ ...options, data: [item("a"), a] }));
    const [fresh, moved] = table.getRowModel().rows;
    expect(fresh).not.toBe(rowA);
    expect(moved).not.toBe(rowA);
    expect(moved?.index).toBe(1);
    expect(moved?.original).toBe(a);
    expect(rowB?.index).toBe(1);
  });
});

describe("row slots", () => {
  const slots = (first: number, count: number) =>
    Array.from({ length: count }, (_, offset) => slotOf(first + offset, count));

  it("gives every rendered row its own slot, however far down the window is", () => {
    for (const count of [1, 15, 16, 29, 31, 32, 60]) {
      for (const first of [0, 7, 100, 2_315]) expect(new Set(slots(first, count)).size).toBe(count);
    }
  });

  it("keeps a row's slot while the window moves and its size wobbles by a row or two", () => {
    expect(slotOf(2_320, 28)).toBe(slotOf(2_320, 30));
    const before = slots(400, 29);
    const after = slots(408, 29);
    expect(after.slice(0, 21)).toEqual(before.slice(8));
  });
});
