import { constructTable, createColumnHelper, tableFeatures } from "@tanstack/react-table";
// The React adapter's own reactivity needs a component to render in; this pure test drives the table core directly.
import { storeReactivityBindings } from "@tanstack/table-core/store-reactivity-bindings";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keptCoreRowModel, NO_SLOTS, nextSlots, type Slots, slotOf } from "./ledger-row-model.ts";

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
  const range = (first: number, count: number) => Array.from({ length: count }, (_, offset) => first + offset);
  const slotsOf = (slots: Slots, indices: number[]) => indices.map((index) => slotOf(slots, index));

  it("keeps the slots of the rows still in view and hands the leaving rows' slots to the new ones", () => {
    const before = nextSlots(NO_SLOTS, 400, 28);
    expect(new Set(slotsOf(before, range(400, 28)))).toEqual(new Set(range(0, 28)));
    const after = nextSlots(before, 408, 28);
    expect(slotsOf(after, range(408, 20))).toEqual(slotsOf(before, range(408, 20)));
    expect(new Set(slotsOf(after, range(428, 8)))).toEqual(new Set(slotsOf(before, range(400, 8))));
  });

  it("gives every row its own slot, and never more slots than the most rows rendered at once", () => {
    let slots = NO_SLOTS;
    const windows = [
      [0, 20],
      [8, 28],
      [16, 29],
      [10, 29],
      [900, 27],
      [905, 28],
      [2_300, 4],
    ] as const;
    for (const [first, count] of windows) {
      slots = nextSlots(slots, first, count);
      const keys = slotsOf(slots, range(first, count));
      expect(keys.every((key) => key !== undefined && key < 29)).toBe(true);
      expect(new Set(keys).size).toBe(count);
    }
  });

  it("keeps every row still in view in its slot, and shares none, over any sequence of windows", () => {
    const window = fc.record({ first: fc.nat(3_000), count: fc.integer({ min: 0, max: 40 }) });
    fc.assert(
      fc.property(fc.array(window, { minLength: 1, maxLength: 30 }), (windows) => {
        let slots = NO_SLOTS;
        let most = 0;
        for (const { first, count } of windows) {
          const next = nextSlots(slots, first, count);
          const keys = slotsOf(next, range(first, count));
          most = Math.max(most, count);
          expect(new Set(keys).size).toBe(count);
          expect(keys.every((key) => key !== undefined && key < most)).toBe(true);
          for (const index of range(first, count)) {
            const before = index >= slots.first && index < slots.first + slots.keys.length;
            if (before) expect(slotOf(next, index)).toBe(slotOf(slots, index));
          }
          slots = next;
        }
      }),
    );
  });

  it("after a jump, updates every row in place", () => {
    const before = nextSlots(NO_SLOTS, 0, 28);
    const after = nextSlots(before, 5_000, 28);
    expect(new Set(slotsOf(after, range(5_000, 28)))).toEqual(new Set(before.keys));
  });

  it("answers the same slots while the window stays where it is", () => {
    const slots = nextSlots(NO_SLOTS, 40, 28);
    expect(nextSlots(slots, 40, 28)).toBe(slots);
  });
});
