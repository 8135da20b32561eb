import { formatPercentage, percentageToBasisPoints } from "@kort/core";
import { Button, Card, Select, Stack, Text, Textarea, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { request } from "../app/api/client.ts";
import { ApiErrorAlert } from "../app/errors/ApiErrorAlert.tsx";
import { useLocale } from "../app/i18n/useLocale.ts";
import { useSelectedProjectId } from "../app/session/project-store.ts";
import { CLEARABLE_44, TOUCH_TARGET } from "../ui/touch-target.ts";
import { categories, type MyTransactionDetails, saveTransaction, type TransactionChange } from "./mobile.api.ts";
import { APP_TAX_CATEGORIES_QUERY } from "./mobile.graphql.ts";
import { FAIL_OFFLINE, OFFLINE_FIRST } from "./offline.ts";

/** The purchase's sub-categories as the form holds them: dimension id → value id. */
const valuesOf = (transaction: MyTransactionDetails): Record<string, string | null> =>
  Object.fromEntries((transaction.sub_categories ?? []).map((value) => [value.dimension_id, value.value_id]));

/** The chosen values, in one order, to tell whether the category or its values changed. */
const chosenOf = (values: Record<string, string | null>): string[] =>
  Object.values(values)
    .filter((value): value is string => value !== null)
    .sort();

/**
 * Category, its sub-categories (a value for each dimension linked to it), the tax category and a comment. The form
 * starts from what the purchase has, and the category with its values is sent only when one of them changed: the
 * server replaces the values as a whole, so a comment saved alone never clears them. The categories offered are
 * those the server lets the caller give a purchase (enabled, and for an employee visible to their team); the server
 * checks every choice again.
 */
export function CategoriseForm({ transaction }: { transaction: MyTransactionDetails }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const projectId = useSelectedProjectId();
  const queryClient = useQueryClient();
  const [categoryId, setCategoryId] = useState<string | null>(transaction.category?.id ?? null);
  const [values, setValues] = useState<Record<string, string | null>>(() => valuesOf(transaction));
  const [taxId, setTaxId] = useState<string | null>(transaction.tax_category_id);
  const [comment, setComment] = useState(transaction.comments ?? "");
  const options = useQuery({
    queryKey: ["employee-app", projectId, "categories"],
    queryFn: ({ signal }) => categories(signal),
    ...OFFLINE_FIRST,
  });
  const taxes = useQuery({
    queryKey: ["employee-app", projectId, "tax-categories"],
    queryFn: async ({ signal }) => (await request(APP_TAX_CATEGORIES_QUERY, {}, { signal })).tax_categories,
    ...OFFLINE_FIRST,
  });
  const category = options.data?.nodes.find((node) => node.id === categoryId) ?? null;
  const save = useMutation({
    ...FAIL_OFFLINE,
    mutationFn: () => {
      const chosen = chosenOf(values);
      const categoryChanged =
        categoryId !== (transaction.category?.id ?? null) || chosen.join() !== chosenOf(valuesOf(transaction)).join();
      // One call, so the form is saved whole or not at all.
      const change: TransactionChange = { comment: comment.trim() === "" ? null : comment.trim() };
      if (categoryChanged) {
        change.category_id = categoryId;
        change.subcategory_ids = categoryId === null ? [] : chosen;
      }
      if (taxId !== transaction.tax_category_id) change.tax_category_id = taxId;
      return saveTransaction(transaction.id, change);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["employee-app", projectId] }),
  });
  const data = (options.data?.nodes ?? [])
    .filter((node) => node.enabled)
    .map((node) => ({ value: node.id, label: `${node.title} (${node.code})` }));
  const taxData = (taxes.data ?? [])
    .filter((tax) => tax.enabled)
    .map((tax) => ({
      value: tax.id,
      label: `${tax.code} (${formatPercentage(percentageToBasisPoints(tax.percentage) ?? 0, locale)})`,
    }));
  return (
    <Card withBorder padding="md" data-testid="app-categorise">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t("employeeApp.categorise.title")}
          </Title>
          <Select
            label={t("employeeApp.categorise.category")}
            placeholder={t("employeeApp.categorise.pick")}
            data={data}
            value={categoryId}
            onChange={(next) => {
              setCategoryId(next);
              setValues({});
              // A category's default tax category comes with it, as on the dashboard; the person may change it.
              const picked = options.data?.nodes.find((node) => node.id === next);
              if (picked?.default_tax_category_id) setTaxId(picked.default_tax_category_id);
            }}
            searchable
            {...CLEARABLE_44}
            size="md"
            disabled={options.isPending}
            data-testid="app-category-select"
          />
          {category?.dimensions.map((dimension) => (
            <Select
              key={dimension.id}
              label={dimension.title}
              placeholder={t("employeeApp.categorise.pickValue")}
              data={dimension.values
                .filter((value) => value.enabled)
                .map((value) => ({ value: value.id, label: value.title }))}
              value={values[dimension.id] ?? null}
              onChange={(next) => setValues((current) => ({ ...current, [dimension.id]: next }))}
              {...CLEARABLE_44}
              size="md"
              data-testid="app-dimension-select"
            />
          ))}
          <Select
            label={t("employeeApp.categorise.tax")}
            placeholder={t("employeeApp.categorise.pick")}
            data={taxData}
            value={taxId}
            onChange={setTaxId}
            {...CLEARABLE_44}
            size="md"
            data-testid="app-tax-select"
          />
          <Textarea
            label={t("employeeApp.categorise.comment")}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={2}
            size="md"
            data-testid="app-comment"
          />
          {options.isError && <ApiErrorAlert error={options.error} />}
          {save.isError && <ApiErrorAlert error={save.error} testId="app-categorise-error" />}
          {save.isSuccess && (
            <Text size="sm" c="green" role="status" data-testid="app-categorise-saved">
              {t("employeeApp.categorise.saved")}
            </Text>
          )}
          <Button type="submit" h={TOUCH_TARGET} loading={save.isPending} data-testid="app-categorise-save">
            {t("employeeApp.categorise.save")}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
