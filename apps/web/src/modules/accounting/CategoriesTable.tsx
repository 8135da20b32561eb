import { Badge, Group, Menu, Switch, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconArchive, IconPencil } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { DANGER_MENU_ITEM_COLOR } from "../../app/theme-contrast.ts";
import { RowMenu } from "../../ui/table/RowMenu.tsx";
import { type AccountingCategory, SET_CATEGORY_ENABLED_MUTATION } from "./accounting.graphql.ts";
import { useAccountingMutation } from "./useAccountingMutation.ts";
import { useFormatPercentage } from "./useFormatPercentage.ts";

export type CategoriesTableProps = {
  categories: readonly AccountingCategory[];
  onEdit: (category: AccountingCategory) => void;
  onArchive: (category: AccountingCategory) => void;
};

/** Issue 11: each row shows title, code, default tax category, its dimensions and whether it is enabled. */
export function CategoriesTable({ categories, onEdit, onArchive }: CategoriesTableProps) {
  const { t } = useTranslation();
  const percent = useFormatPercentage();
  const setEnabled = useAccountingMutation(SET_CATEGORY_ENABLED_MUTATION, "update", (variables) =>
    t(variables.enabled ? "accounting.toast.enabled" : "accounting.toast.disabled"),
  );
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="sm" highlightOnHover withTableBorder data-testid="categories-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("accounting.list.title")}</Table.Th>
            <Table.Th>{t("accounting.list.code")}</Table.Th>
            <Table.Th>{t("accounting.list.tax")}</Table.Th>
            <Table.Th>{t("accounting.list.dimensions")}</Table.Th>
            <Table.Th>{t("accounting.list.enabled")}</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t("accounting.list.actions")}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {categories.map((category) => (
            <Table.Tr key={category.id} data-testid="category-row" data-category-code={category.code}>
              <Table.Td fw={600}>{category.title}</Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {category.code}
                </Text>
              </Table.Td>
              <Table.Td data-testid="category-tax">
                {category.default_tax_category
                  ? `${category.default_tax_category.code} · ${percent(category.default_tax_category.percentage)}`
                  : "–"}
              </Table.Td>
              <Table.Td>
                <Group gap={4} data-testid="category-dimensions">
                  {category.dimensions.map((dimension) => (
                    <Badge key={dimension.id} variant="light" radius="sm" tt="none">
                      {dimension.title}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Switch
                  checked={category.enabled}
                  onChange={(event) => setEnabled.mutate({ id: category.id, enabled: event.currentTarget.checked })}
                  aria-label={t("accounting.list.enabled")}
                  data-testid="category-enabled"
                />
              </Table.Td>
              <Table.Td>
                <RowMenu label={t("accounting.list.actions")} testId="category-actions">
                  <Menu.Item
                    leftSection={<IconPencil size={14} />}
                    onClick={() => onEdit(category)}
                    data-testid="category-edit"
                  >
                    {t("accounting.list.edit")}
                  </Menu.Item>
                  {category.group === "Default" && (
                    <Menu.Item
                      color={DANGER_MENU_ITEM_COLOR}
                      leftSection={<IconArchive size={14} />}
                      onClick={() => onArchive(category)}
                      data-testid="category-archive"
                    >
                      {t("accounting.list.archive")}
                    </Menu.Item>
                  )}
                </RowMenu>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
