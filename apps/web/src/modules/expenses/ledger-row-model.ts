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
 * A row is kept by its transaction object and its place: a refetch gives new objects, and so new rows.
 */
export const keptCoreRowModel = <TFeatures extends TableFeatures, TData extends object>(
  table: Table<TFeatures, TData>,
) => {
  const kept = new WeakMap<TData, Row<TFeatures, TData>>();
  let data: readonly TData[] | undefined;
  let model: RowModel<TFeatures, TData> = { rows: [], flatRows: [], rowsById: {} };
  return (): RowModel<TFeatures, TData> => {
    if (table.options.data === data) return model;
    data = table.options.data;
    const rows: Row<TFeatures, TData>[] = [];
    const rowsById: Record<string, Row<TFeatures, TData>> = Object.create(null);
    // An index loop: `entries()` made a pair for each of thousands of rows on every page.
    for (let index = 0; index < data.length; index++) {
      const original = data[index] as TData;
      let row = kept.get(original);
      if (row?.index !== index) {
        row = constructRow(table, table.getRowId(original, index), original, index, 0);
        kept.set(original, row);
      }
      rows.push(row);
      rowsById[row.id] = row;
    }
    model = { rows, flatRows: rows, rowsById };
    return model;
  };
};

/**
 * Rows are keyed by a slot, not by their transaction: a row that scrolls out hands its elements to the row that
 * scrolls in, which React updates in place. Keyed by transaction, each row scrolled past was made and thrown away,
 * its elements and React's bookkeeping for them: a quarter of what the scroll allocated, and the garbage collector's
 * pauses for it were long tasks. The slots are a multiple of 16 above the rows rendered, so the window moving by a
 * few rows keeps every row's slot, and no two rows in the page share one.
 */
export const slotOf = (index: number, rendered: number): number => index % (Math.ceil((rendered + 1) / 16) * 16);
