import {
  billingPeriodDates,
  currentBillingPeriod,
  isUuid,
  lastBillingPeriods,
  parseIsoDate,
  TODO_FILTERS,
  type TodoFilter,
} from "@kort/core";
import type { VariablesOf } from "../../app/api/graphql.ts";
import type { TRANSACTIONS_QUERY } from "./expenses.graphql.ts";

/** The server's filter and sort as the documents type them. */
export type LedgerFilter = NonNullable<VariablesOf<typeof TRANSACTIONS_QUERY>["filter"]>;
export type LedgerSort = NonNullable<VariablesOf<typeof TRANSACTIONS_QUERY>["sort"]>;

export const LEDGER_SORTS = ["DATE_DESC", "DATE_ASC", "AMOUNT_DESC", "AMOUNT_ASC"] as const satisfies LedgerSort[];
export const DEFAULT_SORT: LedgerSort = "DATE_DESC";

/** Spec 9: the search waits 300 ms after the last key. */
export const LEDGER_SEARCH_DEBOUNCE_MS = 300;
/** The server's longest search text. */
export const LEDGER_SEARCH_MAX = 100;

/**
 * What the ledger shows, all of it read from the URL so a link reproduces the view (spec 2, /expenses):
 * `?fromDate=2026-10-27&toDate=2026-11-26&team=…&holder=…&card=…&category=…&taxCategory=…&unsettled=true
 * &exported=false&todo=MissingCategory&q=bónus&sort=AMOUNT_DESC`. Anything unreadable is ignored.
 */
export type LedgerView = {
  fromDate: string;
  toDate: string;
  /** Whether the range is the default (no dates in the URL). */
  defaultRange: boolean;
  team: string | null;
  holder: string | null;
  card: string | null;
  category: string | null;
  taxCategory: string | null;
  unsettled: boolean | null;
  exported: boolean | null;
  todo: TodoFilter | null;
  search: string;
  sort: LedgerSort;
};

/** The URL parameter of each setting of the view. */
export const VIEW_PARAMS = {
  fromDate: "fromDate",
  toDate: "toDate",
  team: "team",
  holder: "holder",
  card: "card",
  category: "category",
  taxCategory: "taxCategory",
  unsettled: "unsettled",
  exported: "exported",
  todo: "todo",
  search: "q",
  sort: "sort",
} as const;

export type ViewParam = (typeof VIEW_PARAMS)[keyof typeof VIEW_PARAMS];

const idParam = (params: URLSearchParams, name: ViewParam): string | null => {
  const value = params.get(name);
  return value !== null && isUuid(value) ? value : null;
};

const flagParam = (params: URLSearchParams, name: ViewParam): boolean | null => {
  const value = params.get(name);
  return value === "true" ? true : value === "false" ? false : null;
};

const dayParam = (params: URLSearchParams, name: ViewParam): string | null => {
  const value = params.get(name);
  return value !== null && parseIsoDate(value) !== null ? value : null;
};

/** The current billing period as `YYYY-MM-DD` days, both ends included (27th to 26th). */
export const defaultRange = (now: Date): { fromDate: string; toDate: string } => {
  const { from, to } = billingPeriodDates(currentBillingPeriod(now));
  return { fromDate: from, toDate: to };
};

/**
 * The view the URL describes. A range needs both days in order; otherwise it is the current billing period.
 */
export const viewFromParams = (params: URLSearchParams, now: Date): LedgerView => {
  const from = dayParam(params, VIEW_PARAMS.fromDate);
  const to = dayParam(params, VIEW_PARAMS.toDate);
  const ranged = from !== null && to !== null && from <= to;
  const range = ranged ? { fromDate: from, toDate: to } : defaultRange(now);
  const todo = params.get(VIEW_PARAMS.todo);
  const sort = params.get(VIEW_PARAMS.sort);
  return {
    ...range,
    defaultRange: !ranged,
    team: idParam(params, VIEW_PARAMS.team),
    holder: idParam(params, VIEW_PARAMS.holder),
    card: idParam(params, VIEW_PARAMS.card),
    category: idParam(params, VIEW_PARAMS.category),
    taxCategory: idParam(params, VIEW_PARAMS.taxCategory),
    unsettled: flagParam(params, VIEW_PARAMS.unsettled),
    exported: flagParam(params, VIEW_PARAMS.exported),
    todo: TODO_FILTERS.find((rule) => rule === todo) ?? null,
    search: (params.get(VIEW_PARAMS.search) ?? "").trim().slice(0, LEDGER_SEARCH_MAX),
    sort: LEDGER_SORTS.find((known) => known === sort) ?? DEFAULT_SORT,
  };
};

/** The server's filter for a view. The todo rule is left out for the counts beside the todo filters. */
export const filterOfView = (view: LedgerView, options: { withTodo?: boolean } = {}): LedgerFilter => {
  const one = (id: string | null) => (id === null ? undefined : [id]);
  const filter: LedgerFilter = {
    from_date: view.fromDate,
    to_date: view.toDate,
    team_ids: one(view.team),
    user_ids: one(view.holder),
    card_ids: one(view.card),
    category_ids: one(view.category),
    tax_category_ids: one(view.taxCategory),
    unsettled: view.unsettled ?? undefined,
    exported: view.exported ?? undefined,
    todo: options.withTodo === false ? undefined : (view.todo ?? undefined),
    search: view.search === "" ? undefined : view.search,
  };
  // Absent rather than undefined, so equal filters are equal query keys and request bodies.
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as LedgerFilter;
};

/**
 * The URL after one setting changes: null removes it. The rest of the view stays, so a filter never loses the
 * range or the sort.
 */
export const withParam = (params: URLSearchParams, name: ViewParam, value: string | null): URLSearchParams => {
  const next = new URLSearchParams(params);
  if (value === null || value === "") next.delete(name);
  else next.set(name, value);
  return next;
};

/** The URL with a range: both days, or neither (the current billing period). */
export const withRange = (params: URLSearchParams, range: { fromDate: string; toDate: string } | null) => {
  const next = new URLSearchParams(params);
  if (range === null) {
    next.delete(VIEW_PARAMS.fromDate);
    next.delete(VIEW_PARAMS.toDate);
  } else {
    next.set(VIEW_PARAMS.fromDate, range.fromDate);
    next.set(VIEW_PARAMS.toDate, range.toDate);
  }
  return next;
};

/** The period picker's choices: the current billing period and the five before it, newest first. */
export const periodChoices = (now: Date): { fromDate: string; toDate: string }[] =>
  lastBillingPeriods(now).map((period) => {
    const { from, to } = billingPeriodDates(period);
    return { fromDate: from, toDate: to };
  });

/** How many filters besides the range are set (the "clear filters" control shows when any is). */
export const activeFilterCount = (view: LedgerView): number =>
  [view.team, view.holder, view.card, view.category, view.taxCategory, view.unsettled, view.exported, view.todo].filter(
    (value) => value !== null,
  ).length + (view.search === "" ? 0 : 1);

/** The URL without its filters: the range and the sort stay. */
export const withoutFilters = (params: URLSearchParams): URLSearchParams => {
  const next = new URLSearchParams();
  for (const name of [VIEW_PARAMS.fromDate, VIEW_PARAMS.toDate, VIEW_PARAMS.sort]) {
    const value = params.get(name);
    if (value !== null) next.set(name, value);
  }
  return next;
};
