import { IconArrowDown, IconArrowsSort, IconArrowUp } from "@tabler/icons-react";
import { FlexRender, type Header, type Row, useTable } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type KeyboardEvent, type MouseEvent, memo, useEffect, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { LedgerRow } from "./expenses.graphql.ts";
import { GRID_TEMPLATE, type LedgerColumn, ledgerFeatures, SORTABLE, useLedgerColumns } from "./ledger-columns.tsx";
import { NO_SLOTS, nextSlots, type Slots, slotOf } from "./ledger-row-model.ts";
import { headerState, isSelected, type LedgerSelection } from "./ledger-selection.ts";
import classes from "./ledger-table.module.css";
import type { LedgerSort } from "./ledger-view.ts";

/** Every row is two lines high: one size for all, so the virtualiser never measures. */
export const ROW_HEIGHT = 52;
/** Rows rendered beyond the visible ones on each side. */
const OVERSCAN = 8;
/** The next page is asked for when the last rendered row is this close to the end of what is loaded. */
const PREFETCH_ROWS = 60;

const ALIGN: Readonly<Record<string, string>> = {
  amount: classes.right ?? "",
  receipt: classes.center ?? "",
};

export type LedgerTableProps = {
  rows: readonly LedgerRow[];
  hasMore: boolean;
  loadingMore: boolean;
  onNeedMore: () => void;
  /** While an update is on its way and 350 ms after (spec 4): no clicks. */
  disabled: boolean;
  selection: LedgerSelection;
  onToggle: (id: string, range: boolean) => void;
  onToggleAll: () => void;
  sort: LedgerSort;
  onSort: (sort: LedgerSort) => void;
  onOpen: (id: string) => void;
  /** Changes when the filter does: the table scrolls back to the top. */
  viewKey: string;
};

type RowViewProps = {
  /** The transaction: the same object while it stays loaded, across keyset pages. */
  row: LedgerRow;
  /** New in another language, which re-renders the rows in view. */
  columns: readonly LedgerColumn[];
  index: number;
  start: number;
  selected: boolean;
  onToggle: (id: string, range: boolean) => void;
  onOpen: (id: string) => void;
  selectLabel: string;
};

/** One row of the page: re-rendered only when the transaction it shows, its place or its selection changes. */
const RowView = memo(function RowView({
  row,
  columns,
  index,
  start,
  selected,
  onToggle,
  onOpen,
  selectLabel,
}: RowViewProps) {
  const { id } = row;
  const ref = useRef<HTMLTableRowElement>(null);
  // A recycled row (see nextSlots) that had the focus lets it go when it shows another transaction, as a row that
  // left the page would: Enter or Space must never act on a transaction the person did not pick.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the new transaction is what asks for the blur.
  useLayoutEffect(() => {
    if (ref.current && ref.current === document.activeElement) ref.current.blur();
  }, [id]);
  const open = () => onOpen(id);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === "Enter") open();
    if (event.key === " ") {
      event.preventDefault();
      onToggle(id, event.shiftKey);
    }
  };
  const onBox = (event: MouseEvent<HTMLInputElement>) => {
    event.stopPropagation();
    onToggle(id, event.shiftKey);
  };
  return (
    <tr
      ref={ref}
      tabIndex={0}
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={selected ? `${classes.row} ${classes.selected}` : classes.row}
      style={{ height: ROW_HEIGHT, transform: `translateY(${start}px)`, gridTemplateColumns: GRID_TEMPLATE }}
      onClick={open}
      onKeyDown={onKeyDown}
      data-testid="ledger-row"
      data-id={id}
      data-merchant={row.merchant}
    >
      <td className={`${classes.cell} ${classes.center}`}>
        <input
          type="checkbox"
          className={classes.box}
          checked={selected}
          onClick={onBox}
          onChange={() => {}}
          aria-label={selectLabel}
          data-testid="ledger-row-select"
        />
      </td>
      {columns.map((column) => (
        <td key={column.id} className={`${classes.cell} ${ALIGN[column.id] ?? ""}`}>
          {column.render(row)}
        </td>
      ))}
    </tr>
  );
});

type LedgerHeaderProps = {
  headers: Header<typeof ledgerFeatures, LedgerRow, unknown>[];
  all: ReturnType<typeof headerState>;
  sort: LedgerSort;
  onSort: (sort: LedgerSort) => void;
  onToggleAll: () => void;
};

/** The column headers: apart from the rows, so that scrolling, which re-renders the rows in view, leaves them be. */
const LedgerHeader = memo(function LedgerHeader({ headers, all, sort, onSort, onToggleAll }: LedgerHeaderProps) {
  const { t } = useTranslation();
  return (
    <thead className={classes.head}>
      <tr aria-rowindex={1} className={classes.header} style={{ gridTemplateColumns: GRID_TEMPLATE }}>
        <th scope="col" className={`${classes.cell} ${classes.center}`}>
          <input
            type="checkbox"
            className={classes.box}
            checked={all === "all"}
            ref={(box) => {
              if (box) box.indeterminate = all === "some";
            }}
            onChange={onToggleAll}
            aria-label={t("expenses.select.all")}
            title={t("expenses.select.all")}
            data-testid="ledger-select-all"
          />
        </th>
        {headers.map((header) => {
          const sortable = SORTABLE[header.column.id];
          const label = <FlexRender header={header} />;
          const direction = sortable ? (sort === sortable.desc ? "desc" : sort === sortable.asc ? "asc" : null) : null;
          return (
            <th
              key={header.id}
              scope="col"
              aria-sort={direction === "desc" ? "descending" : direction === "asc" ? "ascending" : undefined}
              className={`${classes.cell} ${ALIGN[header.column.id] ?? ""}`}
            >
              {sortable ? (
                <button
                  type="button"
                  className={classes.sort}
                  onClick={() => onSort(direction === "desc" ? sortable.asc : sortable.desc)}
                  data-testid={`ledger-sort-${header.column.id}`}
                >
                  <span className={classes.sortLabel}>{label}</span>
                  {direction === "desc" && <IconArrowDown size={14} />}
                  {direction === "asc" && <IconArrowUp size={14} />}
                  {direction === null && <IconArrowsSort size={14} opacity={0.4} />}
                </button>
              ) : (
                <span className={classes.nowrap}>{label}</span>
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
});

type LedgerScrollerProps = Omit<LedgerTableProps, "rows"> & {
  rows: Row<typeof ledgerFeatures, LedgerRow>[];
  headers: Header<typeof ledgerFeatures, LedgerRow, unknown>[];
  columns: readonly LedgerColumn[];
  selectLabel: string;
  loadingMoreLabel: string;
};

/**
 * The scrolling part of the ledger: TanStack Virtual for the rows, so only the rows in view (and a few around them)
 * are in the page however many are loaded, and the next keyset page is fetched as the end comes near. It renders on
 * every frame of a scroll, so it takes its words, columns and rows ready-made: the hooks that make them allocate on
 * each call, and called every frame they were a quarter of the scroll's garbage.
 */
const LedgerScroller = memo(function LedgerScroller(props: LedgerScrollerProps) {
  const { rows, hasMore, loadingMore, onNeedMore, disabled, selection, viewKey, columns } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length + (hasMore ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    // The rows follow the scroll in React's own task rather than inside the scroll event: two short tasks a frame
    // instead of one long one.
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  // Each row's slot, its key: worked out from the slots of the last render that reached the page.
  const committedSlots = useRef<Slots>(NO_SLOTS);
  const firstIndex = items[0]?.index ?? 0;
  const slots = nextSlots(
    committedSlots.current,
    firstIndex,
    Math.max(0, Math.min(lastIndex + 1, rows.length) - firstIndex),
  );
  useLayoutEffect(() => {
    committedSlots.current = slots;
  });

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= rows.length - PREFETCH_ROWS) onNeedMore();
  }, [hasMore, loadingMore, lastIndex, rows.length, onNeedMore]);

  // A new filter or sort starts at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolling is what a new view key asks for.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [viewKey]);

  return (
    <div
      ref={scrollRef}
      className={disabled ? `${classes.scroller} ${classes.disabled}` : classes.scroller}
      aria-busy={disabled}
      data-testid="ledger-table"
      data-disabled={disabled}
    >
      <table className={classes.table} aria-rowcount={hasMore ? -1 : rows.length + 1}>
        <LedgerHeader
          headers={props.headers}
          all={headerState(selection)}
          sort={props.sort}
          onSort={props.onSort}
          onToggleAll={props.onToggleAll}
        />
        <tbody className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) {
              return (
                <tr
                  key="more"
                  className={`${classes.row} ${classes.more}`}
                  style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                  data-testid="ledger-loading-more"
                >
                  <td>{props.loadingMoreLabel}</td>
                </tr>
              );
            }
            return (
              <RowView
                key={slotOf(slots, item.index)}
                row={row.original}
                columns={columns}
                index={item.index}
                start={item.start}
                selected={isSelected(selection, row.id)}
                onToggle={props.onToggle}
                onOpen={props.onOpen}
                selectLabel={props.selectLabel}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
});

/**
 * The ledger (spec 2): TanStack Table for the columns and rows (kept across keyset pages), its words and columns in
 * the person's language, around the scroller. Sorting is the server's; clicking Date or Amount asks for the other
 * order.
 */
export function LedgerTable({ rows, ...props }: LedgerTableProps) {
  const { t } = useTranslation();
  const { columns, tableColumns } = useLedgerColumns();
  const table = useTable(
    { features: ledgerFeatures, columns: tableColumns, data: rows as LedgerRow[], getRowId: (row) => row.id },
    () => null,
  );
  return (
    <LedgerScroller
      {...props}
      rows={table.getRowModel().rows}
      headers={table.getFlatHeaders()}
      columns={columns}
      selectLabel={t("expenses.select.row")}
      loadingMoreLabel={t("expenses.list.loadingMore")}
    />
  );
}
