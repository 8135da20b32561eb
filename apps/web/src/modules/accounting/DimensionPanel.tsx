import { Button, Group, Stack } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { SidePanel } from "../../ui/side-panel/SidePanel.tsx";
import { CREATE_DIMENSION_MUTATION, type Dimension, PATCH_DIMENSION_MUTATION } from "./accounting.graphql.ts";
import { CATEGORY_PANEL_RESET_MS } from "./CategoryPanel.tsx";
import { type DimensionDraft, draftOf, newDimension } from "./category-form.ts";
import { DimensionEditor } from "./DimensionEditor.tsx";
import { useAccountingFailure, useAccountingMutation } from "./useAccountingMutation.ts";

export type DimensionPanelProps = { opened: boolean; onClose: () => void; dimension: Dimension | null };

const valuesOf = (draft: DimensionDraft) =>
  draft.values.map((value) => ({ ...(value.id ? { id: value.id } : {}), title: value.title, code: value.code }));

/** A dimension on its own (spec 7: category group create and patch): its title and its values. */
export function DimensionPanel({ opened, onClose, dimension }: DimensionPanelProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DimensionDraft>(newDimension);
  const [showProblems, setShowProblems] = useState(false);
  const showFailure = useAccountingFailure();
  const create = useAccountingMutation(CREATE_DIMENSION_MUTATION, "dimensionCreate", (variables) =>
    t("accounting.toast.dimensionCreated", { name: variables.title ?? "" }),
  );
  const patch = useAccountingMutation(PATCH_DIMENSION_MUTATION, "dimensionUpdate", (variables) =>
    t("accounting.toast.dimensionUpdated", { name: variables.title ?? "" }),
  );

  useEffect(() => {
    if (opened) setDraft(dimension ? draftOf(dimension) : newDimension());
  }, [opened, dimension]);
  useEffect(() => {
    if (opened) return;
    const timer = setTimeout(() => setShowProblems(false), CATEGORY_PANEL_RESET_MS);
    return () => clearTimeout(timer);
  }, [opened]);

  const submit = () => {
    const title = draft.title.trim();
    if (title === "" || draft.values.length === 0) {
      setShowProblems(true);
      if (title !== "") showFailure("dimensionWithoutValues", title);
      return;
    }
    const done = { onSuccess: onClose };
    if (dimension) patch.mutate({ id: dimension.id, title, values: valuesOf(draft) }, done);
    else create.mutate({ title, values: valuesOf(draft) }, done);
  };

  return (
    <SidePanel
      opened={opened}
      onClose={onClose}
      size="medium"
      title={t(dimension ? "accounting.dimensions.editTitle" : "accounting.dimensions.createTitle")}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        data-testid="dimension-form"
      >
        <Stack gap="md">
          <DimensionEditor dimension={draft} index={0} onChange={setDraft} showProblems={showProblems} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("accounting.panel.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending || patch.isPending} data-testid="dimension-submit">
              {t(dimension ? "accounting.panel.save" : "accounting.dimensions.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </SidePanel>
  );
}
