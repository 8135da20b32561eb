import { constructRow, type Row, type RowModel, type Table, type TableFeatures } from "@tanstack/react-table";

/**
 * TanStack Table's core row model for a list that grows a keyset page at a time: a row made for a transaction is
 * kept, and a new page makes rows for its own transactions only.
 *
 * The built-in model makes every row again whenever the data changes. After a long scroll that was thousands of
 * rows, each an object and two caches, made again for each page and all of them live until the next: the garbage
 * collector's pauses for them were the scroll's long tasks. Kept rows also keep their identity, so the rows in
 * view do not re-render when a page arrives.
 *
 * A row is kept while the same transaction object stays at the same place: a refetch gives new objects, and so new
 * rows. Read from the last model by index, with no map of every row ever made (a weak map's entries are extra work
 * for each of the collector's full pauses).
 */
export const keptCoreRowModel = <TFeatures extends TableFeatures, TData extends object>(
  table: Table<TFeatures, TData>,
) => {
  let data: readonly TData[] | undefined;
  let model: RowModel<TFeatures, TData> = { rows: [], flatRows: [], rowsById: {} };
  return (): RowModel<TFeatures, TData> => {
    if (table.options.data === data) return model;
    const before = model.rows;
    data = table.options.data;
    const rows: Row<TFeatures, TData>[] = [];
    const rowsById: Record<string, Row<TFeatures, TData>> = Object.create(null);
    // An index loop: `entries()` made a pair for each of thousands of rows on every page.
    for (let index = 0; index < data.length; index++) {
      const original = data[index] as TData;
      const kept = before[index];
      const row =
        kept?.original === original ? kept : constructRow(table, table.getRowId(original, index), original, index, 0);
      rows.push(row);
      rowsById[row.id] = row;
    }
    model = { rows, flatRows: rows, rowsById };
    return model;
  };
};

/** The slot of each row in view: `keys[i]` is the slot of the row at index `first + i` of the list. */
export type Slots = { readonly first: number; readonly keys: readonly number[] };

export const NO_SLOTS: Slots = { first: 0, keys: [] };

/** The slot, and so the React key, of the row at `index`, which must be in view. */
export const slotOf = (slots: Slots, index: number): number | undefined => slots.keys[index - slots.first];

/**
 * Rows are keyed by a slot, not by their transaction: a row that scrolls out hands its slot, and so its elements, to
 * a row that scrolls in, which React updates in place. Keyed by transaction, each row scrolled past was made and
 * thrown away, its elements and React's bookkeeping for them, and the garbage collector's pauses for them were long
 * tasks. A slot is only handed on within one render: a key missing from a render is a row React removes.
 *
 * `count` rows from `first` are in view now. The rows still in view keep their slots; the new ones take the slots of
 * the rows that left, then the lowest slots free, so there are never more slots than the most rows rendered at once.
 * Arrays rather than maps: this runs on every frame of a scroll.
 */
export const nextSlots = (previous: Slots, first: number, count: number): Slots => {
  const { first: was, keys: old } = previous;
  if (was === first && old.length === count) return previous;
  const keys = new Array<number | undefined>(count).fill(undefined);
  const used: boolean[] = [];
  const free: number[] = [];
  for (let offset = 0; offset < old.length; offset++) {
    const slot = old[offset] as number;
    const at = was + offset - first;
    if (at >= 0 && at < count) {
      keys[at] = slot;
      used[slot] = true;
    } else {
      free.push(slot);
    }
  }
  let taken = 0;
  let fresh = 0;
  for (let at = 0; at < count; at++) {
    if (keys[at] !== undefined) continue;
    let slot = free[taken++];
    if (slot === undefined) {
      while (used[fresh]) fresh++;
      slot = fresh;
    }
    keys[at] = slot;
    used[slot] = true;
  }
  return { first, keys: keys as number[] };
};
