import { maxDimensionsPerCategory, type ProjectPlan } from "@kort/core";
import { Button, Divider, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { SidePanel } from "../../ui/side-panel/SidePanel.tsx";
import {
  type AccountingCategory,
  APPLY_CATEGORY_CHANGESET_MUTATION,
  type Dimension,
  type TaxCategory,
} from "./accounting.graphql.ts";
import { markCategoryCreated } from "./accounting-onboarding.ts";
import {
  type CategoryForm,
  canAddDimension,
  canSubmitCategory,
  categoryFieldProblems,
  createVariables,
  draftOf,
  EMPTY_CATEGORY_FORM,
  editVariables,
  formFromCategory,
  newDimension,
  submitProblem,
} from "./category-form.ts";
import { DimensionEditor } from "./DimensionEditor.tsx";
import { useAccountingFailure, useAccountingMutation } from "./useAccountingMutation.ts";
import { useFormatPercentage } from "./useFormatPercentage.ts";

/** Spec 9: the category panel is emptied 500 ms after it closes (other panels 300 ms). */
export const CATEGORY_PANEL_RESET_MS = 500;

export type CategoryPanelProps = {
  opened: boolean;
  onClose: () => void;
  /** The category to edit; null creates one. */
  category: AccountingCategory | null;
  plan: ProjectPlan;
  taxCategories: readonly TaxCategory[];
  /** The company's dimensions, to add an existing one. */
  dimensions: readonly Dimension[];
};

const FIELD_PROBLEM_KEYS = {
  required: "validation.required",
  tooLong: "validation.tooLong",
  categoryCode: "validation.categoryCode",
} as const;

/**
 * Spec 2, 4 and 5: the create and edit category panel (large, 552 px). Name and code are required; the code is the
 * ledger account and is read-only once the category exists. Dimensions are new (a title and values) or the
 * company's existing ones; the plan bounds how many. The server does the whole sequence as one operation.
 */
export function CategoryPanel({ opened, onClose, category, plan, taxCategories, dimensions }: CategoryPanelProps) {
  const { t } = useTranslation();
  const percent = useFormatPercentage();
  const editing = category !== null;
  const [form, setForm] = useState<CategoryForm>(EMPTY_CATEGORY_FORM);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showProblems, setShowProblems] = useState(false);
  const showFailure = useAccountingFailure();
  const apply = useAccountingMutation(APPLY_CATEGORY_CHANGESET_MUTATION, editing ? "update" : "create", (variables) =>
    t(editing ? "accounting.toast.updated" : "accounting.toast.created", { name: variables.title ?? "" }),
  );

  // Opening fills the form from the category being edited.
  useEffect(() => {
    if (opened) setForm(category ? formFromCategory(category) : EMPTY_CATEGORY_FORM);
  }, [opened, category]);

  // The form is emptied once the panel has finished closing (spec 9: 500 ms for the category panel).
  useEffect(() => {
    if (opened) return;
    const timer = setTimeout(() => {
      setForm(EMPTY_CATEGORY_FORM);
      setTouched(new Set());
      setShowProblems(false);
      apply.reset();
    }, CATEGORY_PANEL_RESET_MS);
    return () => clearTimeout(timer);
  }, [opened, apply.reset]);

  const problems = categoryFieldProblems(form);
  const problem = (field: "title" | "code") => {
    const found = problems[field];
    return found && touched.has(field) ? t(FIELD_PROBLEM_KEYS[found]) : undefined;
  };
  const touch = (field: string) => () => setTouched((previous) => new Set(previous).add(field));
  const update = (patch: Partial<CategoryForm>) => setForm((previous) => ({ ...previous, ...patch }));
  const setDimension = (index: number, next: CategoryForm["dimensions"][number]) =>
    setForm((previous) => ({
      ...previous,
      dimensions: previous.dimensions.map((dimension, at) => (at === index ? next : dimension)),
    }));
  const removeDimension = (index: number) =>
    setForm((previous) => ({ ...previous, dimensions: previous.dimensions.filter((_, at) => at !== index) }));

  const canAdd = canAddDimension(form, plan);
  const max = maxDimensionsPerCategory(plan);
  const chosen = new Set(form.dimensions.flatMap((dimension) => (dimension.id ? [dimension.id] : [])));
  const existingOptions = dimensions
    .filter((dimension) => !chosen.has(dimension.id))
    .map((dimension) => ({ value: dimension.id, label: dimension.title }));
  const taxOptions = taxCategories
    .filter((tax) => tax.enabled || tax.id === form.taxId)
    .map((tax) => ({ value: tax.id, label: `${tax.code} · ${percent(tax.percentage)}` }));
  const teamCategory = category?.group === "Team";

  const submit = () => {
    if (apply.isPending) return;
    if (!canSubmitCategory(form)) {
      setTouched(new Set(["title", "code"]));
      return;
    }
    const found = submitProblem(form);
    if (found) {
      setShowProblems(true);
      if (found.kind === "dimensionTitle") {
        showFailure(editing ? "update" : "create", t("accounting.panel.dimensionTitleRequired"));
      } else {
        showFailure("dimensionWithoutValues", found.title);
      }
      return;
    }
    apply.mutate(category ? editVariables(category.id, form) : createVariables(form), {
      onSuccess: () => {
        if (!editing) markCategoryCreated();
        onClose();
      },
    });
  };

  return (
    <SidePanel
      opened={opened}
      onClose={onClose}
      size="large"
      title={t(editing ? "accounting.panel.editTitle" : "accounting.panel.createTitle")}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        data-testid="category-form"
      >
        <Stack gap="md">
          <TextInput
            label={t("accounting.panel.title")}
            withAsterisk
            value={form.title}
            readOnly={teamCategory}
            description={teamCategory ? t("accounting.panel.teamTitleHint") : undefined}
            onChange={(event) => update({ title: event.currentTarget.value })}
            onBlur={touch("title")}
            error={problem("title")}
            data-testid="category-title-input"
          />
          <TextInput
            label={t("accounting.panel.code")}
            withAsterisk={!editing}
            readOnly={editing}
            variant={editing ? "filled" : "default"}
            description={t(editing ? "accounting.panel.codeFixedHint" : "accounting.panel.codeHint")}
            value={form.code}
            onChange={(event) => update({ code: event.currentTarget.value })}
            onBlur={touch("code")}
            error={editing ? undefined : problem("code")}
            data-testid="category-code-input"
          />
          <Select
            label={t("accounting.panel.tax")}
            placeholder={t("accounting.panel.noTax")}
            data={taxOptions}
            value={form.taxId}
            onChange={(taxId) => update({ taxId })}
            clearable
            allowDeselect
            comboboxProps={{ withinPortal: false }}
            data-testid="category-tax-select"
          />
          <Divider
            label={
              max === null
                ? t("accounting.panel.dimensionsUnlimited", { count: form.dimensions.length })
                : t("accounting.panel.dimensionsOfMax", { count: form.dimensions.length, max })
            }
            labelPosition="left"
          />
          {form.dimensions.map((dimension, index) => (
            <DimensionEditor
              key={dimension.key}
              dimension={dimension}
              index={index}
              onChange={(next) => setDimension(index, next)}
              onRemove={() => removeDimension(index)}
              showProblems={showProblems}
            />
          ))}
          <Group gap="sm" align="flex-end">
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              disabled={!canAdd}
              onClick={() => update({ dimensions: [...form.dimensions, newDimension()] })}
              data-testid="add-dimension"
            >
              {t("accounting.panel.addDimension")}
            </Button>
            {existingOptions.length > 0 && (
              <Select
                flex={1}
                placeholder={t("accounting.panel.addExisting")}
                aria-label={t("accounting.panel.addExisting")}
                data={existingOptions}
                value={null}
                disabled={!canAdd}
                searchable
                comboboxProps={{ withinPortal: false }}
                onChange={(id) => {
                  const picked = dimensions.find((dimension) => dimension.id === id);
                  if (picked) update({ dimensions: [...form.dimensions, draftOf(picked)] });
                }}
                data-testid="add-existing-dimension"
              />
            )}
          </Group>
          {!canAdd && max !== null && (
            <Text size="sm" c="dimmed" data-testid="dimension-limit-note">
              {t("accounting.panel.limitReached", { max })}
            </Text>
          )}
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose}>
              {t("accounting.panel.cancel")}
            </Button>
            <Button type="submit" loading={apply.isPending} data-testid="category-submit">
              {t(editing ? "accounting.panel.save" : "accounting.panel.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </SidePanel>
  );
}
