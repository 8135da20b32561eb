import { TODO_FILTERS, type TodoFilter } from "@kort/core";
import { Button, Group, Select, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch, IconX } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { memo, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { request } from "../../app/api/client.ts";
import { useTaxCategories } from "../accounting/accounting-queries.ts";
import { useCategories } from "../accounting/useCategories.ts";
import { useFormatPercentage } from "../accounting/useFormatPercentage.ts";
import { useProjectUsers } from "../people/useProjectUsers.ts";
import { useTeams } from "../teams/team-queries.ts";
import { LEDGER_CARD_OPTIONS_QUERY } from "./expenses.graphql.ts";
import { RULE_KEYS } from "./ledger-columns.tsx";
import { useRuleViolationCounts } from "./ledger-queries.ts";
import {
  activeFilterCount,
  LEDGER_SEARCH_DEBOUNCE_MS,
  LEDGER_SEARCH_MAX,
  type LedgerFilter,
  type LedgerView,
  VIEW_PARAMS,
  type ViewParam,
} from "./ledger-view.ts";
import { PeriodPicker } from "./PeriodPicker.tsx";

export type LedgerFiltersProps = {
  view: LedgerView;
  /** The filter without its todo rule: what the todo counts are counted in. */
  countsFilter: LedgerFilter;
  /** The counts wait for the first page of rows, which the reader waits for first. */
  countsReady: boolean;
  onParam: (name: ViewParam, value: string | null) => void;
  onRange: (range: { fromDate: string; toDate: string } | null) => void;
  onClear: () => void;
};

const flagValue = (flag: boolean | null): string | null => (flag === null ? null : String(flag));

const useCardOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ["cards", "ledger-options"],
    queryFn: async ({ signal }) => (await request(LEDGER_CARD_OPTIONS_QUERY, {}, { signal })).cards.nodes,
    enabled,
  });

type Option = { value: string; label: string };

type FilterSelectProps = {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** The options, once loaded; their list loads when the dropdown first opens, or at once for a set value. */
  useOptions: (enabled: boolean) => { options: Option[]; loading: boolean };
  width: number;
  testId: string;
};

/**
 * A filter whose choices come from the server. They load when the list is first opened (or when the URL already
 * names a value, so its name shows): the ledger's own first page does not wait behind four option lists.
 */
function FilterSelect({ label, value, onChange, useOptions, width, testId }: FilterSelectProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const { options, loading } = useOptions(opened || value !== null);
  return (
    <Select
      clearable
      searchable
      w={width}
      placeholder={label}
      aria-label={label}
      data={options}
      value={value}
      onChange={onChange}
      onDropdownOpen={() => setOpened(true)}
      nothingFoundMessage={loading ? t("states.loading") : t("expenses.filters.nothingFound")}
      data-testid={testId}
    />
  );
}

const useTeamOptions = (enabled: boolean) => {
  const teams = useTeams(false, enabled);
  return {
    options: (teams.data ?? []).map((team) => ({ value: team.id, label: team.name })),
    loading: teams.isFetching,
  };
};

const useHolderOptions = (enabled: boolean) => {
  const users = useProjectUsers(enabled);
  return {
    options: (users.data ?? []).map((user) => ({ value: user.user_id, label: user.full_name })),
    loading: users.isFetching,
  };
};

const useCardFilterOptions = (enabled: boolean) => {
  const cards = useCardOptions(enabled);
  return {
    options: (cards.data ?? []).map((card) => ({
      value: card.id,
      label: `${card.description} •••• ${card.masked_number}`,
    })),
    loading: cards.isFetching,
  };
};

const useTaxCategoryOptions = (enabled: boolean) => {
  const taxCategories = useTaxCategories(enabled);
  const percentage = useFormatPercentage();
  return {
    options: (taxCategories.data ?? []).map((tax) => ({
      value: tax.id,
      label: `${tax.code} (${percentage(tax.percentage)})`,
    })),
    loading: taxCategories.isFetching,
  };
};

const useCategoryOptions = (enabled: boolean) => {
  const categories = useCategories(null, enabled);
  return {
    options: (categories.data ?? []).map((category) => ({
      value: category.id,
      label: `${category.title} (${category.code})`,
    })),
    loading: categories.isFetching,
  };
};

/** The search box: typed text reaches the URL 300 ms after the last key (spec 9). */
function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const commit = useDebouncedCallback((next: string) => onSearch(next.trim()), LEDGER_SEARCH_DEBOUNCE_MS);
  // A link or the clear button changes the URL: the box follows.
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);
  return (
    <TextInput
      leftSection={<IconSearch size={16} />}
      placeholder={t("expenses.filters.search")}
      aria-label={t("expenses.filters.search")}
      value={text}
      maxLength={LEDGER_SEARCH_MAX}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      w={220}
      maw="100%"
      data-testid="ledger-search"
    />
  );
}

/** The ledger's filters (spec 2): range, search, team, cardholder, card, category, flags and the todo rules. */
export const LedgerFilters = memo(function LedgerFilters({
  view,
  countsFilter,
  countsReady,
  onParam,
  onRange,
  onClear,
}: LedgerFiltersProps) {
  const { t } = useTranslation();
  const counts = useRuleViolationCounts(countsFilter, countsReady);
  const countOf = (rule: TodoFilter) => counts.data?.find((row) => row.rule_id === rule)?.count;

  return (
    <>
      <Group gap="sm" align="flex-end" data-testid="ledger-filters">
        <PeriodPicker view={view} onRange={onRange} />
        <SearchBox value={view.search} onSearch={(text) => onParam(VIEW_PARAMS.search, text)} />
        <FilterSelect
          label={t("expenses.filters.team")}
          value={view.team}
          onChange={(value) => onParam(VIEW_PARAMS.team, value)}
          useOptions={useTeamOptions}
          width={160}
          testId="ledger-team-filter"
        />
        <FilterSelect
          label={t("expenses.filters.cardholder")}
          value={view.holder}
          onChange={(value) => onParam(VIEW_PARAMS.holder, value)}
          useOptions={useHolderOptions}
          width={180}
          testId="ledger-holder-filter"
        />
        <FilterSelect
          label={t("expenses.filters.card")}
          value={view.card}
          onChange={(value) => onParam(VIEW_PARAMS.card, value)}
          useOptions={useCardFilterOptions}
          width={180}
          testId="ledger-card-filter"
        />
        <FilterSelect
          label={t("expenses.filters.category")}
          value={view.category}
          onChange={(value) => onParam(VIEW_PARAMS.category, value)}
          useOptions={useCategoryOptions}
          width={180}
          testId="ledger-category-filter"
        />
        <FilterSelect
          label={t("expenses.filters.taxCategory")}
          value={view.taxCategory}
          onChange={(value) => onParam(VIEW_PARAMS.taxCategory, value)}
          useOptions={useTaxCategoryOptions}
          width={150}
          testId="ledger-tax-category-filter"
        />
        <Select
          clearable
          w={150}
          placeholder={t("expenses.filters.settlement")}
          aria-label={t("expenses.filters.settlement")}
          data={[
            { value: "true", label: t("expenses.filters.unsettled") },
            { value: "false", label: t("expenses.filters.settled") },
          ]}
          value={flagValue(view.unsettled)}
          onChange={(value) => onParam(VIEW_PARAMS.unsettled, value)}
          data-testid="ledger-unsettled-filter"
        />
        <Select
          clearable
          w={150}
          placeholder={t("expenses.filters.export")}
          aria-label={t("expenses.filters.export")}
          data={[
            { value: "true", label: t("expenses.filters.exported") },
            { value: "false", label: t("expenses.filters.notExported") },
          ]}
          value={flagValue(view.exported)}
          onChange={(value) => onParam(VIEW_PARAMS.exported, value)}
          data-testid="ledger-exported-filter"
        />
      </Group>
      <Group gap="xs" data-testid="ledger-todo-filters">
        {TODO_FILTERS.map((rule) => {
          const active = view.todo === rule;
          const count = countOf(rule);
          return (
            <Button
              key={rule}
              size="xs"
              radius="xl"
              variant={active ? "filled" : "light"}
              color="orange"
              aria-pressed={active}
              onClick={() => onParam(VIEW_PARAMS.todo, active ? null : rule)}
              data-testid={`ledger-todo-${rule}`}
            >
              {t(RULE_KEYS[rule])}
              <span data-testid={`ledger-todo-count-${rule}`} style={{ marginLeft: 6, fontWeight: 700 }}>
                {count === undefined ? "…" : count}
              </span>
            </Button>
          );
        })}
        {activeFilterCount(view) > 0 && (
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconX size={14} />}
            onClick={onClear}
            data-testid="ledger-clear-filters"
          >
            {t("expenses.filters.clear")}
          </Button>
        )}
      </Group>
    </>
  );
});
