import type { LedgerFilter } from "./ledger-view.ts";

/**
 * The ledger's row selection (spec 2): rows picked one by one, or every row of the filter (also the ones not
 * loaded yet) with some left out. Only the server knows how many rows a filter holds, so the totals of a selection
 * always come from the server (selection_totals); the browser never loads the rows to count them.
 */
export type LedgerSelection =
  | { kind: "ids"; ids: ReadonlySet<string>; anchor: string | null }
  | { kind: "all"; excluded: ReadonlySet<string>; anchor: string | null };

export const EMPTY_SELECTION: LedgerSelection = { kind: "ids", ids: new Set(), anchor: null };

/** The server's bound on the ids of a selection (picked or left out). */
export const SELECTION_IDS_MAX = 10_000;

export const isSelected = (selection: LedgerSelection, id: string): boolean =>
  selection.kind === "ids" ? selection.ids.has(id) : !selection.excluded.has(id);

/** Nothing is selected: no row picked. "All in the filter" is never empty here; the server counts it. */
export const isEmptySelection = (selection: LedgerSelection): boolean =>
  selection.kind === "ids" && selection.ids.size === 0;

const setRows = (selection: LedgerSelection, ids: readonly string[], selected: boolean, anchor: string) => {
  if (selection.kind === "ids") {
    const next = new Set(selection.ids);
    for (const id of ids) {
      if (selected) next.add(id);
      else next.delete(id);
    }
    return { kind: "ids", ids: next, anchor } as const;
  }
  const excluded = new Set(selection.excluded);
  for (const id of ids) {
    if (selected) excluded.delete(id);
    else excluded.add(id);
  }
  return { kind: "all", excluded, anchor } as const;
};

/** A click on a row's box: that row flips, and becomes the anchor of a later shift-click. */
export const toggleRow = (selection: LedgerSelection, id: string): LedgerSelection =>
  setRows(selection, [id], !isSelected(selection, id), id);

/**
 * A shift-click: every row from the anchor to the clicked one (in the order shown, either direction) takes the
 * state the clicked row is switched to. Without an anchor on screen it is a plain click.
 */
export const toggleRange = (selection: LedgerSelection, order: readonly string[], id: string): LedgerSelection => {
  const to = order.indexOf(id);
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  if (to === -1 || from === -1) return toggleRow(selection, id);
  const rows = order.slice(Math.min(from, to), Math.max(from, to) + 1);
  return setRows(selection, rows, !isSelected(selection, id), id);
};

/** "Select all in the filter": every row of it, loaded or not. */
export const selectAll = (): LedgerSelection => ({ kind: "all", excluded: new Set(), anchor: null });

/** The header box: all of the filter, some rows, or none. */
export const headerState = (selection: LedgerSelection): "all" | "some" | "none" => {
  if (selection.kind === "all") return selection.excluded.size === 0 ? "all" : "some";
  return selection.ids.size === 0 ? "none" : "some";
};

/** What selection_totals is asked: the picked ids, or the filter (todo rule included) without the left-out ones. */
export const selectionInput = (
  selection: LedgerSelection,
  filter: LedgerFilter,
): { transaction_ids: string[] } | { filter: LedgerFilter; excluded_ids: string[] } | null => {
  if (selection.kind === "ids") return selection.ids.size === 0 ? null : { transaction_ids: [...selection.ids].sort() };
  return { filter, excluded_ids: [...selection.excluded].sort() };
};

/** Whether the selection is over what the server takes in one question (10,000 ids). */
export const isOverSelectionLimit = (selection: LedgerSelection): boolean =>
  (selection.kind === "ids" ? selection.ids.size : selection.excluded.size) > SELECTION_IDS_MAX;
