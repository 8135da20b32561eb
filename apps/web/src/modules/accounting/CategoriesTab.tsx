import type { CategoryGroup } from "@kort/core";
import { Alert, Button, Group, Loader, Pagination, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toApiError } from "../../app/api/api-error.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { ArchiveCategoryModal } from "./ArchiveCategoryModal.tsx";
import type { AccountingCategory } from "./accounting.graphql.ts";
import { CATEGORIES_PAGE_SIZE, CATEGORY_SEARCH_DEBOUNCE_MS, useAccountingCategories } from "./accounting-queries.ts";
import { CategoriesTable } from "./CategoriesTable.tsx";

export type CategoriesTabProps = {
  onCreate: () => void;
  onEdit: (category: AccountingCategory) => void;
};

/**
 * The categories of the company (issue 11): the group filter Default or Team, a search in title and code that waits
 * 300 ms, 200 to a page; each can be edited, enabled or disabled, and archived after a confirmation.
 */
export function CategoriesTab({ onCreate, onEdit }: CategoriesTabProps) {
  const { t } = useTranslation();
  const [group, setGroup] = useState<CategoryGroup>("Default");
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search.trim(), CATEGORY_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [archiving, setArchiving] = useState<AccountingCategory | null>(null);
  const categories = useAccountingCategories(group, debouncedSearch, page);
  const pages = categories.data ? Math.max(1, Math.ceil(categories.data.count / CATEGORIES_PAGE_SIZE)) : 1;

  return (
    <Stack gap="md" data-testid="categories-tab">
      <Group justify="space-between">
        <SegmentedControl
          value={group}
          onChange={(value) => {
            setGroup(value === "Team" ? "Team" : "Default");
            setPage(1);
          }}
          data={[
            { value: "Default", label: t("accounting.group.Default") },
            { value: "Team", label: t("accounting.group.Team") },
          ]}
          data-testid="category-group-filter"
        />
        <Group gap="sm" miw={0}>
          <TextInput
            w={280}
            maw="100%"
            leftSection={<IconSearch size={16} />}
            placeholder={t("accounting.list.search")}
            aria-label={t("accounting.list.search")}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            data-testid="category-search"
          />
          <Button leftSection={<IconPlus size={16} />} onClick={onCreate} data-testid="create-category-button">
            {t("accounting.create.button")}
          </Button>
        </Group>
      </Group>
      {categories.isPending && <Loader size="sm" aria-label={t("states.loading")} />}
      {categories.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="categories-error">
          {t("accounting.errors.list", { reason: t(errorKey(toApiError(categories.error).code)) })}
        </Alert>
      )}
      {categories.data && categories.data.nodes.length === 0 && (
        <Text c="dimmed" size="sm" data-testid="categories-empty">
          {t(debouncedSearch ? "accounting.list.noMatch" : "accounting.list.empty")}
        </Text>
      )}
      {categories.data && categories.data.nodes.length > 0 && (
        <>
          <CategoriesTable categories={categories.data.nodes} onEdit={onEdit} onArchive={setArchiving} />
          <Group justify="space-between">
            <Text size="sm" c="dimmed" data-testid="categories-count">
              {t("accounting.list.count", { count: categories.data.count })}
            </Text>
            {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
          </Group>
        </>
      )}
      <ArchiveCategoryModal category={archiving} onClose={() => setArchiving(null)} />
    </Stack>
  );
}
