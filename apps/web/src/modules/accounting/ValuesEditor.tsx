import { valueChipText } from "@kort/core";
import { ActionIcon, Group, Pill, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { IconCheck, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { addValue, type DimensionDraft, removeValue, renameValue } from "./category-form.ts";

export type ValuesEditorProps = {
  dimension: DimensionDraft;
  onChange: (dimension: DimensionDraft) => void;
  /** For test ids: the dimension's place in the panel. */
  index: number;
  error?: string | undefined;
};

/**
 * A dimension's values as chips (spec 5: cut at 50 characters, the whole value on hover). Typing and Enter adds a
 * value (trimmed); clicking a chip puts it in the field to rename it; a chip's cross removes it.
 */
export function ValuesEditor({ dimension, onChange, index, error }: ValuesEditorProps) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [renaming, setRenaming] = useState<string | null>(null);

  const commit = () => {
    if (renaming) onChange(renameValue(dimension, renaming, text));
    else onChange(addValue(dimension, text));
    setText("");
    setRenaming(null);
  };

  return (
    <Stack gap={6}>
      {dimension.values.length > 0 && (
        <Pill.Group data-testid={`dimension-${index}-values`}>
          {dimension.values.map((value) => (
            <Pill
              key={value.key}
              withRemoveButton
              onRemove={() => onChange(removeValue(dimension, value.key))}
              removeButtonProps={{ "aria-label": t("accounting.panel.removeValue", { value: value.title }) }}
              title={value.title}
              onClick={() => {
                setRenaming(value.key);
                setText(value.title);
              }}
              style={{ cursor: "pointer" }}
              bg={renaming === value.key ? "blue.1" : undefined}
              data-testid="dimension-value-chip"
              data-value={value.title}
            >
              {valueChipText(value.title)}
            </Pill>
          ))}
        </Pill.Group>
      )}
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <TextInput
          flex={1}
          size="xs"
          placeholder={t(renaming ? "accounting.panel.renameValue" : "accounting.panel.addValue")}
          aria-label={t(renaming ? "accounting.panel.renameValue" : "accounting.panel.addValue")}
          value={text}
          error={error}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              commit();
            }
            if (event.key === "Escape" && renaming) {
              event.preventDefault();
              setRenaming(null);
              setText("");
            }
          }}
          data-testid={`dimension-${index}-value-input`}
        />
        <Tooltip label={t(renaming ? "accounting.panel.renameValue" : "accounting.panel.addValue")}>
          <ActionIcon
            variant="light"
            size="md"
            onClick={commit}
            disabled={text.trim() === ""}
            aria-label={t(renaming ? "accounting.panel.renameValue" : "accounting.panel.addValue")}
            data-testid={`dimension-${index}-value-add`}
          >
            {renaming ? <IconCheck size={16} /> : <IconPlus size={16} />}
          </ActionIcon>
        </Tooltip>
      </Group>
      <Text size="xs" c="dimmed">
        {t("accounting.panel.valuesHint")}
      </Text>
    </Stack>
  );
}
