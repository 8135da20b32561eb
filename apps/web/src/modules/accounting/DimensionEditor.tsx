import { ActionIcon, Group, Paper, Stack, TextInput, Tooltip } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { DimensionDraft } from "./category-form.ts";
import { ValuesEditor } from "./ValuesEditor.tsx";

export type DimensionEditorProps = {
  dimension: DimensionDraft;
  index: number;
  onChange: (dimension: DimensionDraft) => void;
  onRemove?: () => void;
  /** After a refused submission: the blank title or the missing values are pointed out. */
  showProblems: boolean;
};

/** One dimension of the category panel: its title, its values, and a way to take it off the category. */
export function DimensionEditor({ dimension, index, onChange, onRemove, showProblems }: DimensionEditorProps) {
  const { t } = useTranslation();
  const blankTitle = showProblems && dimension.title.trim() === "";
  const noValues = showProblems && dimension.values.length === 0;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="dimension-editor" data-dimension-title={dimension.title}>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            flex={1}
            size="sm"
            label={t("accounting.panel.dimensionTitle")}
            withAsterisk
            value={dimension.title}
            onChange={(event) => onChange({ ...dimension, title: event.currentTarget.value })}
            error={blankTitle ? t("accounting.panel.dimensionTitleRequired") : undefined}
            data-testid={`dimension-${index}-title`}
          />
          {onRemove && (
            <Tooltip label={t("accounting.panel.removeDimension")}>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                onClick={onRemove}
                aria-label={t("accounting.panel.removeDimension")}
                data-testid={`dimension-${index}-remove`}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        <ValuesEditor
          dimension={dimension}
          index={index}
          onChange={onChange}
          error={noValues ? t("errors.DIMENSION_WITHOUT_VALUES") : undefined}
        />
      </Stack>
    </Paper>
  );
}
