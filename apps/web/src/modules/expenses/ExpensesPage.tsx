import { Alert, Button, Group, Loader, Stack, Title } from "@mantine/core";
import { IconMail, IconReceipt } from "@tabler/icons-react";
import { memo, useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { toApiError } from "../../app/api/api-error.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { EmptyPage } from "../../ui/empty-page/EmptyPage.tsx";
import { SidePanel } from "../../ui/side-panel/SidePanel.tsx";
import { ExportButtons } from "../exports/ExportButtons.tsx";
import { LedgerFilters } from "./LedgerFilters.tsx";
import { LedgerTable } from "./LedgerTable.tsx";
import { useLedgerPages } from "./ledger-queries.ts";
import {
  EMPTY_SELECTION,
  type LedgerSelection,
  selectAll,
  selectionInput,
  toggleRange,
  toggleRow,
} from "./ledger-selection.ts";
import {
  filterOfView,
  type LedgerSort,
  VIEW_PARAMS,
  type ViewParam,
  viewFromParams,
  withoutFilters,
  withParam,
  withRange,
} from "./ledger-view.ts";
import { SelectionBar } from "./SelectionBar.tsx";
import { TransactionPanel } from "./TransactionPanel.tsx";
import { useReceiptsInbox } from "./useReceiptInbox.ts";
import { useReenableDelay } from "./useReenableDelay.ts";
import { ReceiptsInboxList } from "./WaitingReceipts.tsx";

/** `/expenses` or `/transactions`: the page's own path, where the panel's `/{id}` hangs. */
const basePath = (pathname: string): string => (pathname.startsWith("/transactions") ? "/transactions" : "/expenses");

/**
 * `/expenses` and `/transactions` (spec 2): the ledger of the range and filters in the URL, virtualised and loaded
 * by cursor, with a selection whose totals the server counts. `/expenses/{id}` opens the transaction's panel.
 */
export function ExpensesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { id: openId } = useParams();
  const search = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is a function of the query string.
  const view = useMemo(() => viewFromParams(params, new Date()), [search]);
  const filter = useMemo(() => filterOfView(view), [view]);
  const countsFilter = useMemo(() => filterOfView(view, { withTodo: false }), [view]);
  const viewKey = JSON.stringify([filter, view.sort]);

  const ledger = useLedgerPages(filter, view.sort);
  const rows = useMemo(() => ledger.data?.pages.flatMap((page) => page.nodes) ?? [], [ledger.data]);
  const busy = ledger.isPlaceholderData || (ledger.isFetching && !ledger.isFetchingNextPage && !ledger.isPending);
  const disabled = useReenableDelay(busy);

  // The selection belongs to one filter: another filter starts with nothing selected.
  const filterKey = JSON.stringify(filter);
  const [selectionState, setSelectionState] = useState<{ key: string; selection: LedgerSelection }>({
    key: filterKey,
    selection: EMPTY_SELECTION,
  });
  const selection = selectionState.key === filterKey ? selectionState.selection : EMPTY_SELECTION;
  const setSelection = useCallback(
    (update: (current: LedgerSelection) => LedgerSelection) =>
      setSelectionState((state) => ({
        key: filterKey,
        selection: update(state.key === filterKey ? state.selection : EMPTY_SELECTION),
      })),
    [filterKey],
  );
  // The rows' order for shift-click ranges, read when a box is clicked: a new page does not re-render every row.
  const order = useRef<string[]>([]);
  order.current = useMemo(() => rows.map((row) => row.id), [rows]);
  const onToggle = useCallback(
    (id: string, range: boolean) =>
      setSelection((current) => (range ? toggleRange(current, order.current, id) : toggleRow(current, id))),
    [setSelection],
  );
  const onToggleAll = useCallback(
    () => setSelection((current) => (current.kind === "all" ? EMPTY_SELECTION : selectAll())),
    [setSelection],
  );
  const totalsInput = useMemo(() => selectionInput(selection, filter), [selection, filter]);
  const onSelectAll = useCallback(() => setSelection(() => selectAll()), [setSelection]);
  const onClearSelection = useCallback(() => setSelection(() => EMPTY_SELECTION), [setSelection]);

  // Every handler below keeps its identity while the URL stays: a page of rows arriving re-renders the table, not
  // the filters, the selection bar and the panels beside it (memo), which cost a long task per page while scrolling.
  const setParam = useCallback(
    (name: ViewParam, value: string | null) =>
      setParams((previous) => withParam(previous, name, value), { replace: name === VIEW_PARAMS.search }),
    [setParams],
  );
  const onRange = useCallback(
    (range: Parameters<typeof withRange>[1]) => setParams((previous) => withRange(previous, range)),
    [setParams],
  );
  const onClearFilters = useCallback(() => setParams((previous) => withoutFilters(previous)), [setParams]);
  const onSort = useCallback((sort: LedgerSort) => setParam(VIEW_PARAMS.sort, sort), [setParam]);
  const onOpen = useCallback(
    (id: string) => navigate({ pathname: `${basePath(pathname)}/${encodeURIComponent(id)}`, search }),
    [navigate, pathname, search],
  );
  const onClosePanel = useCallback(
    () => navigate({ pathname: basePath(pathname), search }),
    [navigate, pathname, search],
  );
  const { fetchNextPage } = ledger;
  const onNeedMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  return (
    <Stack gap="md" data-testid="expenses-page">
      <Group justify="flex-end" gap="xs">
        <ReceiptsInboxButton />
        <ExportButtons filter={filter} picked={totalsInput} />
      </Group>
      <LedgerFilters
        view={view}
        countsFilter={countsFilter}
        countsReady={ledger.data !== undefined}
        onParam={setParam}
        onRange={onRange}
        onClear={onClearFilters}
      />
      <SelectionBar selection={selection} input={totalsInput} onSelectAll={onSelectAll} onClear={onClearSelection} />
      {ledger.isPending && <Loader size="sm" aria-label={t("states.loading")} />}
      {ledger.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="ledger-error">
          {t("expenses.errors.fetch", { reason: t(errorKey(toApiError(ledger.error).code)) })}
        </Alert>
      )}
      {ledger.data && rows.length === 0 && !busy && (
        <EmptyPage
          title={t("expenses.list.empty")}
          description={t("expenses.list.emptyBody")}
          icon={<IconReceipt size={28} stroke={1.5} />}
        />
      )}
      {ledger.data && (rows.length > 0 || busy) && (
        <LedgerTable
          rows={rows}
          hasMore={ledger.hasNextPage}
          loadingMore={ledger.isFetchingNextPage}
          onNeedMore={onNeedMore}
          disabled={disabled}
          selection={selection}
          onToggle={onToggle}
          onToggleAll={onToggleAll}
          sort={view.sort}
          onSort={onSort}
          onOpen={onOpen}
          viewKey={viewKey}
        />
      )}
      <TransactionPanel
        // A panel per transaction: the side panel closes when the path changes, and each id is a path of its own.
        key={openId ?? "none"}
        id={openId ?? null}
        onClose={onClosePanel}
      />
    </Stack>
  );
}

/** Receipts e-mailed to the company and waiting for a transaction: a count on the page, the list in a side panel. */
const ReceiptsInboxButton = memo(function ReceiptsInboxButton() {
  const { t } = useTranslation();
  const inbox = useReceiptsInbox();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconMail size={14} />}
        onClick={() => setOpened(true)}
        data-testid="receipts-inbox-open"
      >
        {t("expenses.inbox.button", { count: inbox.data?.unmatched_count ?? 0 })}
      </Button>
      <SidePanel
        opened={opened}
        onClose={() => setOpened(false)}
        title={
          <Title order={2} size="h4">
            {t("expenses.inbox.title")}
          </Title>
        }
      >
        {opened && <ReceiptsInboxList />}
      </SidePanel>
    </>
  );
});
